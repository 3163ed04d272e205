/** What the errors say and keep, and that none of them (or the log) holds a credential. */
import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import {
  BulkWriteError,
  ClientError,
  ClientOptionsError,
  createClient,
  DeployTimeoutError,
  ServiceError,
  TransportAbortedError,
  TransportInvalidResponseError,
  TransportNetworkError,
  TransportTimeoutError,
} from '../../src/client/index.js';
import { ORIGIN, testHarness, type Harness } from './harness.js';

describe('ServiceError', () => {
  it('keeps status, code, id, message, errors, method and path; reads [status] [code] message (id)', async () => {
    const h = testHarness();
    const errors = { 'record.amount.value': { messages: ['must be a number'] } };
    h.reply(400, { code: 'CB_VA01', id: 'abc123', message: 'Missing or invalid input.', errors });
    const error = await h.client.records.addRecord({ app: 1, record: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServiceError);
    expect(error).toBeInstanceOf(ClientError);
    expect((error as Error).message).toBe('[400] [CB_VA01] Missing or invalid input. (abc123)');
    expect(error).toMatchObject({
      name: 'ServiceError',
      kind: 'service',
      status: 400,
      code: 'CB_VA01',
      id: 'abc123',
      errors,
      method: 'POST',
      path: '/k/v1/record.json',
      bulkIndex: undefined,
    });
  });

  it('names the failing call of a bulk request and keeps the results', async () => {
    const h = testHarness();
    const failed = { code: 'GAIA_CO02', id: 'r9', message: 'The revision is not the latest.' };
    // As the hosted platform answers: the error at its index, {} for every other call.
    h.reply(409, { results: [{}, failed, {}] });
    const error = await h.client.bulk
      .send([
        { method: 'PUT', api: 'record.json', payload: { app: 1, id: 1, record: {} } },
        { method: 'PUT', api: 'record.json', payload: { app: 1, id: 2, record: {}, revision: 1 } },
        { method: 'DELETE', api: 'records.json', payload: { app: 1, ids: [3] } },
      ])
      .catch((e: unknown) => e);
    expect((error as Error).message).toBe('[409] [GAIA_CO02] The revision is not the latest. (r9)');
    expect(error).toMatchObject({ bulkIndex: 1, bulkResults: [{}, failed, {}], status: 409 });
  });
});

describe('answers that are not the expected JSON', () => {
  it.each([
    [
      'an HTML error page',
      502,
      '<html>Bad gateway</html>',
      'text/html',
      /answered 502 with a body that is not JSON/,
    ],
    ['JSON without an error code', 400, '{"oops":true}', 'application/json', /not an error object/],
  ])('%s is TransportError.InvalidResponse', async (_name, status, text, contentType, message) => {
    const h = testHarness({ retry: { retries: 0 } });
    h.replyRaw(status, text, { 'content-type': contentType });
    const error = await h.client.apps.getApps().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TransportInvalidResponseError);
    expect(error).toMatchObject({
      name: 'TransportError.InvalidResponse',
      status,
      contentType,
      bodySnippet: text,
    });
    expect((error as Error).message).toMatch(message);
  });

  it('a 200 whose body is not JSON is TransportError.InvalidResponse too', async () => {
    const h = testHarness();
    h.replyRaw(200, 'Please log in', { 'content-type': 'text/html' });
    await expect(h.client.apps.getApps()).rejects.toBeInstanceOf(TransportInvalidResponseError);
  });
});

