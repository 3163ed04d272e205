/**
 * Seed's check that the environment's app has each field a record file names as the manifest has
 * it (records/seed-fields.ts; docs/records.md, "After a field's type or place changes"): a type
 * changed, a field moved into or out of a table, a field not there yet; the fields the file does
 * not name are not looked at.
 */
import { describe, expect, it } from 'vitest';
import { unappliedFields, type ManifestField, type ServiceField } from '../../src/records/index.js';

const manifest: Record<string, ManifestField> = {
  code: { type: 'SINGLE_LINE_TEXT' },
  due: { type: 'DATETIME' },
  memo: { type: 'SINGLE_LINE_TEXT' },
  items: {
    type: 'SUBTABLE',
    fields: { item: { type: 'SINGLE_LINE_TEXT' }, note: { type: 'SINGLE_LINE_TEXT' } },
  },
};

describe('unappliedFields', () => {
  it.each([
    {
      case: 'the service has every named field as the manifest: none',
      service: { ...manifest, memo: { type: 'NUMBER' } },
      records: [{ code: { value: 'T1' }, due: { value: '2024-01-01T00:00:00Z' } }],
      found: [],
    },
    {
      case: 'a type changed in the manifest',
      service: { ...manifest, due: { type: 'DATE' } },
      records: [{ code: { value: 'T1' }, due: { value: '2024-01-01T00:00:00Z' } }],
      found: [{ field: 'due', manifest: 'a DATETIME', service: 'a DATE' }],
    },
    {
      case: 'a field moved into a table, named in its rows',
      service: {
        code: { type: 'SINGLE_LINE_TEXT' },
        note: { type: 'SINGLE_LINE_TEXT' },
        items: { type: 'SUBTABLE', fields: { item: { type: 'SINGLE_LINE_TEXT' } } },
      },
      records: [
        {
          code: { value: 'T1' },
          items: { value: [{ value: { item: { value: 'a' }, note: { value: 'b' } } }] },
        },
      ],
      found: [
        {
          field: 'items.note',
          manifest: 'a SINGLE_LINE_TEXT in the table items',
          service: 'a SINGLE_LINE_TEXT at the top level',
        },
      ],
    },
    {
      case: 'a field moved out of a table, and one not added yet',
      service: {
        code: { type: 'SINGLE_LINE_TEXT' },
        items: { type: 'SUBTABLE', fields: { memo: { type: 'SINGLE_LINE_TEXT' } } },
      },
      records: [{ code: { value: 'T1' }, memo: { value: 'x' }, due: { value: '' } }],
      found: [
        { field: 'memo', manifest: 'a SINGLE_LINE_TEXT', service: 'a SINGLE_LINE_TEXT in the table items' },
        { field: 'due', manifest: 'a DATETIME', service: 'no such field' },
      ],
    },
  ] as {
    case: string;
    service: Record<string, ServiceField>;
    records: Record<string, { value: unknown }>[];
    found: unknown[];
  }[])('$case', ({ service, records, found }) => {
    expect(unappliedFields(manifest, service, records)).toEqual(found);
  });
});
