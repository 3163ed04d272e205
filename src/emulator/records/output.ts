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
  const view: Record<string, FieldValue> = {};
  for (const [code, value] of Object.entries(record)) {
    if (wanted !== null && !wanted.has(code)) continue;
    if (hidden.has(code)) continue;
    view[code] = value;
  }
  return view;
}
