/**
 * A status action into a status whose assignee the caller must choose, sent without one: the
 * hosted platform answers 400 GAIA_SA01, in Japanese "作業者を指定してください。"
 * (SonicGarden/kintone-emulator, docs/real-kintone-notes.md, seen on the platform), and the
 * record stays where it was. Single, batch and inside a bulk request alike.
 */
import { describe, expect, it } from 'vitest';
import { useEmulator } from '../harness.js';
import { REVIEW_PROCESS, USERS, addRecords, appWithFields, ok, rec } from './records-helpers.js';

const emu = useEmulator({ users: USERS });

interface ErrorBody {
  code: string;
  message: string;
}

const calls = [
  {
    name: 'PUT record/status.json',
    send: (app: string, headers: Record<string, string>) =>
      emu.call('PUT', '/k/v1/record/status.json', { app, id: 1, action: 'Submit' }, { headers }),
    answer: (body: ErrorBody) => body,
  },
  {
    name: 'PUT records/status.json',
    send: (app: string, headers: Record<string, string>) =>
      emu.call(
        'PUT',
        '/k/v1/records/status.json',
        { app, records: [{ id: 1, action: 'Submit' }] },
        { headers },
      ),
    answer: (body: ErrorBody) => body,
  },
  {
    name: 'a bulk request',
    send: (app: string, headers: Record<string, string>) =>
      emu.call(
        'POST',
        '/k/v1/bulkRequest.json',
        {
          requests: [
            { method: 'PUT', api: '/k/v1/record/status.json', payload: { app, id: 1, action: 'Submit' } },
          ],
        },
        { headers },
      ),
    answer: (body: { results: ErrorBody[] }) => body.results[0]!,
  },
];

describe('a status action without the assignee its next status needs', () => {
  for (const c of calls)
    for (const [lang, message] of [
      ['ja', '作業者を指定してください。'],
      ['en', 'Specify the assignee: the status "Review" needs one chosen from alice, bob.'],
    ] as const)
      it(`${c.name} (${lang}): 400 GAIA_SA01, the record stays`, async () => {
        const app = await appWithFields(emu, { amount: { type: 'NUMBER' } }, { process: REVIEW_PROCESS });
        await addRecords(emu, app, [rec({ amount: 5 })]);
        const res = await c.send(app, { 'Accept-Language': lang });
        const error = c.answer(res.body as never);
        expect([res.status, error.code, error.message]).toEqual([400, 'GAIA_SA01', message]);
        const read = await ok(emu.call('GET', '/k/v1/record.json', { app, id: 1 }));
        expect([read.record.Status.value, read.record.$revision.value]).toEqual(['Open', '1']);
      });
});
