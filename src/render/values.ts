/**
 * How names, paths and values read in a rendered plan: JSON-ish like Terraform's plan output, so
 * that a string is always quoted (an empty string stays visible, `"0"` is not mistaken for 0) and
 * a name needs quotes only when it could not be read back unambiguously.
 */
import type { ChangePath, Json } from '../plan/types.js';

/** Letters of any script, digits and `_`: field codes like `顧客名` read fine without quotes. */
const IDENTIFIER = /^[\p{L}_][\p{L}\p{N}_]*$/u;

/** A name as a path segment or object key: bare when it is an identifier, quoted otherwise. */
export function formatName(name: string): string {
  return IDENTIFIER.test(name) ? name : JSON.stringify(name);
}

/** `amount`, `states."On hold"`, `[2]`, `actions[3].name`; `prefix` is the area key, if any. */
export function formatPath(path: ChangePath, prefix?: string): string {
  let out = prefix ?? '';
  for (const segment of path) {
    if (typeof segment === 'number') out += `[${segment}]`;
    else out += (out === '' ? '' : '.') + formatName(segment);
  }
  return out;
}

/** One value on one line: `"x"`, `12`, `["a", "b"]`, `{ type: "GROUP", code: "sales" }`. */
export function inlineValue(value: Json): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return value.length === 0 ? '[]' : `[${value.map(inlineValue).join(', ')}]`;
  const entries = Object.entries(value);
  if (entries.length === 0) return '{}';
  return `{ ${entries.map(([key, item]) => `${formatName(key)}: ${inlineValue(item)}`).join(', ')} }`;
}

/** A non-empty object or array: the values that may be shown across several lines. */
export function isContainer(value: Json): value is Json[] | { [key: string]: Json } {
  return value !== null && typeof value === 'object';
}

// Counts are worded once, in the leaf every layer may import (apply's reasons word them too).
export { plural, thousands } from '../wording.js';
