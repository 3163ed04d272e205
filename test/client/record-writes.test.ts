/** addAll, updateAll, deleteAll: chunking into bulk requests, and exact reports on failure. */
import { afterEach, describe, expect, it } from 'vitest';
import { BulkWriteError } from '../../src/client/index.js';
import { connectionReset, harness, type Harness } from './harness.js';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const records = (n: number) => Array.from({ length: n }, (_, i) => ({ title: { value: `r${i}` } }));
/** The answer of POST records.json for `count` records whose ids start at `first`. */
const added = (first: number, count: number) => ({
  ids: Array.from({ length: count }, (_, i) => String(first + i)),
  revisions: Array.from({ length: count }, () => '1'),
});
const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i);

interface BulkBody {
  requests: { method: string; api: string; payload: { records?: unknown[]; ids?: unknown[] } }[];
}

describe('chunking', () => {
  it('sends 2,150 records as 22 calls of up to 100: one bulk request of 20 calls, then one of 2', async () => {
    h = harness();
    h.reply(200, { results: range(0, 20).map((c) => added(c * 100 + 1, 100)) });
    h.reply(200, { results: [added(2001, 100), added(2101, 50)] });
    const result = await h.client.records.addAll(7, records(2150));
    const bodies = h.calls().map((c) => c.body as BulkBody);
    expect(bodies.map((b) => b.requests.map((r) => r.payload.records?.length))).toEqual([
      Array.from({ length: 20 }, () => 100),
      [100, 50],
    ]);
    expect(bodies[0]!.requests[0]).toMatchObject({
      method: 'POST',
      api: '/k/v1/records.json',
      payload: { app: 7 },
    });
    expect(bodies[1]!.requests[1]!.payload.records![49]).toEqual({ title: { value: 'r2149' } });
    expect(result.records).toHaveLength(2150);
    expect(result.records[2149]).toEqual({ index: 2149, id: '2150', revision: '1' });
  });

  it('updates by id and by update key, and reports the ids the service answers', async () => {
    h = harness();
    h.reply(200, {
      results: [
        {
          records: [
            { id: '4', revision: '3' },
            { id: '9', revision: '2' },
          ],
        },
      ],
    });
    const result = await h.client.records.updateAll(7, [
      { id: 4, record: { title: { value: 'a' } }, revision: 2 },
      { updateKey: { field: 'code', value: 'X' }, record: { title: { value: 'b' } } },
    ]);
    expect((h.calls()[0]!.body as BulkBody).requests).toEqual([
      {
        method: 'PUT',
        api: '/k/v1/records.json',
        payload: {
          app: 7,
          records: [
            { id: 4, record: { title: { value: 'a' } }, revision: 2 },
            { updateKey: { field: 'code', value: 'X' }, record: { title: { value: 'b' } } },
          ],
        },
      },
    ]);
    expect(result.records).toEqual([
      { index: 0, id: '4', revision: '3' },
      { index: 1, id: '9', revision: '2' },
    ]);
  });

  it('deletes 150 ids in two calls of one bulk request', async () => {
    h = harness();
    h.reply(200, { results: [{}, {}] });
    const ids = range(1, 151);
    const result = await h.client.records.deleteAll(7, ids);
    expect((h.calls()[0]!.body as BulkBody).requests.map((r) => [r.method, r.payload.ids])).toEqual([
      ['DELETE', range(1, 101)],
      ['DELETE', range(101, 151)],
    ]);
    expect(result.records.map((r) => r.id)).toEqual(ids.map(String));
  });

  it('deletes with revisions: each call gets the revisions of its ids, in order', async () => {
    h = harness();
    h.reply(200, { results: [{}, {}] });
    const ids = range(1, 151);
    await h.client.records.deleteAll(7, ids, { revisions: ids.map((i) => String(i * 10)) });
    expect((h.calls()[0]!.body as BulkBody).requests.map((r) => r.payload)).toEqual([
      { app: 7, ids: range(1, 101), revisions: range(1, 101).map((i) => String(i * 10)) },
      { app: 7, ids: range(101, 151), revisions: range(101, 151).map((i) => String(i * 10)) },
    ]);
  });

  it('sends nothing for no records', async () => {
    h = harness();
    expect(await h.client.records.addAll(7, [])).toEqual({ records: [] });
    expect(h.calls()).toHaveLength(0);
  });
});

