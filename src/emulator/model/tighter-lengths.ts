import type { AppSettings, Json, JsonObject } from './app.js';
import { text, type StoredRecord } from '../records/model.js';
import { lengthBroken } from '../records/values.js';
import { tighterLengthBounds } from '../../platform/index.js';
import { liveCodeOf, type PendingRenames } from './renames/pending.js';
import { isObject } from './renames/json.js';

/**
 * Why a deploy of `draft` cannot go live over `records` for a length: a field whose draft
 * `minLength` or `maxLength` is tighter than its live one (or new) while a record's value breaks
 * it, as a write of that value would be refused. platform-facts-verified ("Required, unique,
 * lengths"): adding unique or a tighter length where existing records break it can make the
 * deploy fail. Table columns are checked in every row. Null when no record breaks one.
 */
export function lengthProblem(
  records: readonly StoredRecord[],
  draft: AppSettings,
  live: AppSettings,
  pending: PendingRenames,
): string | null {
  const liveOf = (code: string) => liveCodeOf(pending, live, code);
  for (const [code, field] of Object.entries(draft.properties)) {
    const liveCode = liveOf(code);
    if (liveCode === undefined) continue;
    if (field.type !== 'SUBTABLE') {
      const broken = firstBroken(field, liveField(live, liveCode), records, (r) => [r[liveCode]?.value]);
      if (broken) return `field "${code}": ${broken}`;
      continue;
    }
    for (const [inner, column] of Object.entries((field.fields ?? {}) as Record<string, JsonObject>)) {
      const liveInner = liveOf(inner);
      if (liveInner === undefined) continue;
      const cells = (r: StoredRecord): (Json | undefined)[] =>
        rowsOf(r[liveCode]?.value).map((row) => cellOf(row, liveInner));
      const broken = firstBroken(column, liveField(live, liveInner), records, cells);
      if (broken) return `field "${inner}" of table "${code}": ${broken}`;
    }
  }
  return null;
}

/** The first record value that breaks a tighter length of `field`, in words; undefined when none does. */
function firstBroken(
  field: JsonObject,
  before: JsonObject | undefined,
  records: readonly StoredRecord[],
  values: (record: StoredRecord) => (Json | undefined)[],
): string | undefined {
  if (!tighterLengthBounds(field, before)) return undefined;
  for (const record of records)
    for (const value of values(record)) {
      const broken = lengthBroken(field, typeof value === 'string' ? value : '');
      if (broken !== undefined) return `record ${text(record.$id?.value)}: ${broken}`;
    }
  return undefined;
}

/** A live field by its code, a table column's included. */
function liveField(live: AppSettings, code: string): JsonObject | undefined {
  const top = live.properties[code];
  if (top) return top;
  for (const field of Object.values(live.properties)) {
    const column = (field.fields as Record<string, JsonObject> | undefined)?.[code];
    if (field.type === 'SUBTABLE' && column) return column;
  }
  return undefined;
}

function rowsOf(value: Json | undefined): JsonObject[] {
  return Array.isArray(value) ? value.filter((row) => isObject(row)) : [];
}

function cellOf(row: JsonObject, code: string): Json | undefined {
  const cells = row.value;
  if (!isObject(cells)) return undefined;
  const cell = cells[code];
  return isObject(cell) ? cell.value : undefined;
}
