/**
 * What a view may hold, as data both validate (project/checks/views.ts) and the local service
 * (emulator/validate/views.ts) read, each in its own words. This folder imports nothing.
 */
import { FIELD_TYPES, type FieldType } from './field-types.js';

/**
 * Types a LIST view cannot show as a column: the containers. The hosted platform's help ("一覧とは",
 * help.cybozu.com/ja/k/user/whatsview.html) lists what a table-form view can show: every input
 * field, the lookup, the record number, creator, modifier, both timestamps and the assignee; the
 * columns of a table may be shown too (the built-in "(すべて)" view is said to leave them out,
 * which a chosen view need not). A group, a related-records list (REFERENCE_TABLE) or a table as
 * a whole is never one. The official client's types (app/view.d.ts: `fields: string[]`) and the
 * REST documentation ("Update Views": "the field codes of the fields to show") do not say.
 * STATUS and CATEGORY are not in that help's list; both sides took them before and still do
 * (no record of the platform refusing them in a write).
 */
const NOT_LIST_COLUMNS: ReadonlySet<FieldType> = new Set<FieldType>(['SUBTABLE', 'REFERENCE_TABLE', 'GROUP']);

/** The field types a LIST view may name in `fields` (a table's columns among them). */
export const LIST_COLUMN_FIELD_TYPES: readonly FieldType[] = FIELD_TYPES.filter(
  (t) => !NOT_LIST_COLUMNS.has(t),
);

/** A view that takes an index another view of the same write already has. */
export interface RepeatedViewIndex {
  readonly name: string;
  readonly index: string;
  /** The view that has the index first, in the order given. */
  readonly first: string;
}

/**
 * Views ordered by `index` (REST documentation, "Update Views": views are sorted by ascending
 * index). Two views with one index leave their order to chance, so both validate and the local
 * service refuse it. Whether the hosted platform refuses it or orders such views somehow is not
 * recorded anywhere we found (the documentation, the official client's types and
 * SonicGarden/kintone-emulator's docs/real-kintone-notes.md are silent). Indexes compare as
 * numbers ("1" and 1 are one index: the client's ViewBaseForParameter takes `string | number`).
 */
export function repeatedViewIndexes(
  views: Iterable<readonly [string, string | number | undefined]>,
): RepeatedViewIndex[] {
  const seen = new Map<string, string>();
  const repeated: RepeatedViewIndex[] = [];
  for (const [name, index] of views) {
    if (index === undefined || index === '') continue;
    const key = Number.isFinite(Number(index)) ? String(Number(index)) : String(index);
    const first = seen.get(key);
    if (first === undefined) seen.set(key, name);
    else repeated.push({ name, index: String(index), first });
  }
  return repeated;
}
