/**
 * Every endpoint of the spec, through the client method that reaches it: method, path, query
 * string, headers and body on the wire, and the answer handed back unchanged.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { caseGroups } from './cases/index.js';
import { harness, TOKEN, type Harness } from './harness.js';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe.each(caseGroups)('%s', (_group, cases) => {
  it.each(cases.map((c) => [`${c.endpoint} via ${c.method}`, c] as const))('%s', async (_name, testCase) => {
    h = harness();
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
    expect(call.headers['x-service-api-token']).toBe(TOKEN);
    if (testCase.checkBody) {
      testCase.checkBody(call.body);
    } else if (testCase.body !== undefined) {
      expect(call.body).toEqual(testCase.body);
      expect(call.headers['content-type']).toBe('application/json');
    } else {
      expect(call.body).toBeUndefined();
    }
  });
});
