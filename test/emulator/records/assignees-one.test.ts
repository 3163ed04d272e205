/**
 * How many assignees a record's status takes: kintone REST API, Update Assignees (cybozu.dev,
 * records/update-assignees): two or more for a status with one assignee are an error.
 */
import { describe, expect, it } from 'vitest';
import { useEmulator } from '../harness.js';
import { REVIEW_PROCESS, USERS, addRecords, appWithFields, ok, rec } from './records-helpers.js';

const emu = useEmulator({ users: USERS });

describe('assignees of a record in "Open" (type ONE)', () => {
  const cases = [
    { assignees: [], answer: [200, []] },
    { assignees: ['alice'], answer: [200, ['alice']] },
    { assignees: ['alice', 'alice'], answer: [200, ['alice']] },
    { assignees: ['alice', 'bob'], answer: [400, ['assignees']] },
  ];
  for (const c of cases)
    it(`${JSON.stringify(c.assignees)}: ${String(c.answer[0])}`, async () => {
      const app = await appWithFields(emu, { amount: { type: 'NUMBER' } }, { process: REVIEW_PROCESS });
      await addRecords(emu, app, [rec({ amount: 1 })]);
      const res = await emu.call('PUT', '/k/v1/record/assignees.json', {
        app,
        id: 1,
        assignees: c.assignees,
      });
      const read = await ok(emu.call('GET', '/k/v1/record.json', { app, id: 1 }));
      const kept = read.record.Assignee.value.map((u: { code: string }) => u.code);
      expect([res.status, res.status === 200 ? kept : Object.keys(res.body.errors)]).toEqual(c.answer);
    });
});
