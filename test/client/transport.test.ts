/** Auth headers, paths, method override, timeouts, aborts and the concurrency limit. */
import { describe, expect, it } from 'vitest';
import { Pool, type Dispatcher } from 'undici';
import {
  type ClientOptions,
  ClientOptionsError,
  createClient,
  TransportAbortedError,
  TransportTimeoutError,
} from '../../src/client/index.js';
import { ORIGIN, testHarness, type Harness } from './harness.js';

describe('authentication headers', () => {
  it.each([
    [
      'login and password',
      { auth: { login: 'admin', password: 'pa:ss' } },
      { 'x-service-authorization': Buffer.from('admin:pa:ss').toString('base64') },
    ],
    ['one API token', { auth: { apiToken: 't1' } }, { 'x-service-api-token': 't1' }],
    ['several API tokens', { auth: { apiToken: ['t1', 't2', 't3'] } }, { 'x-service-api-token': 't1,t2,t3' }],
    [
      'HTTP Basic in front',
      { auth: { apiToken: 't1' }, basicAuth: { login: 'proxy', password: 'pw' } },
      { 'x-service-api-token': 't1', authorization: `Basic ${Buffer.from('proxy:pw').toString('base64')}` },
    ],
  ] as const)('%s', async (_name, options, expected) => {
    const h = testHarness(options);
    h.reply(200, { apps: [] });
    await h.client.apps.getApps();
    const { headers } = h.calls()[0]!;
    const authHeaders = Object.fromEntries(
      Object.entries(headers).filter(([k]) =>
        ['x-service-authorization', 'x-service-api-token', 'authorization'].includes(k),
      ),
    );
    expect(authHeaders).toEqual(expected);
  });
});

describe('paths', () => {
  it('sends calls of a guest-space client under /k/guest/{id}/v1/, system-wide ones under /k/v1/', async () => {
    const h = testHarness({ guestSpaceId: 9 });
    h.reply(200, { record: {} });
    h.reply(200, { plugins: [] });
    h.reply(200, {});
    await h.client.records.getRecord({ app: 1, id: 2 });
    await h.client.plugins.getPlugins();
    await h.client.guests.deleteGuests({ guests: ['g@example.com'] });
    expect(h.calls().map((c) => c.path)).toEqual([
      '/k/guest/9/v1/record.json',
      '/k/v1/plugins.json',
      '/k/v1/guests.json',
    ]);
  });

  it('keeps a path prefix of the base URL', async () => {
    const h = testHarness({ baseUrl: `${ORIGIN}/proxy/` });
    h.reply(200, { record: {} });
    await h.client.records.getRecord({ app: 1, id: 2 });
    expect(h.calls()[0]!.path).toBe('/proxy/k/v1/record.json');
  });

  it.each([
    ['not a URL', { baseUrl: 'example' }, /is not a URL/],
    ['credentials in the URL', { baseUrl: 'https://user:secret@service.test' }, /must not hold credentials/],
    [
      'a broken URL with credentials',
      { baseUrl: 'http://user:secret@bad host' },
      /^baseUrl \(not shown: it contains @\) is not/,
    ],
    ['a bad guest space id', { guestSpaceId: 'abc' }, /guest space id must be a positive whole number/],
    ['no auth', { auth: undefined }, /auth is required/],
    ['an empty token list', { auth: { apiToken: [] } }, /apiToken must be a non-empty token/],
    ['a login without a password', { auth: { login: 'admin' } }, /needs a login and a password/],
    // A bad number or hook would fail every call later, misnamed (a timeout "within -5 ms", a
    // logger's TypeError said as a network failure) or never end (NaN retries retry for ever).
    ['a negative timeout', { timeoutMs: -5 }, /^timeoutMs must be a number of milliseconds above 0, got -5$/],
    ['a timeout that is not a number', { timeoutMs: '60s' }, /^timeoutMs must be .*, got "60s"$/],
    [
      'retries that are not a number',
      { retry: { retries: NaN } },
      /^retry\.retries must be a whole number from 0, got NaN$/,
    ],
    [
      'a negative retry delay',
      { retry: { initialDelayMs: -1 } },
      /^retry\.initialDelayMs must be a number of milliseconds from 0, got -1$/,
    ],
    [
      'a retry delay that is not a number',
      { retry: { maxDelayMs: '10s' } },
      /^retry\.maxDelayMs must be .*, got "10s"$/,
    ],
    [
      'a logger that is not a function',
      { logger: 'console' },
      /^logger must be a function that takes each ClientEvent$/,
    ],
    ['a signal that is not an AbortSignal', { signal: 'stop' }, /^signal must be an AbortSignal$/],
    [
      'a language that is not a string',
      { language: 5 },
      /^language must be a language tag such as "en", got 5$/,
    ],
  ])('rejects %s', (_name, options, message) => {
    const make = () =>
      createClient({ baseUrl: ORIGIN, auth: { apiToken: 't' }, ...options } as ClientOptions);
    expect(make).toThrow(ClientOptionsError);
    expect(make).toThrow(message);
  });

  it.each([
    [
      'a settings read without a copy (instead of picking one)',
      (h: Harness) => (h.client.settings.getViews as (params: unknown) => Promise<unknown>)({ app: 1 }),
      /copy must be 'draft' or 'live', got undefined/,
    ],
    [
      'a form read with an unknown copy',
      (h: Harness) =>
        (h.client.form.getFields as (params: unknown) => Promise<unknown>)({ app: 1, copy: 'both' }),
      /copy must be 'draft' or 'live', got "both"/,
    ],
    [
      'an ACL write without a copy (the live path would publish the whole draft)',
      (h: Harness) =>
        (h.client.settings.updateFieldAcl as (params: unknown) => Promise<unknown>)({ app: 1, rights: [] }),
      /copy must be 'draft' or 'live', got undefined/,
    ],
    [
      'guest members of a malformed guest space id',
      (h: Harness) => h.client.guests.updateSpaceGuests({ id: '9/../1', guests: [] }),
      /guest space id must be a positive whole number, got "9\/..\/1"/,
    ],
    [
      'a body JSON cannot encode (a BigInt)',
      (h: Harness) => h.client.records.addRecord({ app: 1, record: { n: { value: 10n } } } as never),
      /BigInt/,
    ],
  ])('refuses %s by rejecting the promise, sending nothing', async (_name, call, message) => {
    const h = testHarness();
    let promise: Promise<unknown> | undefined;
    expect(() => (promise = call(h))).not.toThrow();
    // A caller who only attaches .catch must see the error.
    const caught = await promise!.then(
      () => undefined,
      (error: unknown) => error,
    );
    expect((caught as Error).message).toMatch(message);
    expect(h.calls()).toHaveLength(0);
  });
});

