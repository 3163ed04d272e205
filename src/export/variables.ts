/**
 * `${VAR}` and `$${` in manifests that export writes (src/project/env-vars.ts reads them):
 *
 * - a value from the service that holds `${` is written `$${`, which the loader reads back as a
 *   literal `${` (and `$$${` as `$${`: the loader takes `$${` first, left to right);
 * - an existing manifest is edited in its masked form (each reference replaced by private-use
 *   characters of the same length, as the loader does before parsing, which also lets YAML
 *   parse `{ label: ${X} }`); a value export leaves as it is keeps its references, and a value
 *   whose meaning did not change keeps its text even where a whole map around it is rewritten.
 */
import { expandPlaceholders, maskVariables, unmaskVariables, type Variables } from '../project/env-vars.js';

type Value = unknown;
type Obj = Record<string, Value>;

/** A value with every `${` in its strings (keys included) written `$${`. */
export function escapeVariables(value: Value): Value {
  // A replacer function: in a replacement string, `$$` would mean one `$`.
  if (typeof value === 'string') return value.replaceAll('${', () => '$${');
  if (Array.isArray(value)) return value.map(escapeVariables);
  if (isObject(value))
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [escapeVariables(k), escapeVariables(v)]),
    );
  return value;
}

export interface MaskedManifest {
  /** The text with each reference masked: same length, same offsets. */
  masked: string;
  /** Puts the references back into a masked text. */
  unmask(text: string): string;
  /** Expands the placeholders of a masked value with these variables (unset: default, else ''). */
  expand(value: Value, variables: Variables): Value;
}

export function maskManifest(text: string): MaskedManifest {
  const { text: masked, refs } = maskVariables(text);
  const expandString = (s: string, variables: Variables) => expandPlaceholders(s, refs, variables).value;
  const expand = (value: Value, variables: Variables): Value => {
    if (typeof value === 'string') return expandString(value, variables);
    if (Array.isArray(value)) return value.map((v) => expand(v, variables));
    if (isObject(value))
      return Object.fromEntries(
        Object.entries(value).map(([k, v]) => [expandString(k, variables), expand(v, variables)]),
      );
    return value;
  };
  return {
    masked,
    unmask: (out) => unmaskVariables(out, text, refs),
    expand,
  };
}

/**
 * A new value as it is to be written where `raw` (masked) and `expanded` (what it means) were:
 * a string that means what it meant keeps its text; anything new is escaped.
 */
export function writtenForm(value: Value, raw: Value, expanded: Value): Value {
  if (typeof value === 'string')
    return typeof raw === 'string' && expanded === value ? raw : escapeVariables(value);
  if (Array.isArray(value))
    return value.map((v, i) =>
      writtenForm(
        v,
        Array.isArray(raw) ? raw[i] : undefined,
        Array.isArray(expanded) ? expanded[i] : undefined,
      ),
    );
  if (isObject(value)) {
    const keys = keyPairs(raw, expanded);
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => {
        const rawKey = keys.get(k);
        return rawKey === undefined
          ? [escapeVariables(k) as string, writtenForm(v, undefined, undefined)]
          : [rawKey, writtenForm(v, (raw as Obj)[rawKey], (expanded as Obj)[k])];
      }),
    );
  }
  return value;
}

/** A path of the expanded manifest as the masked one spells it (keys may hold references). */
export function rawPath(
  path: readonly (string | number)[],
  raw: Value,
  expanded: Value,
): (string | number)[] {
  const out: (string | number)[] = [];
  for (const segment of path) {
    const rawKey = typeof segment === 'string' ? keyPairs(raw, expanded).get(segment) : undefined;
    const step = rawKey ?? segment;
    out.push(step);
    raw = (raw as Record<string | number, Value> | null | undefined)?.[step];
    expanded = (expanded as Record<string | number, Value> | null | undefined)?.[segment];
  }
  return out;
}

/** Expanded key -> masked key of two maps read from the same text (same keys, same order). */
function keyPairs(raw: Value, expanded: Value): Map<string, string> {
  if (!isObject(raw) || !isObject(expanded)) return new Map();
  const rawKeys = Object.keys(raw);
  const expandedKeys = Object.keys(expanded);
  if (rawKeys.length !== expandedKeys.length) return new Map();
  return new Map(expandedKeys.map((k, i) => [k, rawKeys[i]!]));
}

function isObject(value: Value): value is Obj {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
