/**
 * The read-only stand-in for the hosted platform: it answers the recorded bodies on the live and
 * draft paths under the platform's header names, and refuses the spec's names and every write.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordedAnswers, startRecordedService, type RecordedService } from './hosted-fake.js';

let service: RecordedService;
const login = { 'X-Cybozu-Authorization': Buffer.from('admin:admin').toString('base64') };

beforeAll(async () => {
  service = await startRecordedService();
});
afterAll(() => service.close());

const call = async (path: string, init: RequestInit = {}) => {
  const answer = await fetch(`${service.url}${path}`, init);
  return { status: answer.status, body: (await answer.json()) as Record<string, unknown> };
};

describe('the recorded hosted platform', () => {
  it.each(['/k/v1/app/views.json', '/k/v1/preview/app/views.json'])(
    'answers %s as recorded',
    async (path) => {
      const { status, body } = await call(`${path}?app=${service.appId}`, { headers: login });
      expect([status, body]).toEqual([200, recordedAnswers().get('views')?.answer]);
    },
  );

  it.each([
    ['the spec header names', { 'X-Service-Authorization': 'YWRtaW46YWRtaW4=' }, 401, 'CB_AU01'],
    ['no credentials', {}, 401, 'CB_AU01'],
  ])('refuses a call with %s', async (_case, headers, status, code) => {
    const answer = await call(`/k/v1/app/views.json?app=${service.appId}`, { headers });
    expect([answer.status, answer.body.code]).toEqual([status, code]);
  });

  it('answers another app 404 and logs the call', async () => {
    const answer = await call('/k/v1/app/views.json?app=999', { headers: login });
    expect([answer.status, service.unanswered]).toEqual([404, ['GET /k/v1/app/views.json?app=999']]);
  });

  it('refuses every write and logs it', async () => {
    const answer = await call('/k/v1/preview/app/views.json', {
      method: 'PUT',
      headers: { ...login, 'content-type': 'application/json' },
      body: JSON.stringify({ app: service.appId, views: {} }),
    });
    expect([answer.status, service.writes]).toEqual([403, ['PUT /k/v1/preview/app/views.json']]);
  });
});
