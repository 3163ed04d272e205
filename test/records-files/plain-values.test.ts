/**
 * The plain form of each field type against the record API's shapes (the official client's
 * KintoneFields/types/field.d.ts; platform-facts "Records, cursors, bulk"): a plain value becomes
 * the write it stands for, a value as read becomes the plain one export writes, and back.
 */
import { describe, expect, it } from 'vitest';
import {
  plainRecordToWrite,
  plainToWrite,
  readToPlain,
  PLAIN_VALUES,
  type FieldType,
} from '../../src/platform/index.js';

const shape = (type: FieldType) => PLAIN_VALUES[type].shape;
const to = {
  principal: (code: string) => code,
  file: (f: { name: string }) => ({ path: `files/${f.name}` }),
};

describe('plain values -> writes', () => {
  it.each([
    { type: 'SINGLE_LINE_TEXT', plain: 'Alice', write: 'Alice' },
    { type: 'NUMBER', plain: 1200, write: '1200' },
    { type: 'NUMBER', plain: '1200.50', write: '1200.50' },
    // As the platform stores them (platform-facts-verified "Numbers"): trimmed, without a `+`.
    { type: 'NUMBER', plain: ' 42 ', write: '42' },
    { type: 'NUMBER', plain: '+5', write: '5' },
    { type: 'NUMBER', plain: '-0.5', write: '-0.5' },
    // An exponent is a number the platform takes (cybozu.dev "Field Types", 数値フィールド:
    // 指数表記を使用できます) and stores written out (platform-facts-verified: "1.5e1" -> "15").
    // It was refused here, though the platform takes it.
    { type: 'NUMBER', plain: '1e3', write: '1000' },
    { type: 'NUMBER', plain: '1.5E1', write: '15' },
    { type: 'NUMBER', plain: '25e-1', write: '2.5' },
    { type: 'DROP_DOWN', plain: 'gold', write: 'gold' },
    { type: 'CHECK_BOX', plain: ['a', 'b'], write: ['a', 'b'] },
    { type: 'CHECK_BOX', plain: 'a', write: ['a'] },
    // Several choices and people are sets: each is sent once, as the platform holds it.
    { type: 'MULTI_SELECT', plain: ['a', 'b', 'a'], write: ['a', 'b'] },
    { type: 'USER_SELECT', plain: ['alice', 'alice'], write: [{ code: 'alice' }] },
    { type: 'DATE', plain: '2024-02-29', write: '2024-02-29' },
    { type: 'TIME', plain: '23:59', write: '23:59' },
    { type: 'DATETIME', plain: '2024-01-31T09:00:00+09:00', write: '2024-01-31T00:00:00Z' },
    { type: 'USER_SELECT', plain: 'alice', write: [{ code: 'alice' }] },
    { type: 'GROUP_SELECT', plain: ['a', 'b'], write: [{ code: 'a' }, { code: 'b' }] },
    { type: 'FILE', plain: { path: 'files/c.pdf' }, write: [{ path: 'files/c.pdf' }] },
  ] as const)('$type: $plain', ({ type, plain, write }) => {
    expect(plainToWrite(shape(type), plain)).toEqual({ ok: true, value: write, empty: false });
  });

  it.each([
    { type: 'SINGLE_LINE_TEXT', plain: true },
    // A date is a DATETIME only at midnight in a zone, which the caller gives (below).
    { type: 'DATETIME', plain: '2024-01-31' },
    { type: 'NUMBER', plain: 'twelve' },
    { type: 'DATE', plain: '2023-02-29' },
    { type: 'DATE', plain: '2024/01/31' },
    { type: 'TIME', plain: '24:00' },
    { type: 'DATETIME', plain: '2024-01-31 09:00' },
    // The platform keeps minutes: a value with seconds would be written changed.
    { type: 'DATETIME', plain: '2024-01-31T09:00:30Z' },
    { type: 'DATETIME', plain: '2024-01-31T09:00:00.5+09:00' },
    { type: 'CHECK_BOX', plain: [1] },
    { type: 'USER_SELECT', plain: { code: 'alice' } },
    { type: 'FILE', plain: 'files/c.pdf' },
    { type: 'CALC', plain: '3' },
    { type: 'RECORD_NUMBER', plain: 3 },
  ] as const)('$type refuses $plain', ({ type, plain }) => {
    expect(plainToWrite(shape(type), plain).ok).toBe(false);
  });

  // The one conversion a migration gives these values (docs/records.md, "After a field's type or
  // place changes"): a NUMBER's value becomes its text (validate refuses a literal that is not
  // that text), a DATE's the DATETIME of its midnight in the zone the migration converts in.
  it('takes a number for a text field as its text, and a date for a DATETIME field as its midnight in the zone given', () => {
    expect(plainToWrite('text', 123)).toEqual({ ok: true, value: '123', empty: false });
    expect(plainToWrite('text', 12.5)).toEqual({ ok: true, value: '12.5', empty: false });
    expect(plainToWrite('datetime', '2024-01-31', false, { timeZone: 'Asia/Tokyo' })).toEqual({
      ok: true,
      value: '2024-01-30T15:00:00Z',
      empty: false,
    });
    expect(plainToWrite('datetime', '2024-07-01', true, { timeZone: 'America/New_York' })).toEqual({
      ok: true,
      value: '2024-07-01T04:00:00Z',
      empty: false,
    });
    expect(plainToWrite('datetime', '2024-02-30', false, { timeZone: 'UTC' }).ok).toBe(false);
    expect(plainToWrite('datetime', '2024-01-31', false, { timeZone: 'Nowhere/Else' }).ok).toBe(false);
  });

  it('reads a CSV cell: a list is one item per line', () => {
    expect(plainToWrite('options', 'a\r\nb', true)).toEqual({ ok: true, value: ['a', 'b'], empty: false });
    expect(plainToWrite('files', 'f/1.pdf\nf/2.pdf', true)).toEqual({
      ok: true,
      value: [{ path: 'f/1.pdf' }, { path: 'f/2.pdf' }],
      empty: false,
    });
    expect(plainToWrite('number', '', true)).toEqual({ ok: true, value: '', empty: true });
  });

  it('converts a whole record, a table row by row', () => {
    const fields = {
      code: { type: 'SINGLE_LINE_TEXT' },
      lines: { type: 'SUBTABLE', fields: { item: { type: 'SINGLE_LINE_TEXT' }, qty: { type: 'NUMBER' } } },
    } as const;
    expect(plainRecordToWrite(fields, { code: 'C1', lines: [{ item: 'pen', qty: 2 }] })).toEqual({
      code: { value: 'C1' },
      lines: { value: [{ value: { item: { value: 'pen' }, qty: { value: '2' } } }] },
    });
    expect(plainRecordToWrite(fields, { code: 'C1', lines: [{ qty: 'x' }] })).toBeNull();
    expect(plainRecordToWrite(fields, { nope: 1 })).toBeNull();
  });
});