describe('answer bodies', () => {
  it.each([
    ['a JSON answer in UTF-8', '{"name":"Café ✓"}'],
    ["one that begins with a byte order mark, as undici's body.text() read it", '\uFEFF{"name":"Café ✓"}'],
  ])('reads %s', async (_, text) => {
    const h = testHarness();
    h.replyRaw(200, text, { 'content-type': 'application/json; charset=utf-8' });
    expect(await h.client.apps.getApp({ id: 1 })).toEqual({ name: 'Café ✓' });
  });

  it('gives a downloaded file as bytes of its own, whatever its size', async () => {
    const h = testHarness();
    const big = 'x'.repeat(200_000);
    h.replyRaw(200, big, { 'content-type': 'application/octet-stream' });
    const file = await h.client.files.download({ fileKey: 'k' });
    expect(file.data.toString()).toBe(big);
    expect(file.data.byteOffset).toBe(0);
    expect(file.data.buffer.byteLength).toBe(big.length);
  });

  it('hashes a downloaded file as it arrives (downloadHash), the same file the bytes are', async () => {
    const h = testHarness();
    h.replyRaw(200, 'hello', { 'content-type': 'text/plain' });
    expect(await h.client.files.downloadHash({ fileKey: 'key-1' })).toEqual({
      // SHA-256 of "hello", as `printf hello | sha256sum` gives it.
      sha256: '2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824',
      size: 5,
      contentType: 'text/plain',
    });
    expect(h.calls().map((c) => [c.method, c.path, c.query])).toEqual([
      ['GET', '/k/v1/file.json', 'fileKey=key-1'],
    ]);
  });

  it("gives a failed downloadHash the service's error, from the body it gathered", async () => {
    const h = testHarness({ retry: { retries: 0 } });
    h.reply(404, { code: 'GAIA_BL01', id: 'x', message: 'The specified file (id: key-1) not found.' });
    await expect(h.client.files.downloadHash({ fileKey: 'key-1' })).rejects.toMatchObject({
      status: 404,
      code: 'GAIA_BL01',
    });
  });
});

