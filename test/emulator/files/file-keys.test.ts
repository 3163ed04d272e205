// fileKeysOf: the attachment keys a stored record holds, which the record file index follows on
// every write. A FILE value is a list of `{contentType, fileKey, name, size}`, at top level or in
// a table row's cell (rest-interface.md, record field values); any other field holds none.
import { describe, expect, it } from 'vitest';
import { fileKeysOf } from '../../../src/emulator/file-index/record-files.js';
import type { StoredRecord } from '../../../src/emulator/records/model.js';
import type { JsonObject } from '../../../src/emulator/model/app.js';

const file = (fileKey: string) => ({ contentType: 'text/plain', fileKey, name: `${fileKey}.txt`, size: '1' });
const row = (id: string, cells: Record<string, JsonObject>): JsonObject => ({ id, value: cells });

const CASES: [string, StoredRecord, string[]][] = [
  [
    'no field that can hold a file',
    {
      $id: { type: '__ID__', value: '1' },
      title: { type: 'SINGLE_LINE_TEXT', value: 'fileKey' },
      owner: { type: 'USER_SELECT', value: [{ code: 'alice', name: 'Alice' }] },
    },
    [],
  ],
  [
    'top-level FILE fields',
    {
      $id: { type: '__ID__', value: '1' },
      a: { type: 'FILE', value: [file('k1'), file('k2')] },
      b: { type: 'FILE', value: [] },
      c: { type: 'FILE', value: [file('k3')] },
    },
    ['k1', 'k2', 'k3'],
  ],
  [
    'FILE cells of table rows, beside a top-level one',
    {
      items: {
        type: 'SUBTABLE',
        value: [
          row('10', {
            scan: { type: 'FILE', value: [file('k4')] },
            note: { type: 'SINGLE_LINE_TEXT', value: 'x' },
          }),
          row('11', { scan: { type: 'FILE', value: [file('k5'), file('k4')] } }),
        ],
      },
      a: { type: 'FILE', value: [file('k6')] },
    },
    ['k4', 'k5', 'k6'],
  ],
  ['a table with no FILE cell', { items: { type: 'SUBTABLE', value: [row('12', {})] } }, []],
];

describe('fileKeysOf', () => {
  it.each(CASES)('%s', (_, record, keys) => {
    expect([...fileKeysOf(record)].sort()).toEqual(keys);
  });

  it('reads only the record own fields, not one an object it inherits from holds', () => {
    const inherited = { a: { type: 'FILE', value: [file('k7')] } };
    const record = Object.assign(Object.create(inherited) as StoredRecord, {
      b: { type: 'FILE', value: [file('k8')] },
    });
    expect([...fileKeysOf(record)]).toEqual(['k8']);
  });
});