describe('failure reports', () => {
  it('a call failing inside the second bulk request: earlier requests and calls kept, the rest not', async () => {
    h = harness();
    h.reply(200, { results: range(0, 20).map((c) => added(c * 100 + 1, 100)) });
    const failed = { code: 'CB_VA01', id: 'e', message: 'Missing or invalid input.' };
    // Second request: 5 calls (2,000-2,449). Call 0 succeeds, call 1 fails, calls 2-4 never run.
    // The service reports only the error: call 0's ids and revisions are not in the answer.
    h.reply(400, { results: [{}, failed, {}, {}, {}] });
    const error = await h.client.records.addAll(7, records(2450)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BulkWriteError);
    const report = error as BulkWriteError;
    expect(report.written.map((r) => r.index)).toEqual(range(0, 2100));
    expect(report.written[1999]).toEqual({ index: 1999, id: '2000', revision: '1' });
    expect(report.written[2000]).toEqual({ index: 2000, id: undefined, revision: undefined });
    expect(report.written[2099]).toEqual({ index: 2099, id: undefined, revision: undefined });
    expect(report.notWritten).toEqual(range(2100, 2450));
    expect(report.unknown).toEqual([]);
    expect(report.cause).toMatchObject({ code: 'CB_VA01', bulkIndex: 1 });
    expect(report.message).toBe(
      'addAll on app 7 stopped after a failed bulk request: of 2450 records, ' +
        '2100 written (indexes 0-2099); 350 not written (indexes 2100-2449). ' +
        'Cause: [400] [CB_VA01] Missing or invalid input. (e)',
    );
  });

  it('a whole bulk request turned away: none of it written', async () => {
    h = harness();
    h.reply(400, { code: 'CB_VA01', id: 'e', message: 'Missing or invalid input.' });
    const error = (await h.client.records
      .deleteAll(7, range(1, 6))
      .catch((e: unknown) => e)) as BulkWriteError;
    expect({ written: error.written, notWritten: error.notWritten, unknown: error.unknown }).toEqual({
      written: [],
      notWritten: range(0, 5),
      unknown: [],
    });
  });

  it("a lost answer: that request's records are unknown, later ones not written", async () => {
    h = harness();
    h.reply(200, { results: range(0, 20).map(() => ({})) });
    h.replyError(connectionReset());
    const error = (await h.client.records
      .deleteAll(7, range(0, 4100))
      .catch((e: unknown) => e)) as BulkWriteError;
    expect(h.calls()).toHaveLength(2);
    expect(error.written).toHaveLength(2000);
    expect(error.unknown).toEqual(range(2000, 4000));
    expect(error.notWritten).toEqual(range(4000, 4100));
    expect(error.message).toContain('2000 unknown (indexes 2000-3999): read them back before retrying');
  });
});

describe('parallel', () => {
  it('sends up to `parallel` bulk requests at once, and reports every record in input order', async () => {
    const t = (h = harness());
    const held = t.hold({ results: [] });
    const writing = t.client.records.deleteAll(7, range(1, 5001), { parallel: 2 });
    await expect.poll(() => held.waiting()).toBe(2);
    expect(t.calls()).toHaveLength(2);
    // The third starts once one of the first two is answered.
    held.releaseOne();
    await expect.poll(() => t.calls().length).toBe(3);
    expect(held.waiting()).toBe(2);
    held.releaseOne();
    held.releaseOne();
    const result = await writing;
    expect(held.maxWaiting()).toBe(2);
    expect(result.records.map((r) => r.index)).toEqual(range(0, 5000));
    expect(result.records[4999]).toEqual({ index: 4999, id: '5000', revision: undefined });
  });

  it('a call failing in the middle one of three bulk requests in flight: the other two are written', async () => {
    h = harness();
    const failed = { code: 'CB_VA01', id: 'e', message: 'Missing or invalid input.' };
    h.reply(200, { results: range(0, 20).map((c) => added(c * 100 + 1, 100)) });
    // The second: 20 calls (2,000-3,999); call 0 succeeds, call 1 fails, the rest never run.
    h.reply(400, { results: [{}, failed, ...range(2, 20).map(() => ({}))] });
    h.reply(200, { results: [added(4001, 100)] });
    const error = (await h.client.records
      .addAll(7, records(4100), { parallel: 3 })
      .catch((e: unknown) => e)) as BulkWriteError;
    expect(error).toBeInstanceOf(BulkWriteError);
    expect(error.written.map((r) => r.index)).toEqual([...range(0, 2100), ...range(4000, 4100)]);
    expect(error.written[4099 - 1900]).toEqual({ index: 4099, id: '4100', revision: '1' });
    expect(error.notWritten).toEqual(range(2100, 4000));
    expect(error.message).toBe(
      'addAll on app 7 stopped after a failed bulk request: of 4100 records, ' +
        '2200 written (indexes 0-2099, 4000-4099); 1900 not written (indexes 2100-3999). ' +
        'Cause: [400] [CB_VA01] Missing or invalid input. (e)',
    );
  });

  it('after a failure no further bulk request starts: those not sent are not written', async () => {
    h = harness();
    h.reply(400, { code: 'CB_VA01', id: 'e', message: 'Missing or invalid input.' });
    h.reply(200, { results: range(0, 20).map(() => ({})) });
    const error = (await h.client.records
      .deleteAll(7, range(0, 8000), { parallel: 2 })
      .catch((e: unknown) => e)) as BulkWriteError;
    expect(h.calls()).toHaveLength(2);
    expect({ written: error.written.length, notWritten: error.notWritten, unknown: error.unknown }).toEqual({
      written: 2000,
      notWritten: [...range(0, 2000), ...range(4000, 8000)],
      unknown: [],
    });
  });

  it.each([0, 1.5, Number.NaN])('refuses parallel %s', async (parallel) => {
    h = harness();
    await expect(h.client.records.addAll(7, records(1), { parallel })).rejects.toThrow(
      `parallel must be a whole number of at least 1, got ${parallel}`,
    );
    expect(h.calls()).toHaveLength(0);
  });
});
