/**
 * Writes an exported manifest the way people write them by hand, where that says the same
 * thing: `type` and `label` first in an item, numbers as numbers (`maxLength: 12`, not '12'),
 * options in index order without their `index`, no `code: null`. The areas render the service's
 * shapes faithfully; each rewrite here is kept only when every area reads the result back to the
 * same canonical value, so tidying never changes what the manifest says.
 */
import type { ResolveContext } from '../areas/types.js';
import type { AppManifest } from '../project/manifest.js';
import { schemaValidator } from '../project/schema-validators.js';
import type { AreaPart } from './build-manifest.js';

type Obj = Record<string, unknown>;

const LEADING_KEYS = ['type', 'label'];
const NUMBER = /^(0|-?[1-9]\d{0,14})(\.\d*[1-9])?$/;

export function tidyManifest(manifest: Obj, parts: readonly AreaPart[], ctx: ResolveContext): Obj {
  const out: Obj = { ...manifest };
  for (const key of Object.keys(out)) {
    const owners = parts.filter(({ part }) => key in part);
    if (owners.length === 0) continue;
    const canonical = (value: unknown): string => {
      const candidate = { ...out, [key]: value } as unknown as AppManifest;
      try {
        return JSON.stringify(owners.map(({ area }) => area.fromManifest(candidate, ctx) ?? null));
      } catch (error) {
        return `error: ${(error as Error).message}`;
      }
    };
    const base = canonical(out[key]);
    const keep = (value: unknown): boolean => canonical(value) === base;
    let value = out[key];
    for (const rewrite of [leadingKeys, withoutNulls, byIndex, withoutIndex]) {
      const next = rewrite(value);
      if (keep(next)) value = next;
    }
    const numbers = schemaTakesNumbers(out, key, value, numericLeaves(value));
    const all = setLeaves(value, numbers);
    if (keep(all)) value = all;
    else for (const leaf of numbers) if (keep(setLeaves(value, [leaf]))) value = setLeaves(value, [leaf]);
    out[key] = value;
  }
  return out;
}

function mapDeep(value: unknown, fn: (o: Obj) => Obj): unknown {
  if (Array.isArray(value)) return value.map((v) => mapDeep(v, fn));
  if (!isObject(value)) return value;
  const inner: Obj = {};
  for (const [k, v] of Object.entries(value)) inner[k] = mapDeep(v, fn);
  return fn(inner);
}

/** An item (an object with a `type`) starts with `type`, then `label`. */
function leadingKeys(value: unknown): unknown {
  return mapDeep(value, (o) => {
    if (typeof o.type !== 'string') return o;
    const out: Obj = {};
    for (const k of LEADING_KEYS) if (k in o) out[k] = o[k];
    for (const [k, v] of Object.entries(o)) if (!(k in out)) out[k] = v;
    return out;
  });
}

function withoutNulls(value: unknown): unknown {
  return mapDeep(value, (o) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== null)));
}

/** A map of items that all have an `index` (options), in index order. */
function byIndex(value: unknown): unknown {
  return mapDeep(value, (o) => {
    const entries = Object.entries(o);
    if (!indexed(entries)) return o;
    return Object.fromEntries(
      entries.sort(([, a], [, b]) => Number((a as Obj).index) - Number((b as Obj).index)),
    );
  });
}

/** The same map without the `index`es, which then default to the map's order. */
function withoutIndex(value: unknown): unknown {
  return mapDeep(value, (o) => {
    const entries = Object.entries(o);
    if (!indexed(entries)) return o;
    return Object.fromEntries(
      entries.map(([k, v]) => [
        k,
        Object.fromEntries(Object.entries(v as Obj).filter(([key]) => key !== 'index')),
      ]),
    );
  });
}

function indexed(entries: [string, unknown][]): boolean {
  return (
    entries.length > 0 &&
    entries.every(([, v]) => isObject(v) && (typeof v.index === 'string' || typeof v.index === 'number'))
  );
}

type Leaf = (string | number)[];

/** Paths of the strings that are plain decimal numbers. */
function numericLeaves(value: unknown, path: Leaf = [], out: Leaf[] = []): Leaf[] {
  if (typeof value === 'string' && NUMBER.test(value) && String(Number(value)) === value) out.push(path);
  else if (Array.isArray(value)) value.forEach((v, i) => numericLeaves(v, [...path, i], out));
  else if (isObject(value)) for (const [k, v] of Object.entries(value)) numericLeaves(v, [...path, k], out);
  return out;
}

/**
 * The leaves (under the top-level `key`) that the app schema takes as numbers: a text that looks
 * like one where the schema wants text (an option named "1231", a label "2024") stays text, or
 * validate would refuse the manifest export wrote. A leaf is dropped when turning the leaves into
 * numbers brings a schema error at it or above it, until none does.
 */
function schemaTakesNumbers(manifest: Obj, key: string, value: unknown, leaves: Leaf[]): Leaf[] {
  const validate = schemaValidator('app');
  const errorsWith = (candidate: unknown): Set<string> => {
    validate({ ...manifest, [key]: candidate });
    return new Set((validate.errors ?? []).map((e) => e.instancePath));
  };
  const before = errorsWith(value);
  let kept = leaves;
  for (;;) {
    const added = [...errorsWith(setLeaves(value, kept))].filter((path) => !before.has(path));
    const left = kept.filter((leaf) => {
      const at = pointer([key, ...leaf]);
      return !added.some((path) => at === path || at.startsWith(`${path}/`));
    });
    if (left.length === kept.length) return kept;
    kept = left;
  }
}

/** A JSON pointer, as ajv names where an error is. */
function pointer(path: Leaf): string {
  return path.map((s) => `/${String(s).replaceAll('~', '~0').replaceAll('/', '~1')}`).join('');
}

/** A copy with the strings at these paths turned into numbers. */
function setLeaves(value: unknown, leaves: readonly Leaf[], path: Leaf = []): unknown {
  if (typeof value === 'string')
    return leaves.some((l) => l.length === path.length && l.every((s, i) => s === path[i]))
      ? Number(value)
      : value;
  if (Array.isArray(value)) return value.map((v, i) => setLeaves(v, leaves, [...path, i]));
  if (!isObject(value)) return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, setLeaves(v, leaves, [...path, k])]));
}

function isObject(value: unknown): value is Obj {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
