import { renameInFilter, renameInFormula, renameInSort, type Renames } from './text.js';
import type { Json, JsonObject } from '../app.js';

/** One step of a rewrite: a stored value in, the value with renamed fields out. */
export type Edit = (value: Json) => Json;

export function isObject(value: Json | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The object with `key` rewritten, when it has that key (absent keys stay absent). */
export function edit(object: JsonObject, key: string, change: Edit): JsonObject {
  return key in object ? { ...object, [key]: change(object[key]!) } : object;
}

/** Applies `change` to an object value; anything else stays. */
export const inObject =
  (change: (object: JsonObject) => JsonObject): Edit =>
  (value) =>
    isObject(value) ? change(value) : value;

/** Applies `change` to each object of a list; anything else stays. */
export const eachObject =
  (change: (object: JsonObject) => JsonObject): Edit =>
  (value) =>
    Array.isArray(value) ? value.map((item) => (isObject(item) ? change(item) : item)) : value;

/** Each value of a map of objects (views by name, states by name). */
export function eachValue<T extends JsonObject>(
  items: Record<string, T>,
  change: (item: T) => JsonObject,
): Record<string, JsonObject> {
  return Object.fromEntries(Object.entries(items).map(([name, item]) => [name, change(item)]));
}

/** The edits every rewrite needs, bound to one set of renames. */
export function editsFor(renames: Renames) {
  const code: Edit = (value) => (typeof value === 'string' ? (renames.get(value) ?? value) : value);
  const codes: Edit = (value) => (Array.isArray(value) ? value.map(code) : value);
  const filter: Edit = (value) => (typeof value === 'string' ? renameInFilter(value, renames) : value);
  const sort: Edit = (value) => (typeof value === 'string' ? renameInSort(value, renames) : value);
  const formula: Edit = (value) => (typeof value === 'string' ? renameInFormula(value, renames) : value);
  /** An entity `{type, code}`: only a FIELD_ENTITY names a field (a user-selection field). */
  const entity = inObject((e) => (e.type === 'FIELD_ENTITY' ? edit(e, 'code', code) : e));
  /** A list of `{entity, ...}` items (ACL rules, notification targets, assignees). */
  const entities = eachObject((item) => edit(item, 'entity', entity));
  return { code, codes, filter, sort, formula, entity, entities };
}
