/** What the errors say and keep, and that none of them (or the log) holds a credential. */
import { inspect } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
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
import { harness, ORIGIN, type Harness } from './harness.js';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe('ServiceError', () => {
  it('keeps status, code, id, message, errors, method and path; reads [status] [code] message (id)', async () => {
    h = harness();
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
    h = harness();
    const failed = { code: 'GAIA_CO02', id: 'r9', message: 'The revision is not the latest.' };
    h.reply(409, { results: [{ revision: '4' }, failed, {}] });
    const error = await h.client.bulk
      .send([
        { method: 'PUT', api: 'record.json', payload: { app: 1, id: 1, record: {} } },
        { method: 'PUT', api: 'record.json', payload: { app: 1, id: 2, record: {}, revision: 1 } },
        { method: 'DELETE', api: 'records.json', payload: { app: 1, ids: [3] } },
      ])
      .catch((e: unknown) => e);
    expect((error as Error).message).toBe('[409] [GAIA_CO02] The revision is not the latest. (r9)');
    expect(error).toMatchObject({ bulkIndex: 1, bulkResults: [{ revision: '4' }, failed, {}], status: 409 });
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
    h = harness({ retry: { retries: 0 } });
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
    h = harness();
    h.replyRaw(200, 'Please log in', { 'content-type': 'text/html' });
    await expect(h.client.apps.getApps()).rejects.toBeInstanceOf(TransportInvalidResponseError);
  });
});

describe('no credential in any error or log event', () => {
  const password = 'pw-Top-Secret-42';
  const token = 'tok-Also-Secret-77';
  const basicPassword = 'basic-Secret-99';
  const encoded = Buffer.from(`admin:${password}`).toString('base64');
  const basicEncoded = Buffer.from(`proxy:${basicPassword}`).toString('base64');
  const secrets = [password, token, encoded, basicPassword, basicEncoded];

  /** None of the secrets, in JSON, in util.inspect (hidden fields, causes) or as a string. */
  function expectClean(value: unknown) {
    const texts = [JSON.stringify(value), inspect(value, { depth: 10, showHidden: true }), String(value)];
    for (const text of texts) for (const secret of secrets) expect(text).not.toContain(secret);
  }

  /**
   * Each kind of error, from a client with a password and HTTP Basic whose server (rudely) echoes
   * the credentials back. (The token is not this client's, so it cannot know to hide it: the
   * echoes use only this client's own secrets.)
   */
  const kinds: [string, (h: Harness) => Promise<unknown>, abstract new (...args: never[]) => ClientError][] =
    [
      [
        'ServiceError',
        (h) => {
          h.reply(401, {
            code: 'CB_WA01',
            id: encoded,
            message: `bad login ${password}`,
            errors: { x: { messages: [basicEncoded] } },
          });
          return h.client.apps.getApps();
        },
        ServiceError,
      ],
      [
        'TransportError.InvalidResponse',
        (h) => {
          h.replyRaw(400, `<p>Authorization: Basic ${basicEncoded} as ${password}</p>`);
          return h.client.apps.getApps();
        },
        TransportInvalidResponseError,
      ],
      [
        'TransportError.Network',
        (h) => {
          const error = Object.assign(
            new Error(`connect failed, headers x-service-authorization: ${encoded}, ${basicPassword}`),
            {
              code: 'ECONNREFUSED',
              headers: { 'x-service-authorization': encoded },
            },
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
        (h) => h.client.records.addRecord({ app: 1 }, { signal: AbortSignal.abort(new Error(password)) }),
        TransportAbortedError,
      ],
      [
        'BulkWriteError',
        (h) => {
          h.reply(400, { results: [{ code: 'CB_VA01', id: 'x', message: `no ${encoded}` }] });
          return h.client.records.addAll(1, [{}]);
        },
        BulkWriteError,
      ],
      [
        'DeployTimeoutError',
        (h) => {
          h.reply(200, { apps: [{ app: '1', status: 'PROCESSING' }] });
          return h.client.apps.waitForDeploy([1], { timeoutMs: 0 });
        },
        DeployTimeoutError,
      ],
    ];

  it.each(kinds)('%s', async (_name, provoke, kind) => {
    h = harness({
      auth: { login: 'admin', password },
      basicAuth: { user: 'proxy', password: basicPassword },
      retry: { retries: 0 },
    });
    const error = await provoke(h).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(kind);
    expectClean(error);
    expectClean(h.events);
  });

  it('an API token client too', async () => {
    h = harness({ auth: { apiToken: [token, 'other-token-1'] } });
    h.reply(400, {
      code: 'GAIA_IA02',
      id: 'x',
      message: `tokens ${token},other-token-1 and ${token} are not valid`,
    });
    const error = await h.client.apps.getApps().catch((e: unknown) => e);
    expect((error as Error).message).toBe('[400] [GAIA_IA02] tokens *** and *** are not valid (x)');
    expectClean(error);
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
      basicAuth: { user: 'p', password: basicPassword },
    });
    expectClean(client);
    void client.close();
  });
});
