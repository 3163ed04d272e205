/**
 * A small language for the shape of a JSON answer, and the check of an answer against one: every
 * key the shape names must be there (unless optional), no other key may be, and each value must be
 * of its kind. Kinds tell strings that carry numbers (ids, revisions, indexes: the platform sends
 * every number as a string) from other strings. The shapes themselves are in official-answers.ts,
 * read from the official client's response types.
 */

export type Shape =
  | { readonly kind: 'string' | 'numeric' | 'boolean' | 'null' | 'any' }
  | { readonly kind: 'enum'; readonly values: readonly string[] }
  | {
      readonly kind: 'object';
      readonly keys: Readonly<Record<string, Shape>>;
      readonly optional: ReadonlySet<string>;
    }
  | { readonly kind: 'array' | 'map'; readonly item: Shape }
  | { readonly kind: 'union'; readonly options: readonly Shape[] }
  | { readonly kind: 'tagged'; readonly tag: string; readonly byTag: Readonly<Record<string, Shape>> }
  | { readonly kind: 'ifKey'; readonly key: string; readonly withKey: Shape; readonly without: Shape };

export const str: Shape = { kind: 'string' };
/** A string holding an integer: `"12"`, `"-1"`. */
export const numeric: Shape = { kind: 'numeric' };
export const bool: Shape = { kind: 'boolean' };
export const nil: Shape = { kind: 'null' };
export const anyValue: Shape = { kind: 'any' };
export const oneOf = (...values: string[]): Shape => ({ kind: 'enum', values });
export const arrayOf = (item: Shape): Shape => ({ kind: 'array', item });
/** An object whose keys are names chosen by the caller (field codes, view names). */
export const mapOf = (item: Shape): Shape => ({ kind: 'map', item });
export const either = (...options: Shape[]): Shape => ({ kind: 'union', options });
export const nullable = (shape: Shape): Shape => either(shape, nil);

const OPTIONAL = Symbol('optional');
type Key = Shape | { readonly [OPTIONAL]: Shape };
/** A key that may be left out. */
export const opt = (shape: Shape): Key => ({ [OPTIONAL]: shape });

/** An object with exactly these keys (those wrapped in `opt` may be absent). */
export function obj(keys: Readonly<Record<string, Key>>): Shape {
  const plain: Record<string, Shape> = {};
  const optional = new Set<string>();
  for (const [name, key] of Object.entries(keys)) {
    if (OPTIONAL in key) {
      plain[name] = key[OPTIONAL];
      optional.add(name);
    } else plain[name] = key;
  }
  return { kind: 'object', keys: plain, optional };
}

/** One shape per value of `tag` (a field's `type`, a view's `type`). */
export const tagged = (tag: string, byTag: Readonly<Record<string, Shape>>): Shape => ({
  kind: 'tagged',
  tag,
  byTag,
});

/** `withKey` where the value has `key`, `without` where it has not (a lookup field by its `lookup`). */
export const ifKey = (key: string, withKey: Shape, without: Shape): Shape => ({
  kind: 'ifKey',
  key,
  withKey,
  without,
});

/** What one check found: every place the answer differs from its shape, and how many values it read. */
export interface ShapeReport {
  readonly problems: string[];
  readonly checked: number;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

/** Every difference between `value` and `shape`, each as `path: what`. */
export function checkShape(value: unknown, shape: Shape, path = '$'): ShapeReport {
  const problems: string[] = [];
  let checked = 0;
  const visit = (v: unknown, s: Shape, at: string): void => {
    checked++;
    switch (s.kind) {
      case 'any':
        return;
      case 'string':
        if (typeof v !== 'string') problems.push(`${at}: ${kindOf(v)}, not a string`);
        return;
      case 'numeric':
        if (typeof v !== 'string' || !/^-?\d+$/.test(v))
          problems.push(`${at}: ${JSON.stringify(v)}, not a number in a string`);
        return;
      case 'boolean':
        if (typeof v !== 'boolean') problems.push(`${at}: ${kindOf(v)}, not a boolean`);
        return;
      case 'null':
        if (v !== null) problems.push(`${at}: ${kindOf(v)}, not null`);
        return;
      case 'enum':
        if (typeof v !== 'string' || !s.values.includes(v))
          problems.push(`${at}: ${JSON.stringify(v)}, not one of ${s.values.join('|')}`);
        return;
      case 'array':
        if (!Array.isArray(v)) problems.push(`${at}: ${kindOf(v)}, not an array`);
        else v.forEach((item, i) => visit(item, s.item, `${at}[${i}]`));
        return;
      case 'map':
        if (!isObject(v)) problems.push(`${at}: ${kindOf(v)}, not an object`);
        else for (const [k, item] of Object.entries(v)) visit(item, s.item, `${at}.${k}`);
        return;
      case 'object':
        if (!isObject(v)) {
          problems.push(`${at}: ${kindOf(v)}, not an object`);
          return;
        }
        for (const [k, inner] of Object.entries(s.keys)) {
          if (k in v) visit(v[k], inner, `${at}.${k}`);
          else if (!s.optional.has(k)) problems.push(`${at}: no key ${k}`);
        }
        for (const k of Object.keys(v)) if (!(k in s.keys)) problems.push(`${at}: unexpected key ${k}`);
        return;
      case 'tagged': {
        const tag = isObject(v) ? v[s.tag] : undefined;
        const inner = typeof tag === 'string' ? s.byTag[tag] : undefined;
        if (inner) visit(v, inner, at);
        else
          problems.push(
            `${at}: ${s.tag} ${JSON.stringify(tag)} is none of ${Object.keys(s.byTag).join('|')}`,
          );
        return;
      }
      case 'ifKey':
        visit(v, isObject(v) && s.key in v ? s.withKey : s.without, at);
        return;
      case 'union': {
        const reports = s.options.map((o) => checkShape(v, o, at));
        const best = reports.reduce((a, b) => (b.problems.length < a.problems.length ? b : a));
        checked += best.checked;
        problems.push(...best.problems);
        return;
      }
    }
  };
  visit(value, shape, path);
  return { problems, checked };
}
