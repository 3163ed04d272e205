/**
 * UPSERT mode of PUT records.json, as the kintone REST API documents it (cybozu.dev,
 * records/update-records: `upsert`, `records[].operation`): an item naming a record that exists
 * updates it, one naming none adds a record (a new id, not the one given; by updateKey, holding
 * the key's value); the add permission is needed too; the call stays all or nothing.
 */
import { describe, expect, it } from 'vitest';
import { useEmulator } from '../harness.js';
import { addRecords, appWithFields, ok, rec } from './records-helpers.js';

const emu = useEmulator();

const FIELDS = { code: { type: 'SINGLE_LINE_TEXT', unique: true }, n: { type: 'NUMBER' } };

async function rows(app: string): Promise<[string, string, string][]> {
  const read = await ok(emu.call('GET', '/k/v1/records.json', { app, query: 'order by $id asc' }));
  const records = read.records as Record<string, { value: string }>[];
  return records.map((r) => [r.$id!.value, r.code!.value, r.n!.value]);
}

describe('PUT records.json with upsert: true', () => {
  const cases = [
    {
      name: 'updateKey naming a record updates it',
      item: { updateKey: { field: 'code', value: 'a' }, record: rec({ n: 5 }) },
      answer: { id: '1', revision: '2', operation: 'UPDATE' },
      after: [['1', 'a', '5']],
    },
    {
      name: 'updateKey naming none adds a record holding the key',
      item: { updateKey: { field: 'code', value: 'b' }, record: rec({ n: 7 }) },
      answer: { id: '2', revision: '1', operation: 'INSERT' },
      after: [
        ['1', 'a', '1'],
        ['2', 'b', '7'],
      ],
    },
    {
      name: 'an id naming none adds a record under a new id',
      item: { id: 99, record: rec({ code: 'c', n: 8 }) },
      answer: { id: '2', revision: '1', operation: 'INSERT' },
      after: [
        ['1', 'a', '1'],
        ['2', 'c', '8'],
      ],
    },
    {
      name: 'an id naming a record updates it',
      item: { id: 1, record: rec({ n: 9 }) },
      answer: { id: '1', revision: '2', operation: 'UPDATE' },
      after: [['1', 'a', '9']],
    },
  ];
  for (const c of cases)
    it(c.name, async () => {
      const app = await appWithFields(emu, FIELDS);
      await addRecords(emu, app, [rec({ code: 'a', n: 1 })]);
      const res = await ok(emu.call('PUT', '/k/v1/records.json', { app, upsert: true, records: [c.item] }));
      expect(res).toEqual({ records: [c.answer] });
      expect(await rows(app)).toEqual(c.after);
    });

  it('is all or nothing: a failing item leaves no insert behind', async () => {
    const app = await appWithFields(emu, FIELDS);
    await addRecords(emu, app, [rec({ code: 'a', n: 1 })]);
    const res = await emu.call('PUT', '/k/v1/records.json', {
      app,
      upsert: true,
      records: [
        { updateKey: { field: 'code', value: 'b' }, record: rec({ n: 2 }) },
        { updateKey: { field: 'code', value: 'c' }, record: rec({ n: 'abc' }) },
      ],
    });
    expect([res.status, res.body.code]).toEqual([400, 'CB_VA01']);
    expect(await rows(app)).toEqual([['1', 'a', '1']]);
  });

  it('needs the add permission as well as edit', async () => {
    const app = await appWithFields(emu, FIELDS);
    await addRecords(emu, app, [rec({ code: 'a', n: 1 })]);
    const { token } = await ok(
      emu.call('POST', '/_emulator/tokens', { app, permissions: { view: true, edit: true } }),
    );
    const body = { app, records: [{ updateKey: { field: 'code', value: 'a' }, record: rec({ n: 2 }) }] };
    const plain = await emu.call('PUT', '/k/v1/records.json', body, { user: null, token });
    expect(plain.status).toBe(200);
    const upsert = await emu.call(
      'PUT',
      '/k/v1/records.json',
      { ...body, upsert: true },
      { user: null, token },
    );
    expect([upsert.status, upsert.body.code]).toEqual([403, 'GAIA_NO01']);
  });
});
