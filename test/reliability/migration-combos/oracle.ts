/**
 * What a combination of migrations must leave, from docs/migrations.md and the conversion oracle
 * (conversion-oracle.ts), never from the code under test: each record's values after the apply,
 * the plan's counts per migration, and the values the backup must hold.
 *
 * - [table]  "Conversions": a value converts as its row says; `migrate.default` replaces one that
 *            does not; without it the new field is empty.
 * - [write]  "What you write": a move into a new table gives each record holding a value one row;
 *            into an existing one `migrate.row` says which (`first`: a record without rows gets
 *            one; `every`; `new`: a row of its own); out of a table, the row holding a value, or
 *            the rows' values joined by `migrate.join` (a joined text that does not fit the new
 *            field does not convert).
 * - [backup] "How apply does it", 4: every value of the old fields is written to the backup, and
 *            any apply that removes a field holding values writes one too.
 */
import { comparable } from '../../support/compared-records.js';
import {
  isEmptyOracleValue as isEmpty,
  isNotConverted,
  joinedRows,
  LOST,
  oracle,
  type OracleContext,
} from '../conversion-oracle.js';
import { DIRECTORY } from '../conversion-values.js';
import type { Combo, Migration, MoveIn, MoveOut, TypeChange } from './world.js';

type Rec = Record<string, unknown>;
type Row = { id?: string; value: Record<string, { value: unknown }> };

/** A migrated field's code after the apply (its final code). */
export const finalCode = (m: Migration): string => (m.kind === 'type' ? m.field.code : m.code);
/** Its code and table before. */
export const oldPlace = (m: Migration): { code: string; table: string | null } =>
  m.kind === 'type'
    ? { code: m.old, table: null }
    : m.kind === 'into'
      ? { code: m.code, table: null }
      : { code: m.code, table: 'src' };

/** The new field's empty value: [] for the several-valued types, '' for the others. */
function emptyOf(to: string): unknown {
  return ['CHECK_BOX', 'MULTI_SELECT', 'USER_SELECT', 'ORGANIZATION_SELECT', 'GROUP_SELECT'].includes(to)
    ? []
    : '';
}

const rowsOf = (rec: Rec, table: string): Row[] => (rec[table] ?? []) as Row[];
const cell = (row: Row, code: string): unknown => comparable(row.value[code]?.value);

/** [table] what a type change leaves in the new field, from the old field's value. */
export function typeChangeValue(t: TypeChange, was: unknown): unknown {
  const outcome = oracle(t.field.from, t.field.to, was, t.field.ctx);
  if (outcome === LOST && t.field.migrate.default !== undefined) return comparable(t.field.migrate.default);
  return isNotConverted(outcome) ? comparable(emptyOf(t.field.to)) : comparable(outcome);
}

const outContext = (m: MoveOut): OracleContext => ({
  to: m.maxLength !== undefined ? { maxLength: m.maxLength } : {},
  ...(m.join !== undefined ? { join: m.join } : {}),
  timeZone: 'UTC',
  directory: DIRECTORY,
});

/** [write] a move out: the rows' values, joined (or the one row's), written into the new field. */
function movedOut(m: MoveOut, rec: Rec): unknown {
  const outcome = joinedRows(
    'SINGLE_LINE_TEXT',
    rowsOf(rec, 'src').map((row) => cell(row, 'mo') as string),
    outContext(m),
  );
  return isNotConverted(outcome) ? '' : outcome;
}

/** [write] a move in: the rows of the table, each `[keep, mi]`. */
function movedIn(m: MoveIn, rec: Rec): unknown[] {
  const value = comparable(rec.mi);
  const held = !isEmpty(value);
  if (m.table === 'fresh') return held ? [['', value]] : [];
  const old = rowsOf(rec, 'tbl').map((row) => [cell(row, 'tbl_keep'), ''] as unknown[]);
  // "`first` (a record without rows gets one)"; `every` of no rows: a row of its own too.
  if (m.row === 'new' || old.length === 0) return held ? [...old, ['', value]] : old;
  return old.map((x, i) => (m.row === 'every' || i === 0 ? [x[0], value] : x));
}

/** Each migrated field's value (a table's as `[keep, mi]` rows) in a record before the apply, as the oracle says it ends. */
export function expected(c: Combo, rec: Rec): Rec {
  const out: Rec = {};
  for (const m of c.migrations)
    if (m.kind === 'type') out[m.field.code] = typeChangeValue(m, rec[m.old] ?? '');
    else if (m.kind === 'into') out[`${m.table}.mi`] = movedIn(m, rec);
    else out.mo = movedOut(m, rec);
  return out;
}

/** The same keys read from a record after the apply. */
export function actual(c: Combo, rec: Rec): Rec {
  const out: Rec = {};
  for (const m of c.migrations)
    if (m.kind === 'type')
      // A record the copy did not write may not show the new field at all: it is empty.
      out[m.field.code] = m.field.code in rec ? rec[m.field.code] : comparable(emptyOf(m.field.to));
    else if (m.kind === 'into')
      out[`${m.table}.mi`] = rowsOf(rec, m.table).map((row) =>
        m.table === 'fresh' ? ['', cell(row, 'mi')] : [cell(row, 'tbl_keep'), cell(row, 'mi')],
      );
    else out.mo = rec.mo ?? '';
  return out;
}

export interface Counts {
  withValue: number;
  notConverted: string[];
  defaulted: number;
}

/** What the plan must count for each migration (by final code), from the records before. */
export function counts(c: Combo, before: ReadonlyMap<string, Rec>): Map<string, Counts> {
  const out = new Map<string, Counts>();
  for (const m of c.migrations) {
    const k: Counts = { withValue: 0, notConverted: [], defaulted: 0 };
    for (const [id, rec] of before) {
      if (m.kind === 'type') {
        const was = rec[m.old] ?? '';
        if (isEmpty(was)) continue;
        k.withValue++;
        if (oracle(m.field.from, m.field.to, was, m.field.ctx) !== LOST) continue;
        if (m.field.migrate.default !== undefined) k.defaulted++;
        else k.notConverted.push(id);
      } else if (m.kind === 'into') {
        if (!isEmpty(comparable(rec.mi))) k.withValue++;
      } else {
        const held = rowsOf(rec, 'src').filter((row) => !isEmpty(cell(row, 'mo')));
        if (held.length === 0) continue;
        k.withValue++;
        const joined = joinedRows(
          'SINGLE_LINE_TEXT',
          held.map((row) => cell(row, 'mo') as string),
          outContext(m),
        );
        if (joined === LOST) k.notConverted.push(id);
      }
    }
    out.set(finalCode(m), k);
  }
  return out;
}

/** One value the apply destroys: a record's old field (a row's cell for a table's column). */
export interface Destroyed {
  id: string;
  field: string;
  table?: string;
  value: unknown;
}

/** [backup] every value of the migrated old fields and of the removed field. */
export function destroyed(c: Combo, before: ReadonlyMap<string, Rec>): Destroyed[] {
  const out: Destroyed[] = [];
  for (const [id, rec] of before) {
    for (const m of c.migrations) {
      const { code, table } = oldPlace(m);
      if (table === null) {
        const value = comparable(rec[code]);
        if (!isEmpty(value)) out.push({ id, field: code, value });
      } else
        for (const row of rowsOf(rec, table)) {
          const value = cell(row, code);
          if (!isEmpty(value)) out.push({ id, field: code, table, value });
        }
    }
    if (c.removed && !isEmpty(comparable(rec.gone)))
      out.push({ id, field: 'gone', value: comparable(rec.gone) });
  }
  return out;
}
