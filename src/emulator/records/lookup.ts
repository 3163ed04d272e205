import { ApiError } from '../errors.js';
import { APPS_TABLE, recordsTable, type AppDoc, type Json, type JsonObject } from '../model/app.js';
import { isEmptyValue, text, typeOf, type FieldValue, type StoredRecord } from './model.js';
import type { WriteEnv } from './compose.js';
import { SELECTION_FIELD_TYPES } from '../../platform/index.js';

/** Types whose value is a list, and those whose empty value is null (platform-facts, value shapes). */
const LIST_TYPES = new Set<string>(['CHECK_BOX', 'MULTI_SELECT', 'FILE', ...SELECTION_FIELD_TYPES]);
const NULLABLE_TYPES = new Set(['DROP_DOWN', 'DATE', 'TIME']);
const NUMERIC_TYPES = new Set(['NUMBER', 'RECORD_NUMBER', '__ID__']);

function emptyValue(type: string): Json {
  if (LIST_TYPES.has(type)) return [];
  return NULLABLE_TYPES.has(type) ? null : '';
}

function isObject(value: Json | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The related app of a lookup (`{app}` or `{code}`), when it exists and is live. */
function relatedApp(env: WriteEnv, ref: Json | undefined): AppDoc | undefined {
  if (!isObject(ref)) return undefined;
  const apps = env.ctx.store.table<AppDoc>(APPS_TABLE);
  const id = text(ref.app).trim();
  const app =
    id !== '' ? apps.get(id) : [...apps.values()].find((a) => a.code !== '' && a.code === text(ref.code));
  return app?.live ? app : undefined;
}

/** The related app's record whose `relatedKeyField` holds the key (numbers compared as numbers). */
function findMatch(env: WriteEnv, lookup: JsonObject, key: Json): StoredRecord | undefined {
  const app = relatedApp(env, lookup.relatedApp);
  const keyField = text(lookup.relatedKeyField);
  const keyDef = app?.live?.properties[keyField];
  if (!app || !keyDef) return undefined;
  const numeric = NUMERIC_TYPES.has(typeOf(keyDef));
  const wanted = text(key);
  const same = (value: Json | undefined): boolean =>
    numeric ? text(value) !== '' && Number(text(value)) === Number(wanted) : text(value) === wanted;
  const records = env.ctx.store.table<StoredRecord>(recordsTable(app.id));
  for (const record of records.values()) if (same(record[keyField]?.value)) return record;
  return undefined;
}

/**
 * Runs the lookups of the named fields as the hosted platform does on add and update
 * (platform-facts-verified, Lookups): the key is searched in the related app's live records, and
 * the fields of `fieldMappings` take the matching record's values (whatever the request sent for
 * them); an empty key empties them; no match is 400 GAIA_LO04. A snapshot: later changes in the
 * related app are not copied. Inside a table, compose.ts calls it per row with the table's fields.
 */
export function runLookups(record: Record<string, FieldValue>, codes: Iterable<string>, env: WriteEnv): void {
  for (const code of codes) {
    const lookup = env.fields[code]?.lookup;
    if (!isObject(lookup)) continue;
    const key = record[code]?.value;
    const match = isEmptyValue(key) ? undefined : findMatch(env, lookup, key!);
    if (!isEmptyValue(key) && !match)
      throw new ApiError(
        400,
        'GAIA_LO04',
        `A value ${text(key)} in the field ${code} does not exist in the datasource app for lookup, or you do not have permission to view the app or the field.`,
      );
    const mappings = Array.isArray(lookup.fieldMappings) ? lookup.fieldMappings : [];
    for (const mapping of mappings) {
      if (!isObject(mapping)) continue;
      const target = env.fields[text(mapping.field)];
      if (!target) continue;
      const type = typeOf(target);
      const value = match ? (match[text(mapping.relatedField)]?.value ?? emptyValue(type)) : emptyValue(type);
      record[text(mapping.field)] = { type, value };
    }
  }
}