describe('no credential in any error or log event', () => {
  // The password has the characters a JSON or URL echo escapes.
  const password = 'pw-Top"Secret\\42 &';
  const token = 'tok-Also-Secret-77';
  const otherToken = 'other-token-1';
  const basicPassword = 'basic-Secret-99';
  const encoded = Buffer.from(`admin:${password}`).toString('base64');
  const basicEncoded = Buffer.from(`proxy:${basicPassword}`).toString('base64');
  const secrets = [password, token, otherToken, encoded, basicPassword, basicEncoded];

  /** A secret as written, JSON-escaped, URL-encoded and form-encoded. */
  const forms = (secret: string) => [
    secret,
    JSON.stringify(secret).slice(1, -1),
    encodeURIComponent(secret),
    new URLSearchParams({ s: secret }).toString().slice(2),
  ];

  /**
   * None of the secrets in any form: in JSON, in util.inspect (hidden fields, causes), as a string,
   * and in each string the value holds (the views above escape again, so an echo left
   * JSON-escaped inside a field would slip past them).
   */
  function expectClean(value: unknown) {
    const texts = [
      JSON.stringify(value),
      inspect(value, { depth: 10, showHidden: true }),
      String(value),
      ...stringsIn(value),
    ];
    for (const text of texts) for (const form of secrets.flatMap(forms)) expect(text).not.toContain(form);
  }

  /** Every string reachable from `value`: own properties (hidden ones too), items, causes. */
  function stringsIn(value: unknown, seen = new Set<unknown>()): string[] {
    if (typeof value === 'string') return [value];
    if (typeof value !== 'object' || value === null || seen.has(value)) return [];
    seen.add(value);
    return Reflect.ownKeys(value).flatMap((key) => [
      ...(typeof key === 'string' ? [key] : []),
      ...stringsIn((value as Record<PropertyKey, unknown>)[key], seen),
    ]);
  }

  /** Four secrets of one client, for a server that (rudely) echoes them back. */
  type Echo = [string, string, string, string];

  /**
   * Each kind of error, from a client whose server echoes its credentials: raw, as object keys,
   * JSON-escaped inside a non-JSON body and URL-encoded. (A client cannot hide another client's
   * secrets, so the echoes use only the client's own.)
   */
  const kinds = (
    e: Echo,
  ): [string, (h: Harness) => Promise<unknown>, abstract new (...args: never[]) => ClientError][] => [
    [
      'ServiceError',
      (h) => {
        h.reply(401, {
          code: 'CB_WA01',
          id: e[0],
          message: `bad login ${e[1]}`,
          errors: { x: { messages: [e[2]] }, [`auth.${e[1]}`]: { messages: ['invalid'] } },
        });
        return h.client.apps.getApps();
      },
      ServiceError,
    ],
    [
      'TransportError.InvalidResponse',
      (h) => {
        h.replyRaw(
          400,
          `<p>Authorization: Basic ${e[2]} as ${e[1]}</p><script>${JSON.stringify(e)}</script>`,
        );
        return h.client.apps.getApps();
      },
      TransportInvalidResponseError,
    ],
    [
      'TransportError.Network',
      (h) => {
        const error = Object.assign(
          new Error(
            `connect failed, headers x-service-authorization: ${e[0]}, ${e[3]}, ?p=${encodeURIComponent(e[1])}&q=${new URLSearchParams({ q: e[1] }).toString().slice(2)}`,
          ),
          { code: 'ECONNREFUSED', headers: { 'x-service-authorization': e[0] } },
        );
        h.replyError(error);
        return h.client.records.addRecord({ app: 1 });
      },
      TransportNetworkError,
    ],
    [
      'TransportError.Timeout',
      (h) => {
        h.replyLate(5_000, 200, {});
        return h.client.records.addRecord({ app: 1 }, { timeoutMs: 10 });
      },
      TransportTimeoutError,
    ],
    [
      'TransportError.Aborted',
      (h) => h.client.records.addRecord({ app: 1 }, { signal: AbortSignal.abort(new Error(e[1])) }),
      TransportAbortedError,
    ],
    [
      'BulkWriteError',
      (h) => {
        h.reply(400, { results: [{ code: 'CB_VA01', id: 'x', message: `no ${e[0]}` }] });
        return h.client.records.addAll(1, [{}]);
      },
      BulkWriteError,
    ],
    [
      'DeployTimeoutError',
      (h) => {
        h.reply(200, { apps: [{ app: '1', status: 'PROCESSING' }] });
        return h.client.apps.waitForDeploy([1], { timeoutMs: 50, initialIntervalMs: 60_000 });
      },
      DeployTimeoutError,
    ],
  ];

  it.each(kinds([encoded, password, basicEncoded, basicPassword]))(
    'a password and HTTP Basic client: %s',
    async (_name, provoke, kind) => {
      const h = testHarness({
        auth: { login: 'admin', password },
        basicAuth: { login: 'proxy', password: basicPassword },
        retry: { retries: 0 },
      });
      const error = await provoke(h).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(kind);
      expectClean(error);
      expectClean(h.events);
    },
  );

  it.each(kinds([token, `${token},${otherToken}`, otherToken, token]))(
    'an API token client: %s',
    async (_name, provoke, kind) => {
      const h = testHarness({ auth: { apiToken: [token, otherToken] }, retry: { retries: 0 } });
      const error = await provoke(h).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(kind);
      expectClean(error);
      expectClean(h.events);
    },
  );

  it('an API token client says where the tokens were', async () => {
    const h = testHarness({ auth: { apiToken: [token, otherToken] } });
    h.reply(400, {
      code: 'GAIA_IA02',
      id: 'x',
      message: `tokens ${token},${otherToken} and ${token} are not valid`,
    });
    const error = await h.client.apps.getApps().catch((e: unknown) => e);
    expect((error as Error).message).toBe('[400] [GAIA_IA02] tokens *** and *** are not valid (x)');
    expectClean(error);
    expectClean(h.events);
  });

  // Found by the transport sweep (test/reliability/transport-sweep.test.ts): an answer that is not
  // the service's JSON kept, in its snippet, a password JSON-escaped by a server that escapes
  // every non-ASCII character (and `/`), as JSON.stringify does not.
  it.each([
    ["Python's json.dumps (non-ASCII as \\u, lower-case hex)", '"pa:ss w\\u00f6rd/\\"q\\"\\\\%+&="'],
    ["PHP's json_encode (/ as \\/ too)", '"pa:ss w\\u00f6rd\\/\\"q\\"\\\\%+&="'],
    ["Jackson's ESCAPE_NON_ASCII (upper-case hex)", '"pa:ss w\\u00F6rd/\\"q\\"\\\\%+&="'],
    ['JSON.stringify with / as \\/', '"pa:ss wörd\\/\\"q\\"\\\\%+&="'],
    ['a password of Japanese, each character escaped', '"\\u65e5\\u672c\\u8a9e\\u306e\\u30d1\\u30b9"'],
  ])('hides a password a server echoed JSON-escaped as %s', async (_name, echoed) => {
    const secret = JSON.parse(echoed) as string;
    const h = testHarness({ auth: { login: 'admin', password: secret }, retry: { retries: 0 } });
    h.replyRaw(502, `{"request":{"password":${echoed}}}`, { 'content-type': 'application/json' });
    const error = await h.client.apps.getApps().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TransportInvalidResponseError);
    expect((error as TransportInvalidResponseError).bodySnippet).toBe('{"request":{"password":"***"}}');
  });

  it('leaves a one-character password alone (hiding it would blank out that letter everywhere)', async () => {
    const h = testHarness({ auth: { login: 'admin', password: 'e' } });
    h.reply(400, { code: 'CB_VA01', id: 'x', message: 'the record is invalid' });
    const error = await h.client.apps.getApps().catch((e: unknown) => e);
    expect((error as Error).message).toBe('[400] [CB_VA01] the record is invalid (x)');
  });

  it('ClientOptionsError for a URL with credentials, and the client object itself', () => {
    const error = (() => {
      try {
        createClient({ baseUrl: `https://proxy:${basicPassword}@service.test`, auth: { apiToken: token } });
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(ClientOptionsError);
    expectClean(error);
    const client = createClient({
      baseUrl: ORIGIN,
      auth: { login: 'admin', password },
      basicAuth: { login: 'p', password: basicPassword },
    });
    expectClean(client);
    void client.close();
  });
});
