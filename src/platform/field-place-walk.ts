/**
 * Walks the catalogue of field places (field-places.ts) over a settings endpoint's body: every
 * field a body names, where, and through which place; and the body with fields renamed. Query
 * strings and formulas are read by the caller's parsers (this folder imports nothing: the query
 * parser is src/query/, the formula tokenizer the local service's).
 */
import { FIELD_PLACES, type FieldPlace } from './field-places.js';
import type { SettingsKey } from './settings-catalogue.js';

export type PlacePathStep = string | number;

/** The codes a filter, a sort or a formula names, in order, each once. */
export type TextReaders = Readonly<
  Record<'filter' | 'sort' | 'formula', (text: string) => readonly string[]>
>;

/** A filter, a sort or a formula with fields renamed (codes not in `renames` stay). */
export type TextRewriters = Readonly<
  Record<'filter' | 'sort' | 'formula', (text: string, renames: ReadonlyMap<string, string>) => string>
>;

export interface FieldReference {
  readonly place: FieldPlace;
  readonly code: string;
  /** From the body to the code (an entity's `code`; a query string or formula for text places). */
  readonly path: readonly PlacePathStep[];
  /** The object the value is a key of (an aggregation, a mapping, a target). */
  readonly parent: Readonly<Record<string, unknown>>;
  /** The item the place is part of (a view, a rule), and its path from the body. */
  readonly item: Readonly<Record<string, unknown>>;
  readonly itemPath: readonly PlacePathStep[];
  /** For a place naming another app's field: the item's reference to that app (`{app}`, `{code}`). */
  readonly app?: unknown;
}

type Step = { readonly key: string } | { readonly every: 'entry' | 'item' };

function parse(path: string): Step[] {
  if (path === '') return [];
  return path.split('.').flatMap((part): Step[] => {
    if (part === '*') return [{ every: 'entry' }];
    if (!part.endsWith('[*]')) return [{ key: part }];
    const key = part.slice(0, -'[*]'.length);
    return key === '' ? [{ every: 'item' }] : [{ key }, { every: 'item' }];
  });
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

interface Found {
  value: unknown;
  path: PlacePathStep[];
  parent: Record<string, unknown>;
}

function walk(
  value: unknown,
  steps: readonly Step[],
  path: PlacePathStep[],
  parent: Found['parent'],
): Found[] {
  const [step, ...rest] = steps;
  if (step === undefined) return [{ value, path, parent }];
  if ('key' in step) {
    if (!isRecord(value) || value[step.key] === undefined) return [];
    return walk(value[step.key], rest, [...path, step.key], value);
  }
  if (step.every === 'item')
    return Array.isArray(value) ? value.flatMap((v, i) => walk(v, rest, [...path, i], parent)) : [];
  return isRecord(value) ? Object.entries(value).flatMap(([k, v]) => walk(v, rest, [...path, k], value)) : [];
}

function codesAt(place: FieldPlace, value: unknown, readers: TextReaders): readonly string[] {
  switch (place.kind) {
    case 'code':
      return typeof value === 'string' ? [value] : [];
    case 'entity':
      return isRecord(value) && value.type === 'FIELD_ENTITY' && typeof value.code === 'string'
        ? [value.code]
        : [];
    case 'filter':
    case 'sort':
    case 'formula':
      return typeof value === 'string' && value.trim() !== '' ? readers[place.kind](value) : [];
    default: {
      const never: never = place.kind;
      return never;
    }
  }
}

/** The value at a dotted path of keys (`lookup.relatedApp`), or undefined. */
function valueAt(value: unknown, path: string): unknown {
  let out = value;
  for (const key of path.split('.')) out = isRecord(out) ? out[key] : undefined;
  return out;
}

/** The places of `key`, by item, in the catalogue's order. */
function itemsOf(key: SettingsKey): [string, FieldPlace[]][] {
  const items = new Map<string, FieldPlace[]>();
  for (const p of FIELD_PLACES) if (p.key === key) items.set(p.item, [...(items.get(p.item) ?? []), p]);
  return [...items];
}

/** The places inside `key`'s settings that name a field. */
export function fieldPlacesOf(key: SettingsKey): readonly FieldPlace[] {
  return FIELD_PLACES.filter((p) => p.key === key);
}

/**
 * Every field `body` (an endpoint's body as the REST API shapes it) names: item by item in the
 * body's order, each item's places in the catalogue's order. A FIELD_ENTITY's path ends in
 * `code`; a text place gives one reference per code its reader finds.
 */
export function fieldReferences(key: SettingsKey, body: unknown, readers: TextReaders): FieldReference[] {
  const found: FieldReference[] = [];
  for (const [item, places] of itemsOf(key))
    for (const at of walk(body, parse(item), [], {})) {
      if (!isRecord(at.value)) continue;
      for (const place of places)
        for (const v of walk(at.value, parse(place.at), at.path, at.value)) {
          const path = place.kind === 'entity' ? [...v.path, 'code'] : v.path;
          const parent = place.kind === 'entity' && isRecord(v.value) ? v.value : v.parent;
          const app = place.otherApp === undefined ? {} : { app: valueAt(at.value, place.otherApp) };
          for (const code of codesAt(place, v.value, readers))
            found.push({ place, code, path, parent, item: at.value, itemPath: at.path, ...app });
        }
    }
  return found;
}

/** `value` with the value at `steps` replaced by `change`'s answer; the same object where nothing changed. */
function rewrite(value: unknown, steps: readonly Step[], change: (value: unknown) => unknown): unknown {
  const [step, ...rest] = steps;
  if (step === undefined) return change(value);
  if ('key' in step) {
    if (!isRecord(value) || value[step.key] === undefined) return value;
    const inner = value[step.key];
    const next = rewrite(inner, rest, change);
    return next === inner ? value : { ...value, [step.key]: next };
  }
  if (step.every === 'item') {
    if (!Array.isArray(value)) return value;
    const next = value.map((v) => rewrite(v, rest, change));
    return next.every((v, i) => v === value[i]) ? value : next;
  }
  if (!isRecord(value)) return value;
  const next = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, rewrite(v, rest, change)]));
  return Object.keys(next).every((k) => next[k] === value[k]) ? value : next;
}

