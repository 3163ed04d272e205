import { beforeEach, describe, expect, it } from 'vitest';
import { useEmulator } from './harness.js';
import { appWithFields, ok, rec } from './records-helpers.js';

const emu = useEmulator();
let app: string;

beforeEach(async () => {
  app = await appWithFields(emu, { n: { type: 'NUMBER', maxValue: '10' } });
});

const titles = async (): Promise<unknown[]> => {
  const list = await ok(emu.call('GET', '/k/v1/records.json', { app, query: 'order by $id asc' }));
  return (list.records as any[]).map((r) => r.n.value as unknown);
};

describe('bulk requests', () => {
  it('runs record calls in order and answers every result', async () => {
    const res = await ok(
      emu.call('POST', '/k/v1/bulkRequest.json', {
        requests: [
          { method: 'POST', api: '/k/v1/record.json', payload: { app, record: rec({ n: 1 }) } },
          {
            method: 'POST',
            api: '/k/v1/records.json',
            payload: { app, records: [rec({ n: 2 }), rec({ n: 3 })] },
          },
          {
            method: 'PUT',
            api: '/k/v1/record.json',
            payload: { app, id: 1, revision: 1, record: rec({ n: 4 }) },
          },
          { method: 'DELETE', api: '/k/v1/records.json', payload: { app, ids: [2] } },
        ],
      }),
    );
    expect(res.results).toEqual([
      { id: '1', revision: '1' },
      { ids: ['2', '3'], revisions: ['1', '1'] },
      { revision: '2' },
      {},
    ]);
    expect(await titles()).toEqual(['4', '3']);
  });

  it('keeps the calls before a failing third call, and runs none after it', async () => {
    const res = await emu.call('POST', '/k/v1/bulkRequest.json', {
      requests: [
        { method: 'POST', api: '/k/v1/record.json', payload: { app, record: rec({ n: 1 }) } },
        { method: 'POST', api: '/k/v1/record.json', payload: { app, record: rec({ n: 2 }) } },
        {
          method: 'POST',
          api: '/k/v1/records.json',
          payload: { app, records: [rec({ n: 3 }), rec({ n: 99 })] },
        },
        { method: 'POST', api: '/k/v1/record.json', payload: { app, record: rec({ n: 4 }) } },
      ],
    });
    expect(res.status).toBe(400);
    expect(res.body.results).toEqual([
      { id: '1', revision: '1' },
      { id: '2', revision: '1' },
      {
        code: 'CB_VA01',
        id: expect.any(String),
        message: expect.any(String),
        errors: { 'records[1].n.value': expect.anything() },
      },
      {},
    ]);
    expect(await titles()).toEqual(['1', '2']);
  });

  it('refuses an API that bulk requests cannot carry, and more than 20 calls, before running any', async () => {
    const notRecord = await emu.call('POST', '/k/v1/bulkRequest.json', {
      requests: [
        { method: 'POST', api: '/k/v1/record.json', payload: { app, record: rec({ n: 1 }) } },
        { method: 'GET', api: '/k/v1/app.json', payload: { id: app } },
      ],
    });
    expect([notRecord.status, Object.keys(notRecord.body.errors)]).toEqual([400, ['requests[1].api']]);
    const tooMany = await emu.call('POST', '/k/v1/bulkRequest.json', {
      requests: Array.from({ length: 21 }, () => ({
        method: 'POST',
        api: '/k/v1/record.json',
        payload: { app },
      })),
    });
    expect([tooMany.status, tooMany.body.code]).toEqual([400, 'CB_VA01']);
    expect(await titles()).toEqual([]);
  });
});
