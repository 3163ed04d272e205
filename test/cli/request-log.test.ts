/** The lines `--verbose` prints (request-log.ts), one per kind of event. */
import { describe, expect, it } from 'vitest';
import { connectionLine, requestLine } from '../../src/cli/request-log.js';

describe('request log lines', () => {
  it.each([
    [{ type: 'request', method: 'GET', path: '/k/v1/app.json', attempt: 1 }, 'http: -> GET /k/v1/app.json\n'],
    [
      { type: 'request', method: 'PUT', path: '/k/v1/records.json', app: '12', attempt: 3 },
      'http: -> PUT /k/v1/records.json (app 12) (attempt 3)\n',
    ],
    [
      { type: 'response', method: 'GET', path: '/k/v1/app.json', attempt: 1, status: 520, durationMs: 41 },
      'http: <- 520 GET /k/v1/app.json in 41 ms\n',
    ],
    [
      {
        type: 'retry',
        method: 'GET',
        path: '/k/v1/app.json',
        attempt: 2,
        delayMs: 1530,
        reason: 'the service is busy\n(429)',
      },
      'http: GET /k/v1/app.json: attempt 2 failed (the service is busy (429)); trying again in 1.5 s\n',
    ],
    [
      { type: 'retry', method: 'GET', path: '/k/v1/app.json', attempt: 1, delayMs: 250, reason: 'reset' },
      'http: GET /k/v1/app.json: attempt 1 failed (reset); trying again in 250 ms\n',
    ],
    [
      { type: 'cleanup-failed', method: 'DELETE', path: '/k/v1/records/cursor.json', reason: 'gone' },
      'http: DELETE /k/v1/records/cursor.json: the call cleaning up after a failed one failed (gone)\n',
    ],
  ] as const)('%o', (event, line) => {
    expect(requestLine(event)).toBe(line);
  });

  it('says how the calls travel, with what', () => {
    expect(
      connectionLine({
        baseUrl: 'https://example.s.cybozu.com/',
        route: 'through the proxy http://proxy.example.com:8080 (from HTTPS_PROXY)',
        clientCertificate: true,
        ca: true,
      }),
    ).toMatchInlineSnapshot(`
      "http: https://example.s.cybozu.com/ through the proxy http://proxy.example.com:8080 (from HTTPS_PROXY), with a client certificate, trusting the ca given
      "
    `);
  });
});
