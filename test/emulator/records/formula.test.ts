// Calculated fields: the formula subset, table columns, field operands, and the stored text at
// the app's number precision.
import { describe, expect, it } from 'vitest';
import { calculator, type NumberPrecision } from '../../../src/emulator/formula/calculate.js';
import type { StoredRecord } from '../../../src/emulator/records/model.js';
import type { JsonObject } from '../../../src/emulator/model/app.js';

const DEFAULT: NumberPrecision = { decimalPlaces: 4, roundingMode: 'HALF_EVEN' };

/** `{ code: { type } }` for fields that need nothing but their type. */
const ofType = (types: Record<string, string>): Record<string, JsonObject> =>
  Object.fromEntries(Object.entries(types).map(([code, type]) => [code, { type }]));

/** The operands of every kind both field sets below calculate from. */
const OPERANDS = ofType({ a: 'NUMBER', t: 'SINGLE_LINE_TEXT', d: 'DATE', at: 'DATETIME', tm: 'TIME' });

const FIELDS: Record<string, JsonObject> = {
  ...OPERANDS,
  ...ofType({ b: 'NUMBER', d2: 'DATE' }),
  plus1: { type: 'CALC', expression: 'a + 1' },
  loop1: { type: 'CALC', expression: 'loop2 + 1' },
  loop2: { type: 'CALC', expression: 'loop1 + 1' },
  lines: {
    type: 'SUBTABLE',
    fields: {
      qty: { type: 'NUMBER' },
      price: { type: 'NUMBER' },
      sub: { type: 'CALC', expression: 'qty * price' },
      share: { type: 'CALC', expression: 'qty / a' },
    },
  },
};

/**
 * A stored record: `{code: value}` becomes `{code: {type, value}}` (types from `fields`), the
 * rows become the table `table` (the calculator reads the form's types, not the cells').
 */
function recordOf(
  values: Record<string, unknown>,
  rows: Record<string, unknown>[] = [],
  fields: Record<string, JsonObject> = FIELDS,
  table = 'lines',
): StoredRecord {
  const record: Record<string, { type: string; value: any }> = {};
  for (const [code, value] of Object.entries(values))
    record[code] = { type: fields[code]?.type as string, value };
  record[table] = {
    type: 'SUBTABLE',
    value: rows.map((row, i) => ({
      id: String(i + 1),
      value: Object.fromEntries(Object.entries(row).map(([k, v]) => [k, { type: 'NUMBER', value: v }])),
    })),
  };
  return record;
}

const ROWS = [
  { qty: '2', price: '3' },
  { qty: '1', price: '1.5' },
];

/** The stored value of a CALC field `c` with this expression over these values. */
function calc(expression: string, values: Record<string, unknown> = {}, precision = DEFAULT): unknown {
  const fields = { ...FIELDS, c: { type: 'CALC', expression } };
  return calculator(fields, precision)(recordOf(values, ROWS)).c?.value;
}

type Case = [expression: string, values: Record<string, unknown>, stored: string];

