// The caps of the record endpoints, at and just past each boundary.
import { beforeEach, describe, expect, it } from 'vitest';
import { useEmulator, type Reply } from '../harness.js';
import { REVIEW_PROCESS, USERS, addRecords, appWithFields, ok, rec } from './records-helpers.js';

const emu = useEmulator({ users: USERS });
let app: string;

beforeEach(async () => {
  app = await appWithFields(emu, { amount: { type: 'NUMBER' } }, { process: REVIEW_PROCESS });
});

const refusal = (res: Reply): unknown[] => [res.status, res.body.code, Object.keys(res.body.errors ?? {})];
const count = async (): Promise<string> =>
  (await ok(emu.call('GET', '/k/v1/records.json', { app, totalCount: true, query: 'limit 1' })))
    .totalCount as string;

describe('batch sizes', () => {
  it('adds at most 100 records a call', async () => {
    const many = (n: number) => Array.from({ length: n }, (_, i) => rec({ amount: i }));
    expect(refusal(await emu.call('POST', '/k/v1/records.json', { app, records: many(101) }))).toEqual([
      400,
      'CB_VA01',
      ['records'],
    ]);
    expect(await count()).toBe('0');
    expect((await addRecords(emu, app, many(100))).length).toBe(100);
  });

  it('deletes at most 100 ids a call', async () => {
    await addRecords(
      emu,
      app,
      Array.from({ length: 100 }, () => rec({})),
    );
    const ids = (n: number) => Array.from({ length: n }, (_, i) => i + 1);
    expect(refusal(await emu.call('DELETE', '/k/v1/records.json', { app, ids: ids(101) }))).toEqual([
      400,
      'CB_VA01',
      ['ids'],
    ]);
    expect(await count()).toBe('100');
    await ok(emu.call('DELETE', '/k/v1/records.json', { app, ids: ids(100) }));
    expect(await count()).toBe('0');
  });

  it('changes at most 100 statuses a call', async () => {
    await addRecords(
      emu,
      app,
      Array.from({ length: 100 }, () => rec({})),
    );
    const items = (n: number) =>
      Array.from({ length: n }, (_, i) => ({ id: (i % 100) + 1, action: 'Submit', assignee: 'bob' }));
    expect(refusal(await emu.call('PUT', '/k/v1/records/status.json', { app, records: items(101) }))).toEqual(
      [400, 'CB_VA01', ['records']],
    );
    const done = await ok(emu.call('PUT', '/k/v1/records/status.json', { app, records: items(100) }));
    expect(done.records).toHaveLength(100);
  });
});

describe('limit and offset', () => {
  it('accept limit 500 and offset 10000, and refuse one more', async () => {
    await addRecords(emu, app, [rec({ amount: 1 }), rec({ amount: 2 })]);
    const list = (query: string) => emu.call('GET', '/k/v1/records.json', { app, query });
    expect((await ok(list('limit 500'))).records).toHaveLength(2);
    expect((await ok(list('order by $id asc limit 500 offset 1'))).records).toHaveLength(1);
    expect((await ok(list('offset 10000'))).records).toEqual([]);
    expect(refusal(await list('limit 501'))).toEqual([400, 'GAIA_QU01', []]);
    expect(refusal(await list('offset 10001'))).toEqual([400, 'GAIA_QU02', []]);
  });
});
