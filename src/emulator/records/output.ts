import type { FieldValue, StoredRecord } from './model.js';

/**
 * A record as a response shows it: only the fields asked for (`fields[]`; all when absent) and
 * never a field the caller's field rights hide.
 */
export function recordView(
  record: StoredRecord,
  wanted: ReadonlySet<string> | null,
  hidden: ReadonlySet<string>,
): Record<string, FieldValue> {
  if (wanted === null && hidden.size === 0) return record;
  // Keys, not entries: a page of 500 records made 500 x (fields + 1) arrays here, most of them
  // for fields `fields[]` leaves out.
  const view: Record<string, FieldValue> = {};
  for (const code of Object.keys(record)) {
    if (wanted !== null && !wanted.has(code)) continue;
    if (hidden.has(code)) continue;
    view[code] = record[code]!;
  }
  return view;
}
