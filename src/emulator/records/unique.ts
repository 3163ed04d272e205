import type { Problems } from '../errors.js';
import type { JsonObject } from '../model/app.js';
import { typeOf, type StoredRecord } from './model.js';
import type { Table } from '../store/store.js';
import { UNIQUE_FIELD_TYPES, type FieldType } from '../../platform/index.js';
import { keepOnly, uniqueKey, usedValues } from './unique-index.js';

/** A record about to be written, with the path its problems are reported under. */
export interface Candidate {
  readonly id: string;
  readonly record: StoredRecord;
  readonly path: string;
}

/**
 * Reports every unique field whose value another record holds, counting the other records of
 * the same batch. The values the stored records hold come from an index kept across calls
 * (unique-index.ts), so a batch costs its own records, and nothing when no field is unique.
 * Candidates may already be stored (an update writes before it checks): their stored values
 * never count against them.
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
  keepOnly(table, new Set(unique.map(([code]) => code)));
  if (unique.length === 0 || candidates.length === 0) return;
  const writing = new Set(candidates.map((c) => c.id));
  for (const [code, field] of unique) {
    const stored = usedValues(table, code, field);
    // The candidate that took each value earlier in this batch.
    const taken = new Map<string, string>();
    for (const c of candidates) {
      const k = uniqueKey(code, field, c.record);
      if (k === undefined) continue;
      const holder = taken.get(k);
      if (stored.heldOutside(k, writing) || (holder !== undefined && holder !== c.id)) {
        problems.add(`${c.path}.${code}.value`, 'This value already exists in another record.');
      } else {
        taken.set(k, c.id);
      }
    }
  }
}