describe('values as read -> plain', () => {
  it.each([
    { read: { type: 'SINGLE_LINE_TEXT', value: 'Alice' }, plain: 'Alice' },
    { read: { type: 'SINGLE_LINE_TEXT', value: '' }, plain: undefined },
    { read: { type: 'NUMBER', value: '300' }, plain: 300 },
    { read: { type: 'NUMBER', value: '1200.50' }, plain: '1200.50' },
    { read: { type: 'NUMBER', value: '' }, plain: undefined },
    { read: { type: 'DROP_DOWN', value: null }, plain: undefined },
    { read: { type: 'CHECK_BOX', value: [] }, plain: undefined },
    { read: { type: 'USER_SELECT', value: [{ code: 'a', name: 'A' }] }, plain: 'a' },
    {
      read: {
        type: 'USER_SELECT',
        value: [
          { code: 'a', name: 'A' },
          { code: 'b', name: 'B' },
        ],
      },
      plain: ['a', 'b'],
    },
    {
      read: { type: 'FILE', value: [{ fileKey: 'k', name: 'c.pdf', contentType: 'x', size: '1' }] },
      plain: { path: 'files/c.pdf' },
    },
    { read: { type: 'CALC', value: '3' }, plain: undefined },
    { read: { type: 'CREATOR', value: { code: 'a', name: 'A' } }, plain: undefined },
    { read: { type: '__ID__', value: '3' }, plain: undefined },
  ])('$read.type $read.value', ({ read, plain }) => {
    expect(readToPlain(read, to)).toEqual(plain);
  });

  it('gives back what converts to the same write (round trip)', () => {
    for (const [type, value] of [
      ['NUMBER', '300'],
      ['NUMBER', '0.10'],
      ['DATETIME', '2024-01-31T00:00:00Z'],
      ['MULTI_SELECT', ['x', 'y']],
    ] as const) {
      const plain = readToPlain({ type, value }, to);
      expect(plainToWrite(shape(type), plain)).toMatchObject({ ok: true, value });
    }
  });
});