function renamed(
  place: FieldPlace,
  value: unknown,
  renames: ReadonlyMap<string, string>,
  rewriters: TextRewriters,
): unknown {
  switch (place.kind) {
    case 'code':
      return typeof value === 'string' ? (renames.get(value) ?? value) : value;
    case 'entity': {
      if (!isRecord(value) || value.type !== 'FIELD_ENTITY' || typeof value.code !== 'string') return value;
      const code = renames.get(value.code);
      return code === undefined ? value : { ...value, code };
    }
    case 'filter':
    case 'sort':
    case 'formula':
      return typeof value === 'string' ? rewriters[place.kind](value, renames) : value;
    default: {
      const never: never = place.kind;
      return never;
    }
  }
}

/**
 * `body` after fields were renamed (old code -> new). Without `otherApp`: fields of the body's
 * own app, and every place of `key` naming one follows; places naming another app's field (a
 * lookup's source, a copy action's destination) stay. With it: fields of another app, and the
 * places naming that app's fields follow where the item's reference to the app (`relatedApp`,
 * `destApp`) is one `otherApp` says is the renamed app. A copy where anything changed, `body`
 * itself where nothing did.
 */
export function renameFieldIn<T>(
  key: SettingsKey,
  body: T,
  renames: ReadonlyMap<string, string>,
  rewriters: TextRewriters,
  otherApp?: (ref: unknown) => boolean,
): T {
  if (renames.size === 0) return body;
  let out: unknown = body;
  for (const place of fieldPlacesOf(key)) {
    if ((place.otherApp === undefined) !== (otherApp === undefined)) continue;
    const at = parse(place.at);
    const change = (value: unknown) => renamed(place, value, renames, rewriters);
    out = rewrite(out, parse(place.item), (item) =>
      place.otherApp !== undefined && !otherApp!(valueAt(item, place.otherApp))
        ? item
        : rewrite(item, at, change),
    );
  }
  return out as T;
}

/**
 * Where the manifest holds an endpoint's content, as the endpoint's body: the part at the
 * catalogue's `manifest` path, under the body key. Per-record notifications are the one area whose
 * manifest part is already the body (`notifications.perRecord.notifications`, the manifest's
 * shape: project/manifest.ts), so it is taken as it is.
 */
export function manifestBody(
  entry: { readonly key: SettingsKey; readonly manifest: readonly string[]; readonly bodyKey: string | null },
  manifest: unknown,
): unknown {
  let part: unknown = manifest;
  for (const key of entry.manifest) part = isRecord(part) ? part[key] : undefined;
  if (part === undefined) return undefined;
  return entry.bodyKey === null || entry.key === 'notificationsPerRecord' ? part : { [entry.bodyKey]: part };
}
