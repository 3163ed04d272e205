// The daily API request count per app (platform/limits.ts REQUESTS_PER_APP_PER_DAY): the
// platform counts every call per app and day (09:00 JST = 00:00 UTC) and does not refuse past the
// figure; the local service counts the same way and refuses only past a limit a test sets.
import { beforeEach, describe, expect, it } from 'vitest';
import { useEmulator } from '../harness.js';
import { USERS, appWithFields, ok, rec } from './records-helpers.js';

const emu = useEmulator({ users: USERS });
let app: string;
let other: string;

beforeEach(async () => {
  app = await appWithFields(emu, { n: { type: 'NUMBER' } });
  other = await appWithFields(emu, { n: { type: 'NUMBER' } });
});

interface QuotaView {
  limit: number | null;
  day: string;
  requests: Record<string, number>;
}
const quota = async (): Promise<QuotaView> => (await ok(emu.call('GET', '/_emulator/quota'))) as QuotaView;
const used = async (id: string): Promise<number> => (await quota()).requests[id] ?? 0;
const setLimit = (limit: number | null) => ok(emu.call('PUT', '/_emulator/quota', { limit }));
const addOne = (id: string, n: number) =>
  emu.call('POST', '/k/v1/record.json', { app: id, record: rec({ n }) });
const count = async (id: string): Promise<string> =>
  (await ok(emu.call('GET', '/k/v1/records.json', { app: id, totalCount: true }))).totalCount as string;

/** Milliseconds from the service clock's now to just past the next 00:00 UTC (09:00 JST). */
async function toNextDay(): Promise<number> {
  const { now } = await ok(emu.call('POST', '/_emulator/clock', { advanceMs: 0 }));
  const at = Date.parse(now as string);
  const next = Date.UTC(
    new Date(at).getUTCFullYear(),
    new Date(at).getUTCMonth(),
    new Date(at).getUTCDate() + 1,
  );
  return next - at + 1000;
}

describe('daily request count', () => {
  it('counts one request per call naming the app, per app, and refuses nothing by default', async () => {
    const before = await quota();
    expect(before.limit).toBeNull();
    expect(before.day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    for (let i = 0; i < 3; i++) expect((await addOne(app, i)).status).toBe(200);
    await ok(emu.call('GET', '/k/v1/records.json', { app }));
    // A refused call counts too: the platform counts calls, not successes.
    expect((await emu.call('POST', '/k/v1/record.json', { app, record: rec({ n: 'x' }) })).status).toBe(400);
    const after = await quota();
    expect((after.requests[app] ?? 0) - (before.requests[app] ?? 0)).toBe(5);
    expect(after.requests[other]).toBe(before.requests[other]);
  });

  it('refuses past a lowered limit with 403 EMU_QU01 and no effect; other apps go on; the next day it works again', async () => {
    await setLimit((await used(app)) + 2);
    expect((await addOne(app, 1)).status).toBe(200);
    expect((await addOne(app, 2)).status).toBe(200);
    const refused = await addOne(app, 3);
    expect([refused.status, refused.body.code]).toEqual([403, 'EMU_QU01']);
    expect(refused.body.message).toContain(`app ${app}`);
    // The other app has its own count.
    expect((await addOne(other, 1)).status).toBe(200);
    await setLimit(null);
    expect(await count(app)).toBe('2');
    await setLimit(await used(app));
    expect((await addOne(app, 4)).status).toBe(403);
    await ok(emu.call('POST', '/_emulator/clock', { advanceMs: await toNextDay() }));
    expect(await used(app)).toBe(0);
    expect((await addOne(app, 5)).status).toBe(200);
    expect(await used(app)).toBe(1);
  });

  it('counts each call inside a bulk request against its own app; the call past the limit fails the request there', async () => {
    await setLimit((await used(app)) + 1);
    const res = await emu.call('POST', '/k/v1/bulkRequest.json', {
      requests: [
        { method: 'POST', api: '/k/v1/record.json', payload: { app: other, record: rec({ n: 1 }) } },
        { method: 'POST', api: '/k/v1/record.json', payload: { app, record: rec({ n: 2 }) } },
        { method: 'POST', api: '/k/v1/record.json', payload: { app, record: rec({ n: 3 }) } },
      ],
    });
    expect(res.status).toBe(403);
    expect(res.body.results).toEqual([{}, {}, expect.objectContaining({ code: 'EMU_QU01' })]);
  });

  it('counts a cursor read against the cursor app', async () => {
    const { id } = await ok(emu.call('POST', '/k/v1/records/cursor.json', { app }));
    const before = await used(app);
    await ok(emu.call('GET', '/k/v1/records/cursor.json', { id }));
    expect(await used(app)).toBe(before + 1);
  });

  it('takes a number of at least 0 or null; a reset lifts the limit and empties the counts', async () => {
    for (const limit of [-1, 'many', 1.5]) {
      const res = await emu.call('PUT', '/_emulator/quota', { limit });
      expect([res.status, Object.keys(res.body.errors ?? {})]).toEqual([400, ['limit']]);
    }
    expect((await emu.call('PUT', '/_emulator/quota', {})).status).toBe(400);
    await setLimit(0);
    expect((await addOne(app, 1)).status).toBe(403);
    const ja = await emu.call('GET', '/k/v1/records.json', { app }, { headers: { 'Accept-Language': 'ja' } });
    expect(ja.body.message).toMatch(
      new RegExp(`^アプリ${app}は\\d{4}-\\d{2}-\\d{2}のAPIリクエスト数の上限（0件）`),
    );
    await ok(emu.call('POST', '/_emulator/reset'));
    expect(await quota()).toMatchObject({ limit: null, requests: {} });
  });
});