const cases: Case[] = [
  ['1 + 2 * 3', {}, '7'],
  ['(1 + 2) * 3', {}, '9'],
  ['2 ^ 3 ^ 2', {}, '64'],
  ['-2 ^ 2', {}, '4'],
  ['10 - 4 - 3', {}, '3'],
  ['10 / 4', {}, '2.5'],
  ['10 / 3', {}, '3.3333'],
  ['2 / 3', {}, '0.6667'],
  ['0.1 + 0.2', {}, '0.3'],
  ['1 / 0', {}, ''],
  ['a * b', { a: '3', b: '' }, '0'],
  ['a - b', { a: '1.5', b: '0.25' }, '1.25'],
  ['a * -1', { a: '7' }, '-7'],
  ['SUM(a, b, 1)', { a: '2', b: '3' }, '6'],
  ['SUM(qty)', {}, '3'],
  ['SUM(sub)', {}, '7.5'],
  ['SUM(sub, a)', { a: '0.5' }, '8'],
  ['qty', {}, ''],
  ['plus1 * 2', { a: '4' }, '10'],
  ['loop1', {}, ''],
  ['ROUND(2.5)', {}, '3'],
  ['ROUND(-2.5)', {}, '-3'],
  ['ROUND(1.2345, 2)', {}, '1.23'],
  ['ROUND(1250, -2)', {}, '1300'],
  ['ROUNDUP(1.21, 1)', {}, '1.3'],
  ['ROUNDUP(-1.21, 1)', {}, '-1.3'],
  ['ROUNDDOWN(1.29, 1)', {}, '1.2'],
  ['ROUNDDOWN(-1.9)', {}, '-1'],
  ['round(a / 3, 1)', { a: '1' }, '0.3'],
  ['IF(a > 2, 10, 20)', { a: '3' }, '10'],
  ['IF(a > 2, 10, 20)', { a: '1' }, '20'],
  ['IF(AND(a > 0, b > 0), 1, 0)', { a: '1', b: '0' }, '0'],
  ['IF(OR(a = 1, b = 1), 1, 0)', { a: '0', b: '1' }, '1'],
  ['IF(NOT(a = 1), 1, 0)', { a: '1' }, '0'],
  ['IF(t = "x", 1, 2)', { t: 'x' }, '1'],
  ['IF(t & "y" = "xy", 1, 0)', { t: 'x' }, '1'],
  ['a <> 1', { a: '2' }, '1'],
  ['a >= 2', { a: '1' }, '0'],
  ['(d2 - d) / 86400', { d: '2024-05-01', d2: '2024-05-15' }, '14'],
  ['(at - d) / 3600', { d: '2024-05-01', at: '2024-05-01T09:00:00Z' }, '9'],
  ['tm / 60', { tm: '09:30' }, '570'],
  ['d + 1', { d: null }, ''],
  ['t * 2', { t: 'abc' }, ''],
  ['"a" & "b"', {}, ''],
  ['nosuch + 1', {}, ''],
  ['FOO(1)', {}, ''],
  ['1 +', {}, ''],
  ['IF(1, 2)', {}, ''],
];

describe('calculated fields', () => {
  it.each(cases)('%s with %j -> %j', (expression, values, stored) => {
    expect(calc(expression, values)).toBe(stored);
  });

  it('computes each table row from its own cells and top-level fields', () => {
    const record = calculator(FIELDS, DEFAULT)(recordOf({ a: '4' }, ROWS));
    const rows = record.lines?.value as unknown as {
      id: string;
      value: Record<string, { value: unknown }>;
    }[];
    expect(rows.map((r) => [r.id, r.value.sub?.value, r.value.share?.value])).toEqual([
      ['1', '6', '0.5'],
      ['2', '1.5', '0.25'],
    ]);
  });

  it.each([
    ['2 / 3', 0, 'HALF_EVEN', '1'],
    ['5 / 2', 0, 'HALF_EVEN', '2'],
    ['7 / 2', 0, 'HALF_EVEN', '4'],
    ['-5 / 2', 0, 'HALF_EVEN', '-2'],
    ['0.125', 2, 'HALF_EVEN', '0.12'],
    ['21 / 10', 0, 'UP', '3'],
    ['-21 / 10', 0, 'UP', '-3'],
    ['29 / 10', 0, 'DOWN', '2'],
    ['1 / 3', 6, 'DOWN', '0.333333'],
  ] as const)('keeps %s at %i places rounding %s: %s', (expression, decimalPlaces, roundingMode, stored) => {
    expect(calc(expression, {}, { decimalPlaces, roundingMode })).toBe(stored);
  });

  it('computes every record handed to one calculator from that record alone', () => {
    const calculate = calculator({ ...FIELDS, c: { type: 'CALC', expression: 'a * 2 + SUM(sub)' } }, DEFAULT);
    const first = calculate(recordOf({ a: '1' }, ROWS));
    const second = calculate(recordOf({ a: '10' }, [{ qty: '1', price: '1' }]));
    const third = calculate(recordOf({ a: '1' }, ROWS));
    expect([first.c?.value, second.c?.value, third.c?.value]).toEqual(['9.5', '21', '9.5']);
  });

  it('leaves a record of an app without calculated fields as it is', () => {
    const record = recordOf({ a: '1' });
    expect(calculator({ a: { type: 'NUMBER' } }, DEFAULT)(record)).toBe(record);
  });
});

