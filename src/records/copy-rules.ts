/**
 * What one record needs for a field's values to be copied into another field: the update, or why
 * none. Pure: the sweep (copy-field.ts) reads, this decides, the sweep writes.
 *
 * Tables in a write (platform-facts-verified, "Tables (subtables) in record writes"; the local
 * service does the same, emulator/records/compose.ts checkRows): a PUT that sends a table replaces
 * its rows, so every existing row is sent, by its `id`, or it is deleted; a row sent with an
 * existing `id` is merged into that row, the cells it leaves out keeping their values; a row
 * without `id` is new (cybozu.dev, "レコード更新におけるテーブル操作のテクニック": a table left out
 * of an update keeps its data; in a table sent, what the request leaves out is not updated). So
 * the update sends every row by id, with only the cell it changes: the other cells (files,
 * lookups, calculated fields among them) are left to the platform as they are, not written back
 * from a read (a file's read key is not an upload key; a lookup key written again copies again).
 */
import type { AppRecord, FieldValue, RecordForWrite, SubtableRow } from '../client/index.js';
import { isEmptyValue, type Converted } from '../platform/index.js';
import { sameValue, writeValue } from './values.js';

export interface FieldPlace {
  readonly code: string;
  /** The table the field is a column of; null at the top level. */
  readonly table: string | null;
}

export interface CopySpec {
  readonly app: string;
  readonly from: FieldPlace;
  readonly to: FieldPlace;
  readonly convert: (value: unknown) => Converted;
  /** Into an existing table: which row receives the value (a new table: its one row). */
  readonly row?: 'first' | 'every' | 'new' | undefined;
  /** Out of a table, text: the separator joining the values of several rows. */
  readonly join?: string | undefined;
}

export type CopyDecision =
  | { readonly kind: 'unchanged' | 'empty'; readonly update?: undefined }
  | { readonly kind: 'copy'; readonly empty: boolean; readonly update: RecordForWrite }
  | {
      readonly kind: 'not-converted';
      readonly value: unknown;
      readonly reason: string;
      /** A column changing type in its table: the other rows' cells, which convert, are written. */
      readonly update?: RecordForWrite;
    };

type Cells = Record<string, { value: unknown }>;
interface RowWrite {
  id?: string;
  value: Cells;
}

/** The decision for one record, by where the value moves. */
export function decideCopy(spec: CopySpec, record: AppRecord): CopyDecision {
  const { from, to } = spec;
  if (from.table === null && to.table === null) return toTop(spec, record, record[from.code]?.value);
  if (from.table === null) return intoTable(spec, record, to.table!);
  if (to.table === null) return outOfTable(spec, record, from.table);
  if (from.table === to.table) return withinTable(spec, record, from.table);
  throw new Error(`copyFieldValues: from table ${from.table} to table ${to.table} is not a move it makes`);
}

/** A source value into a top-level field. */
function toTop(spec: CopySpec, record: AppRecord, source: unknown): CopyDecision {
  const converted = spec.convert(source);
  if (!converted.ok) return { kind: 'not-converted', value: source, reason: converted.reason };
  const empty = isEmptyValue(source);
  if (sameValue(record[spec.to.code]?.value, converted.value)) return { kind: empty ? 'empty' : 'unchanged' };
  return {
    kind: 'copy',
    empty,
    update: { [spec.to.code]: { value: writeValue(converted.value) } } as RecordForWrite,
  };
}

/** Top level into a table column: the row(s) `row` names receive the value (`first` by default). */
function intoTable(spec: CopySpec, record: AppRecord, table: string): CopyDecision {
  const source = record[spec.from.code]?.value;
  const converted = spec.convert(source);
  if (!converted.ok) return { kind: 'not-converted', value: source, reason: converted.reason };
  const rows = rowsOf(record, table);
  const col = spec.to.code;
  const empty = isEmptyValue(source);
  const target = converted.value;
  const writes: RowWrite[] = rows.map((row) => ({ id: row.id, value: {} }));
  const mode = spec.row ?? 'first';
  if (mode === 'new') {
    const decided = intoNewRow(rows, writes, col, target, empty);
    if (decided) return decided;
  } else if (rows.length === 0) {
    if (empty) return { kind: 'empty' };
    writes.push({ value: { [col]: { value: writeValue(target) } } });
  } else {
    const receiving = mode === 'every' ? rows : rows.slice(0, 1);
    let changed = false;
    receiving.forEach((row, i) => {
      if (sameValue(row.value[col]?.value, target)) return;
      writes[i]!.value[col] = { value: writeValue(target) };
      changed = true;
    });
    if (!changed) return { kind: empty ? 'empty' : 'unchanged' };
  }
  return { kind: 'copy', empty, update: { [table]: { value: writes } } as RecordForWrite };
}

