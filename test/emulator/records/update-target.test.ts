/**
 * How an update names its record, as the kintone REST API documents it (cybozu.dev,
 * records/update-record and records/update-records): `id` or `updateKey`, never both
 * ("updateKeyを指定する場合は、idを指定できません").
 */
import { describe, expect, it } from 'vitest';
import { useEmulator } from '../harness.js';
import { addRecords, appWithFields, ok, rec } from './records-helpers.js';

const emu = useEmulator();

describe('update by id or updateKey', () => {
  const cases = [
    {
      name: 'PUT record.json',
      path: '/k/v1/record.json',
      body: (app: string) => ({
        app,
        id: 1,
        updateKey: { field: 'code', value: 'a' },
        record: rec({ n: 5 }),
      }),
      key: 'updateKey',
    },
    {
      name: 'PUT records.json',
      path: '/k/v1/records.json',
      body: (app: string) => ({
        app,
        records: [
          { id: 1, record: rec({ n: 6 }) },
          { id: 1, updateKey: { field: 'code', value: 'a' }, record: rec({ n: 5 }) },
        ],
      }),
      key: 'records[1].updateKey',
    },
  ];
  for (const c of cases)
    it(`${c.name}: refuses id and updateKey together, and changes nothing`, async () => {
      const app = await appWithFields(emu, {
        code: { type: 'SINGLE_LINE_TEXT', unique: true },
        n: { type: 'NUMBER' },
      });
      await addRecords(emu, app, [rec({ code: 'a', n: 1 })]);
      const res = await emu.call('PUT', c.path, c.body(app));
      expect([res.status, res.body.code, Object.keys(res.body.errors ?? {})]).toEqual([
        400,
        'CB_VA01',
        [c.key],
      ]);
      const after = await ok(emu.call('GET', '/k/v1/record.json', { app, id: 1 }));
      expect([after.record.n.value, after.record.$revision.value]).toEqual(['1', '1']);
    });
});
