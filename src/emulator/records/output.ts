import { fieldValue, text, type FieldValue, type StoredRecord } from './model.js';

/**
 * A record as a response shows it: only the fields asked for (`fields[]`; all when absent) and
 * never a field the caller's field rights hide. With an app code, the record number reads
 * `<code>-<record id>`.
 */
export function recordView(
  record: StoredRecord,
  wanted: ReadonlySet<string> | null,
  hidden: ReadonlySet<string>,
  appCode = '',
): Record<string, FieldValue> {
  const view = fieldsShown(record, wanted, hidden);
  return appCode === '' ? view : numbered(view, record, appCode);
}

function fieldsShown(
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

/**
 * The view with its record number spelt as the app code makes it. kintone field types
 * (cybozu.dev, overview/field-types, "レコードIDとレコード番号"): with an app code set, the record
 * number is the app code and the record id, `APPCODE-1` for record 1; without one it is the id.
 * Read from the app's code now, so a changed code shows on every record (the stored value stays
 * the id, which queries and lookups read).
 */
function numbered(
  view: Record<string, FieldValue>,
  record: StoredRecord,
  appCode: string,
): Record<string, FieldValue> {
  let out = view;
  for (const code of Object.keys(view)) {
    if (view[code]!.type !== 'RECORD_NUMBER') continue;
    // The view may be the stored record itself: stored values are never changed in place.
    if (out === view) out = { ...view };
    out[code] = fieldValue('RECORD_NUMBER', `${appCode}-${text(record.$id?.value)}`);
  }
  return out;
}