/**
 * `row: new`: a row of its own per record, once. The column is the migration's temporary field,
 * which no row held before the copy, so a row holding a value in it is the one a former pass
 * added: a value edited since is written into that row (not a second row), and a value emptied
 * since takes that row away (its other cells empty: a first copy of an empty value adds none), or
 * empties its cell. Returns the decision when no write is needed; otherwise fills `writes`.
 */
function intoNewRow(
  rows: readonly SubtableRow[],
  writes: RowWrite[],
  col: string,
  target: unknown,
  empty: boolean,
): CopyDecision | undefined {
  const ours = rows.findIndex((row) => !isEmptyValue(row.value[col]?.value));
  if (ours === -1) {
    if (empty) return { kind: 'empty' };
    writes.push({ value: { [col]: { value: writeValue(target) } } });
    return undefined;
  }
  const row = rows[ours]!;
  if (sameValue(row.value[col]?.value, target)) return { kind: 'unchanged' };
  const onlyOurs = Object.entries(row.value).every(
    ([code, cell]) => code === col || isEmptyValue(cell.value),
  );
  if (empty && onlyOurs) writes.splice(ours, 1);
  else writes[ours]!.value[col] = { value: writeValue(target) };
  return undefined;
}

/** A table column out to the top level: the one row holding a value, or the rows joined (text). */
function outOfTable(spec: CopySpec, record: AppRecord, table: string): CopyDecision {
  const held = rowsOf(record, table)
    .map((row) => row.value[spec.from.code]?.value)
    .filter((value) => !isEmptyValue(value));
  let source: unknown = held[0] ?? '';
  if (held.length > 1) {
    if (spec.join === undefined)
      return {
        kind: 'not-converted',
        value: held,
        reason: `${held.length} rows hold a value (at most one can move out of the table)`,
      };
    source = held.map(String).join(spec.join);
  }
  return toTop(spec, record, source);
}

/**
 * A column into another column of the same table (a type change inside a table): row by row, each
 * cell on its own (docs/migrations.md: "each row's cell converts on its own"). A cell that does not
 * convert leaves the record not converted (counted, its value in the backup), and its new cell
 * empty; the record's other cells are written all the same, or the swap would drop them too.
 */
function withinTable(spec: CopySpec, record: AppRecord, table: string): CopyDecision {
  const rows = rowsOf(record, table);
  const writes: RowWrite[] = rows.map((row) => ({ id: row.id, value: {} }));
  let changed = false;
  let allEmpty = true;
  let failed: { value: unknown; reason: string } | undefined;
  for (const [i, row] of rows.entries()) {
    const source = row.value[spec.from.code]?.value;
    if (!isEmptyValue(source)) allEmpty = false;
    const converted = spec.convert(source);
    const held = row.value[spec.to.code]?.value;
    if (!converted.ok) {
      failed ??= { value: source, reason: `row ${row.id}: ${converted.reason}` };
      // A cell a former pass filled, whose value no longer converts: emptied, not left stale.
      if (!isEmptyValue(held)) {
        writes[i]!.value[spec.to.code] = { value: Array.isArray(held) ? [] : '' };
        changed = true;
      }
      continue;
    }
    if (sameValue(held, converted.value)) continue;
    writes[i]!.value[spec.to.code] = { value: writeValue(converted.value) };
    changed = true;
  }
  const update = changed ? ({ [table]: { value: writes } } as RecordForWrite) : undefined;
  if (failed) return { kind: 'not-converted', ...failed, ...(update ? { update } : {}) };
  if (!update) return { kind: allEmpty ? 'empty' : 'unchanged' };
  return { kind: 'copy', empty: allEmpty, update };
}

function rowsOf(record: AppRecord, table: string): SubtableRow[] {
  const field: FieldValue | undefined = record[table];
  return field?.type === 'SUBTABLE' ? field.value : [];
}
