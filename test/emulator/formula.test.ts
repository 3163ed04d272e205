// Calculated fields: the formula subset, table columns, field operands, and the stored text at
// the app's number precision.
import { describe, expect, it } from 'vitest';
import { calculator, type NumberPrecision } from '../../src/emulator/records/formula/calculate.js';
import type { StoredRecord } from '../../src/emulator/records/model.js';
import type { JsonObject } from '../../src/emulator/model/app.js';

const DEFAULT: NumberPrecision = { decimalPlaces: 4, roundingMode: 'HALF_EVEN' };

const FIELDS: Record<string, JsonObject> = {
  a: { type: 'NUMBER' },
  b: { type: 'NUMBER' },
  t: { type: 'SINGLE_LINE_TEXT' },
  d: { type: 'DATE' },
  d2: { type: 'DATE' },
  at: { type: 'DATETIME' },
  tm: { type: 'TIME' },
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

/** A stored record: `{code: value}` becomes `{code: {type, value}}`, lines become rows. */
function recordOf(values: Record<string, unknown>, rows: Record<string, unknown>[] = []): StoredRecord {
  const record: Record<string, { type: string; value: any }> = {};
  for (const [code, value] of Object.entries(values))
    record[code] = { type: FIELDS[code]?.type as string, value };
  record.lines = {
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