// Auto-calculated text fields, CALC display formats, and the functions YEN, DATE_FORMAT and
// CONTAINS. Expected values follow platform-facts-verified ("Calculated values") and the
// platform's help (YEN(1132.85, 1) is "¥1,132.9"; dates are seconds since 1970-01-01 UTC).
const TYPED: Record<string, JsonObject> = {
  ...OPERANDS,
  ...ofType({ cb: 'CHECK_BOX', ms: 'MULTI_SELECT', dd: 'DROP_DOWN', created: 'CREATED_TIME' }),
  dplus: { type: 'CALC', expression: 'd + 86400', format: 'DATE' },
  label: { type: 'SINGLE_LINE_TEXT', expression: 't & "!"' },
  items: {
    type: 'SUBTABLE',
    fields: { kind: { type: 'DROP_DOWN' }, flags: { type: 'CHECK_BOX' }, n: { type: 'NUMBER' } },
  },
};

const SAMPLE: Record<string, unknown> = {
  a: '3',
  t: 'x',
  d: '2026-04-25',
  at: '2026-04-25T20:30:00Z',
  tm: '09:30',
  cb: ['A', 'B'],
  ms: ['M'],
  dd: 'D',
  created: '2026-04-25T00:00:00Z',
};

const ITEMS = [
  { kind: 'k1', flags: ['F'], n: '1' },
  { kind: 'k2', flags: [], n: '' },
];

/** The stored value of field `out` (defined by `def`) over SAMPLE overridden by `values`. */
function computedValue(def: JsonObject, values: Record<string, unknown> = {}): unknown {
  const record = recordOf({ ...SAMPLE, ...values }, ITEMS, TYPED, 'items');
  return calculator({ ...TYPED, out: def }, DEFAULT)(record).out?.value;
}

const textField = (expression: string): JsonObject => ({ type: 'SINGLE_LINE_TEXT', expression });

const textCases: Case[] = [
  ['YEN(1132.85, 1)', {}, '¥1,132.9'],
  ['YEN(1132.85, 0)', {}, '¥1,133'],
  ['YEN(1234567, -2)', {}, '¥1,234,600'],
  ['YEN(0.5, 0)', {}, '¥1'],
  ['YEN(-1500.5, 0)', {}, '-¥1,501'],
  ['YEN(999, 0)', {}, '¥999'],
  ['YEN(a * 1000, 0)', { a: '1234.5' }, '¥1,234,500'],
  ['YEN(a)', {}, ''],
  ['DATE_FORMAT(d, "YYYY-MM-dd", "Etc/GMT")', {}, '2026-04-25'],
  ['DATE_FORMAT(d + 24*60*60*1, "YYYY/MM/dd", "Etc/GMT")', {}, '2026/04/26'],
  ['DATE_FORMAT(at, "YYYY-MM-dd HH:mm", "Asia/Tokyo")', {}, '2026-04-26 05:30'],
  ['DATE_FORMAT(at, "HH:mm", "system")', {}, '20:30'],
  ['DATE_FORMAT(tm, "HH:mm", "Etc/GMT")', {}, '09:30'],
  ['DATE_FORMAT(d, "MMMM d, ", "Etc/GMT")', {}, 'April 25, '],
  ['DATE_FORMAT(d, "EEEE MMM yy", "Etc/GMT")', {}, 'Saturday Apr 26'],
  ['DATE_FORMAT(0, "YYYY年M月d日 a h時", "Asia/Tokyo")', {}, '1970年1月1日 AM 9時'],
  ['DATE_FORMAT(1459468800, "YYYY-MM-dd HH:mm:ss Z", "Asia/Tokyo")', {}, '2016-04-01 09:00:00 +0900'],
  ['DATE_FORMAT(0, "\'day\' d", "Etc/GMT")', {}, 'day 1'],
  ['DATE_FORMAT(created, "YYYY-MM-dd HH:mm", "Asia/Tokyo")', {}, '2026-04-25 09:00'],
  ['DATE_FORMAT(dplus, "YYYY-MM-dd", "Etc/GMT")', {}, '2026-04-26'],
  ['DATE_FORMAT(d, "YYYY", "Nowhere/Atlantis")', {}, ''],
  ['DATE_FORMAT(d, "YYYY-MM-ddTHH", "Etc/GMT")', {}, ''],
  ['DATE_FORMAT(a, "YYYY", "Etc/GMT")', { a: '' }, ''],
  ['DATE_FORMAT(d, "YYYY", "Etc/GMT")', { d: null }, ''],
  ['DATE_FORMAT(300000000000, "YYYY", "Etc/GMT")', {}, ''],
  ['IF(CONTAINS(cb, "A"), "has A", "no A")', {}, 'has A'],
  ['IF(CONTAINS(cb, "C"), "has C", "no C")', {}, 'no C'],
  ['IF(CONTAINS(cb, "A"), "has A", "no A")', { cb: [] }, 'no A'],
  ['IF(CONTAINS(ms, "M"), 1, 0)', {}, '1'],
  ['IF(CONTAINS(kind, "k2"), "yes", "no")', {}, 'yes'],
  ['IF(CONTAINS(kind, "k3"), "yes", "no")', {}, 'no'],
  ['IF(CONTAINS(flags, "F"), "yes", "no")', {}, 'yes'],
  ['IF(AND(CONTAINS(cb, "A"), NOT(CONTAINS(cb, "C"))), "A only", "")', {}, 'A only'],
  ['CONTAINS(cb, "A")', {}, 'TRUE'],
  ['cb & ""', {}, ''],
  ['SUM(cb)', {}, ''],
  ['CONTAINS(dd, "D")', {}, ''],
  ['CONTAINS("A", "A")', {}, ''],
  ['t & " (" & YEN(a, 0) & ")"', {}, 'x (¥3)'],
  ['"[" & a & "]"', { a: '' }, '[]'],
  ['IF(a = "", "empty", "set")', { a: '' }, 'empty'],
  ['IF(a = "", "empty", "set")', { a: '0' }, 'set'],
  ['IF(a >= 0, "yes", "no")', { a: '' }, 'yes'],
  ['"n=" & a / 3', { a: '1' }, 'n=0.3333'],
  ['a * 2', {}, '6'],
  ['a > 1', {}, 'TRUE'],
  ['dd & "/" & label', {}, 'D/x!'],
  ['t & nosuch', {}, ''],
];