describe('long GETs', () => {
  it('sends a GET whose URL would pass 4,096 characters as POST with X-HTTP-Method-Override', async () => {
    const h = testHarness();
    const fields = Array.from({ length: 400 }, (_, i) => `field_${i}`);
    h.reply(200, { records: [], totalCount: null });
    await h.client.records.getRecords({ app: 3, fields, query: 'x = "1"' });
    const call = h.calls()[0]!;
    expect({ method: call.method, path: call.path, query: call.query }).toEqual({
      method: 'POST',
      path: '/k/v1/records.json',
      query: '',
    });
    expect(call.headers['x-http-method-override']).toBe('GET');
    expect(call.body).toEqual({ app: 3, fields, query: 'x = "1"' });
  });

  it.each([
    [4096, 'GET'],
    [4097, 'POST'],
  ])('sends a URL of %i characters as %s', async (length, method) => {
    const h = testHarness();
    h.reply(200, { records: [], totalCount: null });
    const query = 'a'.repeat(length - `${ORIGIN}/k/v1/records.json?app=3&query=`.length);
    await h.client.records.getRecords({ app: 3, query });
    expect(h.calls()[0]!.method).toBe(method);
  });
});

describe('timeouts and aborts', () => {
  it('turns a late answer into TransportError.Timeout', async () => {
    const h = testHarness({ retry: { retries: 0 } });
    h.replyLate(5_000, 200, {});
    const error = await h.client.apps.getApp({ id: 1 }, { timeoutMs: 20 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TransportTimeoutError);
    expect((error as Error).name).toBe('TransportError.Timeout');
    expect(error).toMatchObject({ method: 'GET', path: '/k/v1/app.json', timeoutMs: 20, queued: false });
  });

  it('treats a timeout past what a timer can hold (about 24.8 days) as that long, not as 1 ms', async () => {
    const month = 30 * 24 * 3600 * 1000;
    const h = testHarness({ retry: { retries: 0 }, timeoutMs: month });
    h.replyLate(50, 200, { appId: '1' });
    await expect(h.client.apps.getApp({ id: 1 })).resolves.toMatchObject({ appId: '1' });
  });

  it('counts the wait for a concurrency slot in the timeout, and does not queue again', async () => {
    const h = testHarness({ concurrency: 1, timeoutMs: 60_000 });
    const held = h.hold();
    const hung = h.client.apps.getApp({ id: 1 });
    const started = Date.now();
    const error = await h.client.apps.getApp({ id: 2 }, { timeoutMs: 100 }).catch((e: unknown) => e);
    // Well before the hung call's 60 s: the 100 ms covered the queueing.
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(error).toBeInstanceOf(TransportTimeoutError);
    expect(error).toMatchObject({ path: '/k/v1/app.json', timeoutMs: 100, queued: true });
    expect((error as Error).message).toMatch(
      /^GET \/k\/v1\/app.json waited 100 ms behind this client's other calls \(concurrency 1\) and was never sent\. Raise timeoutMs or concurrency/,
    );
    // Only the hung call reached the service, and the timed-out one was not retried.
    expect(h.calls()).toHaveLength(1);
    expect(h.events.filter((event) => event.type === 'retry')).toEqual([]);
    held.releaseOne();
    await hung;
  });

  it("aborts a call still queued for a slot at the caller's signal, without taking a slot", async () => {
    const h = testHarness({ concurrency: 1 });
    const held = h.hold();
    const hung = h.client.apps.getApp({ id: 1 });
    const controller = new AbortController();
    const queued = h.client.apps.getApp({ id: 2 }, { signal: controller.signal }).catch((e: unknown) => e);
    const next = h.client.apps.getApp({ id: 3 });
    await until(() => held.waiting() === 1);
    controller.abort();
    expect(await queued).toBeInstanceOf(TransportAbortedError);
    // The slot is still the hung call's; when it ends, the third call (and nothing else) gets it.
    expect(h.calls()).toHaveLength(1);
    held.releaseOne();
    await hung;
    await until(() => held.waiting() === 1);
    held.releaseOne();
    await next;
    expect(h.calls().map((call) => call.query)).toEqual(['id=1', 'id=3']);
    expect(held.maxWaiting()).toBe(1);
  });

  it("stops at the caller's signal with TransportError.Aborted, and does not retry", async () => {
    const h = testHarness();
    h.replyLate(5_000, 200, {});
    const controller = new AbortController();
    const pending = h.client.apps.getApp({ id: 1 }, { signal: controller.signal }).catch((e: unknown) => e);
    setTimeout(() => controller.abort(), 10);
    const error = await pending;
    expect(error).toBeInstanceOf(TransportAbortedError);
    expect(h.calls()).toHaveLength(1);
  });

  it('does not send at all with an already aborted signal', async () => {
    const h = testHarness();
    const error = await h.client.apps
      .getApp({ id: 1 }, { signal: AbortSignal.abort() })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TransportAbortedError);
    expect(h.calls()).toHaveLength(0);
  });
});

