/**
 * Who may update a record's assignees: kintone REST API, Update Assignees (cybozu.dev,
 * records/update-assignees, "必要なアクセス権"): the app management permission and view rights on
 * the records; the edit right is neither needed nor enough. (A token lacking what a call needs
 * is 403 GAIA_NO01, as the platform answers it: docs/local-service.md.)
 */
import { describe, expect, it } from 'vitest';
import { useEmulator } from '../harness.js';
import { REVIEW_PROCESS, USERS, addRecords, appWithFields, ok, rec } from './records-helpers.js';

const emu = useEmulator({ users: USERS });

describe('PUT record/assignees.json and the caller’s rights', () => {
  const cases = [
    { token: { view: true, edit: true }, answer: [403, 'GAIA_NO01'], assignees: [] },
    { token: { view: true, manage: true }, answer: [200, undefined], assignees: ['alice'] },
    { token: { view: false, manage: true }, answer: [403, 'GAIA_NO01'], assignees: [] },
  ];
  for (const c of cases)
    it(`a token with ${JSON.stringify(c.token)}: ${c.answer[0]}`, async () => {
      const app = await appWithFields(emu, { amount: { type: 'NUMBER' } }, { process: REVIEW_PROCESS });
      await addRecords(emu, app, [rec({ amount: 1 })]);
      const { token } = await ok(emu.call('POST', '/_emulator/tokens', { app, permissions: c.token }));
      const body = { app, id: 1, assignees: ['alice'] };
      const res = await emu.call('PUT', '/k/v1/record/assignees.json', body, { user: null, token });
      expect([res.status, res.body.code]).toEqual(c.answer);
      const read = await ok(emu.call('GET', '/k/v1/record.json', { app, id: 1 }));
      expect(read.record.Assignee.value.map((u: { code: string }) => u.code)).toEqual(c.assignees);
    });
});
