import { beforeEach, describe, expect, it } from 'vitest';
import { useEmulator } from '../harness.js';
import { REVIEW_PROCESS, USERS, appWithFields, ok, rec } from './records-helpers.js';

const emu = useEmulator({ users: USERS });
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

  it('keeps the calls before a failing third call, and runs none after it; only the error is reported', async () => {
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
    // The hosted platform's shape: the error at the failing index, `{}` for every other call,
    // whether it ran (and kept its effect) or not.
    expect(res.body.results).toEqual([
      {},
      {},
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

  it('answers with the status of the failing call: a stale revision at index 1 of 3 is 409, the call before it stays', async () => {
    await ok(emu.call('POST', '/k/v1/record.json', { app, record: rec({ n: 1 }) }));
    const res = await emu.call('POST', '/k/v1/bulkRequest.json', {
      requests: [
        {
          method: 'PUT',
          api: '/k/v1/record.json',
          payload: { app, id: 1, revision: 1, record: rec({ n: 2 }) },
        },
        {
          method: 'PUT',
          api: '/k/v1/record.json',
          payload: { app, id: 1, revision: 1, record: rec({ n: 3 }) },
        },
        { method: 'POST', api: '/k/v1/record.json', payload: { app, record: rec({ n: 4 }) } },
      ],
    });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      results: [
        {},
        { code: 'GAIA_CO02', id: expect.any(String), message: expect.stringContaining('revision') },
        {},
      ],
    });
    expect(await titles()).toEqual(['2']);
  });

  it('carries status and assignee calls of a process app', async () => {
    const flow = await appWithFields(emu, { amount: { type: 'NUMBER' } }, { process: REVIEW_PROCESS });
    await ok(emu.call('POST', '/k/v1/records.json', { app: flow, records: [rec({ amount: 500 }), rec({})] }));
    const res = await ok(
      emu.call('POST', '/k/v1/bulkRequest.json', {
        requests: [
          {
            method: 'PUT',
            api: '/k/v1/record/assignees.json',
            payload: { app: flow, id: 1, assignees: ['alice'] },
          },
          {
            method: 'PUT',
            api: '/k/v1/record/status.json',
            payload: { app: flow, id: 1, action: 'Submit', assignee: 'bob', revision: 2 },
          },
          {
            method: 'PUT',
            api: '/k/v1/records/status.json',
            payload: {
              app: flow,
              records: [
                { id: 1, action: 'Approve' },
                { id: 2, action: 'Submit', assignee: 'alice' },
              ],
            },
          },
        ],
      }),
    );
    expect(res.results).toEqual([
      { revision: '2' },
      { revision: '4' },
      {
        records: [
          { id: '1', revision: '6' },
          { id: '2', revision: '3' },
        ],
      },
    ]);
    const list = await ok(emu.call('GET', '/k/v1/records.json', { app: flow, query: 'order by $id asc' }));
    expect(
      (list.records as any[]).map((r): unknown[] => [
        r.Status.value,
        (r.Assignee.value as any[]).map((u): unknown => u.code),
      ]),
    ).toEqual([
      ['Done', ['admin']],
      ['Review', ['alice']],
    ]);
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
