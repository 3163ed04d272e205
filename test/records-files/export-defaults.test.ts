/**
 * export --records writes a field's empty value out (`null`) when the field has a default, and
 * leaves other empty fields out: seeded elsewhere, an add that leaves a field out gives it its
 * initial value (cybozu.dev, "レコードを登録する": 省略すると、すべてのフィールドの値は初期値で
 * 登録されます), so a record read with the field empty would come back holding its default.
 */
import { describe, expect, it } from 'vitest';
import { recordConverter } from '../../src/export/records/plain-records.js';
import { recordFileText } from '../../src/export/records/record-text.js';
import type { FieldManifest } from '../../src/project/index.js';

const fields = {
  code: { type: 'SINGLE_LINE_TEXT', label: 'Code', unique: true },
  level: {
    type: 'RADIO_BUTTON',
    label: 'Level',
    options: { low: { label: 'low' }, high: { label: 'high' } },
    defaultValue: 'low',
  },
  tags: { type: 'CHECK_BOX', label: 'Tags', options: { a: { label: 'a' } }, defaultValue: ['a'] },
  since: { type: 'DATE', label: 'Since', defaultNowValue: true },
  note: { type: 'SINGLE_LINE_TEXT', label: 'Note', defaultValue: '' },
  amount: { type: 'NUMBER', label: 'Amount' },
} as unknown as Record<string, FieldManifest>;

const converter = recordConverter({
  fields,
  key: 'code',
  folder: 'files/things',
  maps: undefined,
  masker: null,
  masked: new Set(),
});

describe('export --records: empty values of fields with a default', () => {
  it('writes them as null; other empty fields are left out', () => {
    const read = {
      code: { type: 'SINGLE_LINE_TEXT', value: 'K1' },
      level: { type: 'RADIO_BUTTON', value: '' },
      tags: { type: 'CHECK_BOX', value: [] },
      since: { type: 'DATE', value: null },
      note: { type: 'SINGLE_LINE_TEXT', value: '' },
      amount: { type: 'NUMBER', value: '' },
    };
    expect(converter.toPlain(read).fields).toEqual({ code: 'K1', level: null, tags: null, since: null });
  });

  it('writes their values as any other', () => {
    const read = {
      code: { type: 'SINGLE_LINE_TEXT', value: 'K1' },
      level: { type: 'RADIO_BUTTON', value: 'high' },
      tags: { type: 'CHECK_BOX', value: ['a'] },
    };
    expect(converter.toPlain(read).fields).toEqual({ code: 'K1', level: 'high', tags: ['a'] });
  });

  it('a CSV file writes the empty value as an empty cell (not "null")', () => {
    const record = converter.toPlain({
      code: { type: 'SINGLE_LINE_TEXT', value: 'K1' },
      level: { type: 'RADIO_BUTTON', value: '' },
    });
    expect(recordFileText('things.csv', [record], null).text).toBe('code,level\r\nK1,\r\n');
  });
});
