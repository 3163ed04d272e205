/** Which calls are repeated after which failures, how long the client waits, and what it reports. */
import { afterEach, describe, expect, it } from 'vitest';
import type { Client } from '../../src/client/index.js';
import { ServiceError, TransportNetworkError } from '../../src/client/index.js';
import { backoffDelay, parseRetryAfter } from '../../src/client/retry.js';
import { connectionReset, harness, type Harness } from './harness.js';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const busy = { code: 'GAIA_TO04', id: 'e1', message: 'Too many concurrent requests.' };
const down = { code: 'CB_IJ01', id: 'e2', message: 'Internal error.' };

/** One call of each kind: the safe ones, and the writes that must never run twice. */
const calls: [string, (c: Client) => Promise<unknown>, boolean][] = [
  ['GET records', (c) => c.records.getRecords({ app: 1 }), true],
  ['POST preview/app (create app)', (c) => c.apps.addApp({ name: 'A' }), false],
  ['POST record', (c) => c.records.addRecord({ app: 1, record: {} }), false],
  [
    'POST bulkRequest',
    (c) => c.bulk.send([{ method: 'DELETE', api: 'records.json', payload: { app: 1, ids: [1] } }]),
    false,
  ],
  ['POST file (upload)', (c) => c.files.upload(Buffer.from('x'), { name: 'x.txt' }), false],
  ['POST record/comment', (c) => c.comments.addComment({ app: 1, record: 1, comment: { text: 'x' } }), false],
  ['PUT record', (c) => c.records.updateRecord({ app: 1, id: 1, record: {} }), false],
  ['PUT preview/app/views (settings)', (c) => c.settings.updateViews({ app: 1, views: {} }), false],
  ['DELETE records', (c) => c.records.deleteRecords({ app: 1, ids: [1] }), false],
  ['GET records/cursor (advances the cursor)', (c) => c.cursors.getRecords({ id: 'c' }), false],
  ['PUT space/members (replaces the list)', (c) => c.spaces.updateSpaceMembers({ id: 1, members: [] }), true],
];

describe('429 is retried for every call', () => {
  it.each(calls)('%s', async (_name, call) => {
    h = harness();
    h.reply(429, busy);
    h.reply(200, {});
    await call(h.client);
    expect(h.calls()).toHaveLength(2);
    expect(h.events.filter((e) => e.type === 'retry')).toHaveLength(1);
  });
});

describe('a connection reset is retried only for calls safe to repeat', () => {
  it.each(calls)('%s', async (_name, call, safe) => {
    h = harness();
    h.replyError(connectionReset());
    h.reply(200, {});
    const outcome = await call(h.client).then(
      () => 'ok',
      (e: unknown) => e,
    );
    if (safe) {
      expect(outcome).toBe('ok');
      expect(h.calls()).toHaveLength(2);
    } else {
      expect(outcome).toBeInstanceOf(TransportNetworkError);
      expect(outcome).toMatchObject({ code: 'ECONNRESET', name: 'TransportError.Network' });
      expect(h.calls()).toHaveLength(1);
    }
  });
});

describe('5xx and timeouts', () => {
  it('retries a GET after a 503 and a timeout, then succeeds', async () => {
    // Generous enough that the prompt answers never time out on a busy machine.
    h = harness({ timeoutMs: 300 });
    h.reply(503, down);
    h.replyLate(5_000, 200, {});
    h.reply(200, { apps: [] });
    await expect(h.client.apps.getApps()).resolves.toEqual({ apps: [] });
    expect(h.events.filter((e) => e.type === 'retry').map((e) => e.type === 'retry' && e.reason)).toEqual([
      expect.stringContaining('[503] [CB_IJ01]'),
      expect.stringContaining('got no answer within 300 ms'),
    ]);
  });

  it('does not retry a POST after a 500', async () => {
    h = harness();
    h.reply(500, down);
    await expect(h.client.records.addRecord({ app: 1 })).rejects.toMatchObject({ status: 500 });
    expect(h.calls()).toHaveLength(1);
  });

  it('gives up after `retries` and throws the last error', async () => {
    h = harness({ retry: { retries: 2, initialDelayMs: 1, maxDelayMs: 1 } });
    for (let i = 0; i < 3; i += 1) h.reply(429, busy);
    const error = await h.client.apps.getApps().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServiceError);
    expect(h.calls()).toHaveLength(3);
    expect(h.events.filter((e) => e.type === 'retry').map((e) => e.type === 'retry' && e.attempt)).toEqual([
      1, 2,
    ]);
  });

  it('does not retry a 4xx other than 429', async () => {
    h = harness();
    h.reply(409, { code: 'GAIA_CO02', id: 'x', message: 'revision mismatch' });
    await expect(h.client.apps.getApps()).rejects.toMatchObject({ code: 'GAIA_CO02' });
    expect(h.calls()).toHaveLength(1);
  });
});

describe('backoff', () => {
  const options = { retries: 5, initialDelayMs: 100, maxDelayMs: 1_000 };

  it.each([
    // attempt, random, retry-after, expected: half the exponential ceiling plus a random half.
    [1, 0, undefined, 50],
    [1, 1, undefined, 100],
    [2, 0.5, undefined, 150],
    [3, 1, undefined, 400],
    [5, 1, undefined, 1_000],
    [9, 0, undefined, 500],
    [1, 0, 700, 700],
    [1, 0, 60_000, 1_000],
  ])('attempt %i with random %f and Retry-After %s waits %i ms', (attempt, random, retryAfter, expected) => {
    expect(backoffDelay(attempt, options, retryAfter, () => random)).toBe(expected);
  });

  it.each([
    ['2', 2_000],
    ['0', 0],
    ['Thu, 01 Jan 1970 00:00:05 GMT', 4_000],
    ['soon', undefined],
    [undefined, undefined],
  ])('reads Retry-After %s as %s ms', (header, expected) => {
    expect(parseRetryAfter(header, 1_000)).toBe(expected);
  });

  it('honours Retry-After from a 429 as the shortest wait', async () => {
    h = harness({ retry: { initialDelayMs: 1, maxDelayMs: 30 } });
    h.reply(429, busy, { 'retry-after': '0.02' });
    h.reply(200, { apps: [] });
    await h.client.apps.getApps();
    expect(h.events.find((e) => e.type === 'retry')).toMatchObject({ delayMs: 20 });
  });
});