describe('a connection that never opens', () => {
  // Undici starts a request (and lets it be aborted) only once a socket is connected; a TLS
  // handshake or a proxy's CONNECT that never answers holds it before that. This connector never
  // calls back, so only the client's own timeout or the caller's signal can end the call.
  const neverConnects = () => new Pool(ORIGIN, { connect: () => undefined });
  // Bounds the wait, so that a call still pending fails the test instead of hanging it.
  const orStillPending = <T>(call: Promise<T>) =>
    Promise.race([
      call,
      new Promise<'still pending'>((done) => setTimeout(() => done('still pending'), 10_000)),
    ]);

  it.each([
    ['the timeout', () => ({ timeoutMs: 50 }), TransportTimeoutError],
    ["the caller's signal", () => ({ signal: AbortSignal.timeout(50) }), TransportAbortedError],
  ] as const)('is ended by %s', async (_name, callOptions, expected) => {
    const pool = neverConnects();
    const client = createClient({
      baseUrl: ORIGIN,
      auth: { apiToken: 't' },
      dispatcher: pool,
      retry: { retries: 0 },
    });
    const outcome = await orStillPending(
      client.apps.getApp({ id: 1 }, callOptions()).catch((e: unknown) => e),
    );
    expect(outcome).toBeInstanceOf(expected);
    await pool.destroy();
  });
});

describe('concurrency limit', () => {
  it('keeps 16 calls in flight by default', async () => {
    const h = testHarness();
    const held = h.hold();
    const calls = Array.from({ length: 40 }, (_, id) => h.client.apps.getApp({ id }));
    for (let answered = 0; answered < 40; answered += 1) {
      await until(() => held.waiting() === Math.min(16, 40 - answered));
      held.releaseOne();
    }
    await Promise.all(calls);
    expect(held.maxWaiting()).toBe(16);
    expect(h.calls()).toHaveLength(40);
  });

  it('keeps at most `concurrency` calls of one client in flight, across sub-clients', async () => {
    const { client, ...fake } = heldClient(3);
    const calls = [
      ...Array.from({ length: 4 }, (_, id) => client.apps.getApp({ id })),
      ...Array.from({ length: 4 }, (_, id) => client.records.getRecord({ app: 1, id })),
    ];
    let settled = 0;
    while (settled < calls.length) {
      await new Promise((resolve) => setImmediate(resolve));
      expect(fake.stats().inFlight).toBeLessThanOrEqual(3);
      const next = fake.held.shift();
      if (next) {
        next();
        settled += 1;
      }
    }
    await Promise.all(calls);
    expect(fake.stats().maxInFlight).toBe(3);
    await client.close();
  });
});

describe('answers that arrive together', () => {
  it('passes every slot on before handing the first answer to its caller', async () => {
    const { client, ...fake } = heldClient(2);
    const sentWhenSettled: number[] = [];
    const calls = [1, 2, 3, 4].map((id) =>
      client.apps.getApp({ id }).then(() => sentWhenSettled.push(fake.stats().sent)),
    );
    // Answers to calls sent together come back together: node reads each in a callback of its
    // own, one after the other in the same turn of the event loop (as setImmediate's do here).
    const arriveTogether = (releases: (() => void)[]) => {
      for (const release of releases) setImmediate(release);
    };
    await until(() => fake.held.length === 2);
    arriveTogether(fake.held.splice(0));
    await until(() => fake.held.length === 2);
    arriveTogether(fake.held.splice(0));
    await Promise.all(calls);
    // Calls 3 and 4 had been sent in the freed slots before the callers of 1 and 2 went on.
    expect(sentWhenSettled).toEqual([4, 4, 4, 4]);
    await client.close();
  });
});

/** A client of `concurrency` slots whose answers the test releases one by one. */
function heldClient(concurrency: number) {
  const held: (() => void)[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  let sent = 0;
  const dispatcher = {
    dispatch: (_options: unknown, handler: Dispatcher.DispatchHandler) => {
      sent += 1;
      inFlight += 1;
      maxInFlight = Math.max(maxInFlight, inFlight);
      const controller = {} as Dispatcher.DispatchController;
      handler.onRequestStart?.(controller, {});
      held.push(() => {
        inFlight -= 1;
        handler.onResponseStart?.(controller, 200, {}, 'OK');
        handler.onResponseData?.(controller, Buffer.from('{}'));
        handler.onResponseEnd?.(controller, {});
      });
      return true;
    },
  } as unknown as Dispatcher;
  const client = createClient({ baseUrl: ORIGIN, auth: { apiToken: 't' }, dispatcher, concurrency });
  return { client, held, stats: () => ({ inFlight, maxInFlight, sent }) };
}

/** Lets pending I/O run until `condition` holds (the test's own timeout bounds the wait). */
async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setImmediate(resolve));
}
