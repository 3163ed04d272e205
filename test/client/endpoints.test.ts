/**
 * Every endpoint of the spec, through the client method that reaches it: method, path, raw query
 * string, headers and body on the wire, and the answer handed back unchanged. Each case runs once
 * with an API token client and once with a login and password client.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { ClientOptions } from '../../src/client/index.js';
import { caseGroups } from './cases/index.js';
import type { EndpointCase } from './cases/types.js';
import { harness, TOKEN, type Harness, type RecordedCall } from './harness.js';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const login = 'admin@example.com';
const password = 'pa:ss "w\\ord"';

/** The two ways to sign in, and the one authentication header each must send (and no other). */
const signIns: [string, Partial<ClientOptions>, Record<string, string>][] = [
  ['API token', { auth: { apiToken: TOKEN } }, { 'x-service-api-token': TOKEN }],
  [
    'login and password',
    { auth: { login, password } },
    { 'x-service-authorization': Buffer.from(`${login}:${password}`).toString('base64') },
  ],
];

const AUTH_HEADERS = ['x-service-api-token', 'x-service-authorization', 'authorization'];

describe.each(signIns)('with %s', (_signIn, auth, authHeaders) => {
  describe.each(caseGroups)('%s', (_group, cases) => {
    it.each(cases.map((c) => [`${c.endpoint} via ${c.method}`, c] as const))(
      '%s',
      async (_name, testCase) => {
        h = harness(auth);
        if (testCase.raw) {
          h.replyRaw(200, testCase.raw.text, { 'content-type': testCase.raw.contentType });
        } else {
          h.reply(200, testCase.response ?? {});
        }
        const result = await testCase.call(h.client);
        expect(result).toEqual(testCase.raw ? testCase.raw.result : (testCase.response ?? {}));

        const [method, endpointPath] = testCase.endpoint.split(' ') as [string, string];
        const calls = h.calls();
        expect(calls).toHaveLength(1);
        const call = calls[0]!;
        expect({ method: call.method, path: call.path, query: call.query }).toEqual({
          method,
          path: testCase.path ?? endpointPath,
          query: testCase.query ?? '',
        });
        expect(pick(call.headers, AUTH_HEADERS)).toEqual(authHeaders);
        expectBody(testCase, call);
      },
    );
  });
});

/** The body, and the content type and accept headers that go with it. */
function expectBody(testCase: EndpointCase, call: RecordedCall) {
  // A file download takes whatever type the file has; every other answer is JSON.
  expect(call.headers.accept).toBe(testCase.raw ? '*/*' : 'application/json');
  if (testCase.checkBody) {
    testCase.checkBody(call.body);
    // Multipart: undici writes the content type with its boundary; the client must not set one.
    expect(call.headers['content-type']).toBeUndefined();
  } else if (testCase.body !== undefined) {
    expect(call.body).toEqual(testCase.body);
    expect(call.headers['content-type']).toBe('application/json');
  } else {
    expect(call.body).toBeUndefined();
    expect(call.headers['content-type']).toBeUndefined();
  }
  if (call.method === 'GET') expect(call.headers['content-type']).toBeUndefined();
}

function pick(headers: Record<string, string>, names: string[]): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => names.includes(name)));
}
