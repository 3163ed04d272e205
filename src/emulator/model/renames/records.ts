import { draftCodeOf, type PendingRenames } from './pending.js';
import type { AppSettings, JsonObject } from '../app.js';
import type { FieldValue, StoredRecord, SubtableRow } from '../../records/model.js';

type Properties = Record<string, JsonObject>;

/**
 * What a record holds once the draft goes live: each live field's value under its draft code
 * (renamed fields keep their data), and no value for a field the draft no longer has (deleting a
 * field deletes its data). Keys that are no live field (`$id`, `$revision`) stay. Null when the
 * form change leaves every record as it is, so the caller can skip the records altogether.
 */
export function recordMigration(
  live: AppSettings,
  draft: AppSettings,
  pending: PendingRenames,
): ((record: StoredRecord) => StoredRecord) | null {
  const target = (code: string, inDraft: Properties): string | null => {
    const to = draftCodeOf(pending, code);
    return to !== null && to in inDraft ? to : null;
  };
  const innerOf = (def: JsonObject | undefined): Properties => (def?.fields ?? {}) as Properties;
  const unchanged = Object.entries(live.properties).every(([code, def]) => {
    const to = target(code, draft.properties);
    if (to !== code) return false;
    return Object.keys(innerOf(def)).every((inner) => target(inner, innerOf(draft.properties[to])) === inner);
  });
  if (unchanged) return null;
  return (record) => {
    const out: Record<string, FieldValue> = {};
    for (const [code, value] of Object.entries(record)) {
      const def = live.properties[code];
      if (!def) {
        out[code] = value;
        continue;
      }
      const to = target(code, draft.properties);
      if (to === null) continue;
      out[to] =
        def.type === 'SUBTABLE'
          ? moveCells(value, innerOf(def), innerOf(draft.properties[to]), target)
          : value;
    }
    return out;
  };
}

/** A table's rows with each cell under its draft code, and the cells of deleted inner fields gone. */
function moveCells(
  table: FieldValue,
  liveInner: Properties,
  draftInner: Properties,
  target: (code: string, inDraft: Properties) => string | null,
): FieldValue {
  if (!Array.isArray(table.value)) return table;
  const rows = (table.value as unknown as SubtableRow[]).map((row) => {
    const value: Record<string, FieldValue> = {};
    for (const [code, cell] of Object.entries(row.value)) {
      if (!(code in liveInner)) {
        value[code] = cell;
        continue;
      }
      const to = target(code, draftInner);
      if (to !== null) value[to] = cell;
    }
    return { ...row, value };
  });
  return { ...table, value: rows as unknown as FieldValue['value'] };
}
