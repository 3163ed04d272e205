import type { Problems } from '../errors.js';
import type { JsonObject } from '../model/app.js';
import { isEmptyValue, typeOf, type StoredRecord } from './model.js';
import type { Table } from '../store/store.js';
import { UNIQUE_FIELD_TYPES, type FieldType } from '../../platform/index.js';

/** A record about to be written, with the path its problems are reported under. */
export interface Candidate {
  readonly id: string;
  readonly record: StoredRecord;
  readonly path: string;
}

/**
 * Reports every unique field whose value another record holds, counting the other records of
 * the same batch. One pass over the app's records per batch, and none when no field is unique.
 */
export function checkUnique(
  fields: Record<string, JsonObject>,
  table: Table<StoredRecord>,
  candidates: readonly Candidate[],
  problems: Problems,
): void {
  const unique = Object.entries(fields).filter(
    ([, f]) => f.unique === true && UNIQUE_FIELD_TYPES.has(typeOf(f) as FieldType),
  );
  if (unique.length === 0 || candidates.length === 0) return;
  const writing = new Set(candidates.map((c) => c.id));
  for (const [code, field] of unique) {
    const key = (record: StoredRecord): string | undefined => {
      const value = record[code]?.value;
      if (isEmptyValue(value)) return undefined;
      return field.type === 'NUMBER' ? String(Number(value)) : JSON.stringify(value);
    };
    const taken = new Map<string, string>();
    for (const [id, record] of table.entries()) {
      if (writing.has(id)) continue;
      const k = key(record);
      if (k !== undefined) taken.set(k, id);
    }
    for (const c of candidates) {
      const k = key(c.record);
      if (k === undefined) continue;
      const holder = taken.get(k);
      if (holder !== undefined && holder !== c.id) {
        problems.add(`${c.path}.${code}.value`, 'This value already exists in another record.');
      } else {
        taken.set(k, c.id);
      }
    }
  }
}
