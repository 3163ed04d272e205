/**
 * What restore-sweep.test.ts expects, from docs/migrations.md "Backups and restore" alone:
 *
 * - the backup: one line per non-empty value of a removed field (a removed table cell by cell,
 *   each with its `table` and `row`), with the record's id and its revision when read, the field's
 *   code and type, and the value as the records API gives it; files beside it, byte for byte;
 * - the restore: a record whose revision moved since the backup is "edited since" and left as it
 *   is, unless it already holds its backed-up values (then it counts as restored); a record no
 *   longer there is "deleted since"; every other record gets its values back, a value in a table
 *   into its row (kept by its id), a row no longer there as a new row holding the backed-up cells.
 */
import type { Plain, Rec, Row } from './run.js';
import { same } from './run.js';

/** A place a removed value was: the field, and its table and row for a column. */
export interface Place {
  code: string;
  table: string | null;
  type: string;
}

/** A destroyed value, as a backup line holds it (the value comparable). */
export interface Destroyed {
  id: string;
  revision: string;
  field: string;
  table?: string;
  row?: string;
  type: string;
  value: Plain;
}

const empty = (v: Plain) => v === '' || v === null || v === undefined;

/** Every value the removal destroys, read from the records before it. */
export function destroyedValues(places: readonly Place[], before: ReadonlyMap<string, Rec>): Destroyed[] {
  const out: Destroyed[] = [];
  for (const [id, rec] of before)
    for (const p of places) {
      if (p.table === null) {
        const value = rec.values[p.code];
        if (!empty(value)) out.push({ id, revision: rec.revision, field: p.code, type: p.type, value });
        continue;
      }
      for (const row of (rec.values[p.table] ?? []) as Row[]) {
        const value = row.cells[p.code];
        if (!empty(value))
          out.push({
            id,
            revision: rec.revision,
            field: p.code,
            table: p.table,
            row: row.id,
            type: p.type,
            value,
          });
      }
    }
  return out;
}

export const lineKey = (d: {
  id: string;
  field: string;
  table?: string | undefined;
  row?: string | undefined;
}) => `#${d.id} ${d.table ? `${d.table}[${d.row}].` : ''}${d.field}`;

/** The value a line's place holds in a record now (its row by id), or undefined when the row is gone. */
function heldAt(rec: Rec, d: Destroyed): Plain {
  if (d.table === undefined) return rec.values[d.field] ?? '';
  const row = ((rec.values[d.table] ?? []) as Row[]).find((x) => x.id === d.row);
  return row ? (row.cells[d.field] ?? '') : undefined;
}

export interface ExpectedRestore {
  records: number;
  restored: string[];
  /** Restored records that needed a write (they did not hold their values yet). */
  toWrite: string[];
  editedSince: string[];
  deletedSince: string[];
}

/** The restore's outcome, from the backup's values and the records as they are before it runs. */
export function expectedRestore(lines: readonly Destroyed[], now: ReadonlyMap<string, Rec>): ExpectedRestore {
  const byId = new Map<string, Destroyed[]>();
  for (const l of lines) byId.set(l.id, [...(byId.get(l.id) ?? []), l]);
  const ids = [...byId.keys()].sort((a, b) => Number(a) - Number(b));
  const out: ExpectedRestore = {
    records: ids.length,
    restored: [],
    toWrite: [],
    editedSince: [],
    deletedSince: [],
  };
  for (const id of ids) {
    const rec = now.get(id);
    if (!rec) {
      out.deletedSince.push(id);
      continue;
    }
    const own = byId.get(id)!;
    const holds = own.every((l) => same(heldAt(rec, l), l.value));
    if (holds) out.restored.push(id);
    else if (rec.revision !== own[0]!.revision) out.editedSince.push(id);
    else {
      out.restored.push(id);
      out.toWrite.push(id);
    }
  }
  return out;
}

/**
 * A restored record's values as the docs say they end: the record as it was before the restore,
 * each backed-up value in its place; a table's rows kept (by id) with their cells put back, then
 * a new row per backed-up row no longer there, holding the backed-up cells (in the backup's order).
 */
export function restoredRecord(rec: Rec, own: readonly Destroyed[]): Record<string, Plain> {
  const values = structuredClone(rec.values);
  const added = new Map<string, Map<string, Record<string, Plain>>>();
  for (const l of own) {
    if (l.table === undefined) {
      values[l.field] = l.value;
      continue;
    }
    const rows = (values[l.table] ?? []) as Row[];
    const row = rows.find((x) => x.id === l.row);
    if (row) row.cells[l.field] = l.value;
    else {
      const table = added.get(l.table) ?? new Map<string, Record<string, Plain>>();
      table.set(l.row!, { ...table.get(l.row!), [l.field]: l.value });
      added.set(l.table, table);
    }
  }
  for (const [table, rows] of added) {
    const kept = (values[table] ?? []) as Row[];
    values[table] = [...kept, ...[...rows.values()].map((cells) => ({ id: '(new)', cells }))];
  }
  return values;
}

/** Rows compared without their ids where the docs let the platform give a new one, cells without the empty ones. */
export function comparableRecord(values: Record<string, Plain>, newRows: boolean): Record<string, Plain> {
  return Object.fromEntries(
    Object.entries(values).map(([code, value]) => {
      if (!Array.isArray(value) || !value.every((v) => typeof v === 'object' && v !== null && 'cells' in v))
        return [code, value];
      return [
        code,
        (value as Row[]).map((row) => ({
          ...(newRows ? {} : { id: row.id }),
          cells: Object.fromEntries(Object.entries(row.cells).filter(([, v]) => !empty(v))),
        })),
      ];
    }),
  );
}
