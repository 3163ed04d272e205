import { beforeEach, describe, expect, it } from 'vitest';
import { useEmulator } from '../harness.js';
import { addRecords, appWithFields, ok, rec } from './records-helpers.js';

const emu = useEmulator();
let app: string;

beforeEach(async () => {
  app = await appWithFields(emu, { n: { type: 'NUMBER' } });
  await addRecords(
    emu,
    app,
    Array.from({ length: 7 }, (_, i) => rec({ n: i + 1 })),
  );
});

const page = (id: string) => emu.call('GET', '/k/v1/records/cursor.json', { id });

describe('cursors', () => {
  it('pages through the ids fixed at creation, reads values per page, and deletes itself after the last page', async () => {
    const cursor = await ok(
      emu.call('POST', '/k/v1/records/cursor.json', {
        app,
        query: 'n >= 2 order by n asc',
        size: 3,
        fields: ['n'],
      }),
    );
    expect(cursor).toEqual({ id: expect.any(String), totalCount: '6' });
    const first = await ok(page(cursor.id));
    expect([first.records.map((r: any) => r.n.value as unknown), first.next]).toEqual([
      ['2', '3', '4'],
      true,
    ]);
    // Changed after creation: the new value shows, the new record does not.
    await ok(emu.call('PUT', '/k/v1/record.json', { app, id: 5, record: rec({ n: 50 }) }));
    await addRecords(emu, app, [rec({ n: 8 })]);
    const second = await ok(page(cursor.id));
    expect([second.records.map((r: any) => r.n.value as unknown), second.next]).toEqual([
      ['50', '6', '7'],
      false,
    ]);
    const after = await page(cursor.id);
    expect([after.status, after.body.code]).toEqual([404, 'GAIA_CU01']);
  });

  it('expires after 10 minutes without a read on the service clock; each read resets the timer', async () => {
    const { id } = await ok(emu.call('POST', '/k/v1/records/cursor.json', { app, size: 1 }));
    await ok(emu.call('POST', '/_emulator/clock', { advanceMs: 9 * 60_000 }));
    await ok(page(id));
    await ok(emu.call('POST', '/_emulator/clock', { advanceMs: 9 * 60_000 }));
    await ok(page(id));
    await ok(emu.call('POST', '/_emulator/clock', { advanceMs: 10 * 60_000 }));
    const expired = await page(id);
    expect([expired.status, expired.body.code]).toEqual([404, 'GAIA_CU01']);
  });

  it.each([
    ['size 0', { size: 0 }, 'CB_VA01'],
    ['size 501', { size: 501 }, 'CB_VA01'],
    ['a query with limit', { query: 'n > 1 limit 5' }, 'CB_VA01'],
    ['a query with offset', { query: 'offset 5' }, 'CB_VA01'],
  ])('refuses %s', async (_case, params, code) => {
    const res = await emu.call('POST', '/k/v1/records/cursor.json', { app, ...params });
    expect([res.status, res.body.code]).toEqual([400, code]);
  });

  it('reads 100 records a page when no size is given', async () => {
    await addRecords(
      emu,
      app,
      Array.from({ length: 100 }, (_, i) => rec({ n: i + 8 })),
    );
    const { id, totalCount } = await ok(emu.call('POST', '/k/v1/records/cursor.json', { app }));
    expect(totalCount).toBe('107');
    const first = await ok(page(id));
    expect([first.records.length, first.next]).toEqual([100, true]);
    const second = await ok(page(id));
    expect([second.records.length, second.next]).toEqual([7, false]);
  });

  it('keeps at most 10 open, and a deleted one frees its place', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 10; i++)
      ids.push((await ok(emu.call('POST', '/k/v1/records/cursor.json', { app }))).id);
    const eleventh = await emu.call('POST', '/k/v1/records/cursor.json', { app });
    expect([eleventh.status, eleventh.body.code]).toEqual([400, 'GAIA_CU02']);
    await ok(emu.call('DELETE', '/k/v1/records/cursor.json', { id: ids[0] }));
    await ok(emu.call('POST', '/k/v1/records/cursor.json', { app }));
    const unknown = await emu.call('DELETE', '/k/v1/records/cursor.json', { id: ids[0] });
    expect([unknown.status, unknown.body.code]).toEqual([404, 'GAIA_CU01']);
  });
});
