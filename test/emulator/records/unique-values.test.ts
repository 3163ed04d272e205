// Unique fields over sequences of calls, now that the values in use are kept between calls
// (records/unique-index.ts): a value a delete, an update or a refused call gave up is free for
// the next call, a value a kept call took is not, and a field made unique by a live deploy counts
// the records it finds. Expected answers: platform-facts-verified ("the keys of errors"; bulk
// requests keep the calls before a failing one and undo that one).
import { describe, expect, it } from 'vitest';
import { useEmulator } from '../harness.js';
import { USERS, appWithFields, rec } from './records-helpers.js';

const emu = useEmulator({ users: USERS });

const FIELDS = {
  code: { type: 'SINGLE_LINE_TEXT', unique: true },
  num: { type: 'NUMBER', unique: true },
  plain: { type: 'SINGLE_LINE_TEXT' },
};

type Values = Record<string, unknown>;
type Call = [method: string, path: string, params: Record<string, unknown>];

/** A call and what it must answer: 200, or 400 with exactly these error keys. */
type Step = { call: Call; refused?: string[] } | { makeUnique: string };

const add = (...records: Values[]): Call => ['POST', '/k/v1/records.json', { records: records.map(rec) }];
const update = (...items: [id: number, values: Values][]): Call => [
  'PUT',
  '/k/v1/records.json',
  { records: items.map(([id, values]) => ({ id, record: rec(values) })) },
];
const updateOne = (id: number, values: Values): Call => [
  'PUT',
  '/k/v1/record.json',
  { id, record: rec(values) },
];
const remove = (...ids: number[]): Call => ['DELETE', '/k/v1/records.json', { ids }];
const bulk = (...calls: Call[]): Call => [
  'POST',
  '/k/v1/bulkRequest.json',
  { requests: calls.map(([method, api, payload]) => ({ method, api, payload })) },
];

const CASES: [string, Step[]][] = [
  [
    'a value freed by a delete can be used again; the others stay taken',
    [
      { call: add({ code: 'a' }, { code: 'b' }) },
      { call: add({ code: 'a' }), refused: ['records[0].code.value'] },
      { call: remove(1) },
      { call: add({ code: 'a' }) },
      { call: add({ code: 'c' }, { code: 'b' }), refused: ['records[1].code.value'] },
    ],
  ],
  [
    'a value freed by an update, in an earlier call or earlier in the same batch',
    [
      { call: add({ code: 'a' }, { code: 'b' }) },
      { call: update([1, { code: 'x' }]) },
      { call: add({ code: 'a' }) },
      { call: update([2, { code: 'y' }], [3, { code: 'b' }]) },
      { call: add({ code: 'b' }), refused: ['records[0].code.value'] },
      {
        call: add({ code: 'x' }, { code: 'y' }),
        refused: ['records[0].code.value', 'records[1].code.value'],
      },
      { call: update([1, { code: 'y' }], [2, { code: 'x' }]) },
      { call: add({ code: 'a' }) },
    ],
  ],
  [
    'the same value twice in one batch, and a record keeping its own value',
    [
      { call: add({ code: 'a' }, { code: 'a' }), refused: ['records[1].code.value'] },
      { call: add({ code: 'a' }) },
      { call: update([1, { code: 'a', plain: 'kept' }]) },
      { call: update([1, { code: 'b' }], [1, { code: 'b' }]) },
      { call: add({ code: 'b' }), refused: ['records[0].code.value'] },
    ],
  ],
  [
    'a refused update takes nothing and frees nothing',
    [
      { call: add({ code: 'a' }, { code: 'b' }, { code: 'c' }) },
      { call: update([1, { code: 'z' }], [2, { code: 'c' }]), refused: ['records[1].code.value'] },
      { call: add({ code: 'z' }) },
      { call: add({ code: 'a' }), refused: ['records[0].code.value'] },
    ],
  ],
  [
    'a bulk request: the failing call is undone (its values free), the calls before it are kept',
    [
      { call: add({ code: 'a' }, { code: 'b' }, { code: 'c' }) },
      {
        call: bulk(update([1, { code: 'm' }]), update([2, { code: 'n' }], [3, { code: 'm' }])),
        refused: ['results'],
      },
      { call: add({ code: 'n' }) },
      { call: add({ code: 'a' }) },
      { call: add({ code: 'm' }), refused: ['records[0].code.value'] },
      { call: add({ code: 'b' }), refused: ['records[0].code.value'] },
    ],
  ],
  [
    'numbers are one value however written; empty values never clash',
    [
      { call: add({ num: '1' }, { num: '' }, { num: '' }) },
      { call: add({ num: '1.0' }), refused: ['records[0].num.value'] },
      { call: add({ num: '01' }, { num: '2' }), refused: ['records[0].num.value'] },
      { call: add({ num: '2' }) },
      { call: remove(1) },
      { call: add({ num: '1.00' }) },
      { call: updateOne(2, { num: '2.0' }), refused: ['record.num.value'] },
    ],
  ],
  [
    'a field made unique by a live deploy counts the records it finds',
    [
      { call: add({ plain: 'p' }, { plain: 'q' }) },
      { call: add({ plain: 'p' }) },
      { call: remove(3) },
      { makeUnique: 'plain' },
      { call: add({ plain: 'p' }), refused: ['records[0].plain.value'] },
      { call: update([2, { plain: 'r' }]) },
      { call: add({ plain: 'q' }, { plain: 'r' }), refused: ['records[1].plain.value'] },
    ],
  ],
];

/** The answer's status and error keys (a bulk request's error sits in `results`). */
function summary(res: { status: number; body: any }): [number, string[]] {
  if (res.status === 200) return [200, []];
  return [res.status, Object.keys(res.body.errors ?? { results: res.body.results })];
}

describe('unique values across calls', () => {
  it.each(CASES)('%s', async (_name, steps) => {
    const app = await appWithFields(emu, FIELDS);
    for (const [n, step] of steps.entries()) {
      if ('makeUnique' in step) {
        const fields = '/k/v1/preview/app/form/fields.json';
        await emu.call('PUT', fields, { app, properties: { [step.makeUnique]: { unique: true } } });
        expect(await emu.deploy([app])).toEqual({ [app]: 'SUCCESS' });
        continue;
      }
      const [method, path, params] = step.call;
      const res = await emu.call(method, path, withApp(params, app));
      expect(summary(res), `step ${n}`).toEqual(step.refused ? [400, step.refused] : [200, []]);
    }
  });
});

/** The call's parameters with the app filled in (in each call of a bulk request too). */
function withApp(params: Record<string, unknown>, app: string): Record<string, unknown> {
  const requests = params.requests as { payload: Record<string, unknown> }[] | undefined;
  if (!requests) return { app, ...params };
  return { requests: requests.map((r) => ({ ...r, payload: { app, ...r.payload } })) };
}