const calcCases: [expression: string, format: string, values: Record<string, unknown>, stored: string][] = [
  ['d + 86400', 'DATE', {}, '2026-04-26'],
  ['d + 86400 * 1.5', 'DATE', {}, '2026-04-26'],
  ['d', 'DATE', { d: null }, ''],
  ['at + 3600', 'DATETIME', {}, '2026-04-25T21:30:00Z'],
  ['created + 60 * 60 * 24 * 30', 'DATETIME', {}, '2026-05-25T00:00:00Z'],
  ['tm + 5400', 'TIME', {}, '11:00'],
  ['tm + 86400', 'TIME', {}, '09:30'],
  ['tm - 36000', 'TIME', {}, '23:30'],
  ['tm', 'HOUR_MINUTE', {}, '34200'],
  ['tm', 'DAY_HOUR_MINUTE', {}, '34200'],
  ['dplus - d', 'NUMBER', {}, '86400'],
  ['a / 3', 'NUMBER_DIGIT', {}, '1'],
  ['DATE_FORMAT(d, "YYYYMMdd", "Etc/GMT")', 'NUMBER', {}, '20260425'],
  ['IF(CONTAINS(cb, "B"), 10, 20)', 'NUMBER', {}, '10'],
  ['SUM(n)', 'NUMBER', {}, '1'],
  ['YEN(a, 0)', 'NUMBER', {}, ''],
  ['d + 1e12', 'DATE', {}, ''],
];

describe('auto-calculated text fields, CALC formats, YEN, DATE_FORMAT, CONTAINS', () => {
  it.each(textCases)('text %s with %j -> %j', (expression, values, stored) => {
    expect(computedValue(textField(expression), values)).toBe(stored);
  });

  it.each(calcCases)('CALC %s as %s with %j -> %j', (expression, format, values, stored) => {
    expect(computedValue({ type: 'CALC', expression, format }, values)).toBe(stored);
  });

  it('replaces whatever the record holds for a text field with an expression', () => {
    const fields = { t: { type: 'SINGLE_LINE_TEXT' }, s: textField('t & t') };
    const record = {
      t: { type: 'SINGLE_LINE_TEXT', value: 'ab' },
      s: { type: 'SINGLE_LINE_TEXT', value: 'sent' },
    };
    expect(calculator(fields, DEFAULT)(record).s).toEqual({ type: 'SINGLE_LINE_TEXT', value: 'abab' });
  });

  it('leaves a text field without an expression as it is', () => {
    const record = { t: { type: 'SINGLE_LINE_TEXT', value: 'kept' } };
    expect(calculator({ t: { type: 'SINGLE_LINE_TEXT', expression: ' ' } }, DEFAULT)(record)).toBe(record);
  });
});
