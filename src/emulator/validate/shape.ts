import { textLength } from '../../platform/index.js';
import type { Problems } from '../errors.js';
import type { FieldMap } from '../../query/index.js';
import type { JsonObject } from '../model/app.js';

/**
 * What a settings body is checked against: the app's fields (code -> type, subtable fields
 * included, each also listed under `inTable`), and the collector of problems keyed by parameter
 * path. `otherApp` answers the fields of another app (copy actions' destination), or undefined;
 * `relatedApp` what a lookup or related-records table may name there: its live form only.
 */
export interface CheckContext {
  readonly problems: Problems;
  readonly fields: ReadonlyMap<string, string>;
  /** Field code -> the SUBTABLE holding it. */
  readonly inTable: ReadonlyMap<string, string>;
  /** The same fields as the query language's type check reads them (types, options, tables). */
  readonly queryFields: FieldMap;
  readonly otherApp: (app: unknown, code: unknown) => ReadonlyMap<string, string> | undefined;
  readonly relatedApp: (app: unknown, code: unknown) => RelatedApp;
  /** The caller's dialect, where a name in the body depends on it (a field ACL rule's field). */
  readonly dialect?: 'kintone' | 'service';
}

/**
 * Another app as a lookup or related-records table sees it: absent, never deployed, or its live
 * form (`draft` holds the draft's fields too, to say a field is not live yet rather than unknown).
 */
export type RelatedApp =
  | { kind: 'missing' }
  | { kind: 'not-deployed'; id: string }
  | {
      kind: 'live';
      id: string;
      properties: Readonly<Record<string, JsonObject>>;
      draft: ReadonlySet<string>;
    };

/**
 * A shape checks one value at `path` and returns it normalized (numbers as the service's
 * strings); on a problem it records it and returns undefined. Shapes are plain functions, so an
 * area's shape reads as a table of its keys.
 */
export type Shape = (value: unknown, path: string, ctx: CheckContext) => unknown;

export const join = (path: string, key: string): string => (path ? `${path}.${key}` : key);

export function fail(ctx: CheckContext, path: string, message: string): undefined {
  ctx.problems.add(path, message);
  return undefined;
}

export function str(options: { max?: number; oneOf?: readonly string[] } = {}): Shape {
  return (value, path, ctx) => {
    if (typeof value !== 'string') return fail(ctx, path, 'Enter a string.');
    // Counted as every side counts a limit (platform/text-length.ts): an emoji is one character.
    if (options.max !== undefined && textLength(value) > options.max)
      return fail(ctx, path, `Enter ${options.max} characters or fewer.`);
    if (options.oneOf && !options.oneOf.includes(value))
      return fail(ctx, path, `Enter one of ${options.oneOf.join(', ')}.`);
    return value;
  };
}

export function bool(): Shape {
  return (value, path, ctx) => {
    if (value === true || value === 'true') return true;
    if (value === false || value === 'false') return false;
    return fail(ctx, path, 'Enter true or false.');
  };
}

/** A number sent as a JSON number or a numeric string; the service answers it as a string. */
export function num(options: { integer?: boolean; min?: number; emptyOk?: boolean } = {}): Shape {
  return (value, path, ctx) => {
    if (options.emptyOk && value === '') return '';
    const n =
      typeof value === 'number'
        ? value
        : typeof value === 'string' && value.trim() !== ''
          ? Number(value)
          : NaN;
    if (!Number.isFinite(n) || (options.integer && !Number.isInteger(n)))
      return fail(ctx, path, options.integer ? 'Enter an integer.' : 'Enter a number.');
    if (options.min !== undefined && n < options.min)
      return fail(ctx, path, `Enter a value of ${options.min} or more.`);
    return String(n);
  };
}

export const int = (min?: number): Shape => num({ integer: true, ...(min !== undefined ? { min } : {}) });

export function nullable(shape: Shape): Shape {
  return (value, path, ctx) => (value === null ? null : shape(value, path, ctx));
}

/** Anything JSON (shapes the platform leaves open, such as a periodic report). */
export const anyJson: Shape = (value) => value;

/** An id the service assigns: accepted back as a GET showed it (or as a number), then replaced. */
export const assignedId: Shape = (value, path, ctx) =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : str()(value, path, ctx);

/**
 * A closed object: keys outside `props` are refused, `required` keys must be present. Absent
 * optional keys stay absent. `open: true` keeps unknown keys as they are (for pass-through parts).
 */
export function obj(
  props: Record<string, Shape>,
  options: {
    required?: readonly string[];
    open?: boolean;
    /** What a key left out is stored as (the platform answers it so). */
    defaults?: Readonly<Record<string, unknown>>;
  } = {},
): Shape {
  return (value, path, ctx) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value))
      return fail(ctx, path, 'Enter an object.');
    const input = value as Record<string, unknown>;
    // A copy per object: a default list is never shared between two stored items.
    const out: Record<string, unknown> = options.defaults ? structuredClone({ ...options.defaults }) : {};
    for (const key of options.required ?? [])
      if (input[key] === undefined) ctx.problems.add(join(path, key), 'Required field.');
    for (const [key, item] of Object.entries(input)) {
      const shape = Object.hasOwn(props, key) ? props[key] : undefined;
      if (shape) {
        if (item !== undefined) out[key] = shape(item, join(path, key), ctx);
      } else if (options.open) out[key] = item;
      else ctx.problems.add(join(path, key), 'Unknown property.');
    }
    return out;
  };
}

/** A map of names to values; `value(name)` gives the shape of each entry. */
export function map(value: (name: string) => Shape): Shape {
  return (input, path, ctx) => {
    if (typeof input !== 'object' || input === null || Array.isArray(input))
      return fail(ctx, path, 'Enter an object.');
    const out: Record<string, unknown> = {};
    for (const [name, item] of Object.entries(input as Record<string, unknown>))
      out[name] = value(name)(item, join(path, name), ctx);
    return out;
  };
}

export function arr(item: Shape, options: { max?: number } = {}): Shape {
  return (value, path, ctx) => {
    if (!Array.isArray(value)) return fail(ctx, path, 'Enter an array.');
    if (options.max !== undefined && value.length > options.max)
      return fail(ctx, path, `Enter ${options.max} items or fewer.`);
    return value.map((v, i) => item(v, `${path}[${i}]`, ctx));
  };
}

/** A field code of this app, optionally of one of `types`. */
export function field(types?: readonly string[]): Shape {
  return (value, path, ctx) => {
    if (typeof value !== 'string') return fail(ctx, path, 'Enter a field code.');
    const type = ctx.fields.get(value);
    if (type === undefined) return fail(ctx, path, `The field "${value}" does not exist in the app.`);
    if (types && !types.includes(type))
      return fail(ctx, path, `The field "${value}" is ${type}; enter a field of type ${types.join(', ')}.`);
    return value;
  };
}

/** Chooses the shape from the value itself (a field definition by its `type`, an entity by its kind). */
export function byValue(
  choose: (value: unknown, path: string, ctx: CheckContext) => Shape | undefined,
): Shape {
  return (value, path, ctx) => {
    const shape = choose(value, path, ctx);
    return shape ? shape(value, path, ctx) : undefined;
  };
}
