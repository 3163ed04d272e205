/**
 * Who may delete a record comment: kintone REST API, Delete Comment (cybozu.dev,
 * records/delete-comment): only the user who posted it, administrators no exception.
 */
import { describe, expect, it } from 'vitest';
import { ADMIN, useEmulator } from '../harness.js';
import { ALICE, BOB, USERS, addRecords, appWithFields, ok, rec } from './records-helpers.js';

const emu = useEmulator({ users: USERS });

describe('deleting a comment Alice posted', () => {
  const cases = [
    { by: 'alice', user: ALICE, answer: [200, undefined], left: 0 },
    { by: 'bob', user: BOB, answer: [403, 'CB_NO02'], left: 1 },
    { by: 'an administrator', user: ADMIN, answer: [403, 'CB_NO02'], left: 1 },
  ];
  for (const c of cases)
    it(`by ${c.by}: ${c.answer[0]}`, async () => {
      const app = await appWithFields(emu, { t: { type: 'SINGLE_LINE_TEXT' } });
      await addRecords(emu, app, [rec({ t: 'x' })]);
      const comment = { text: 'mine' };
      await ok(emu.call('POST', '/k/v1/record/comment.json', { app, record: 1, comment }, { user: ALICE }));
      const params = { app, record: 1, comment: 1 };
      const res = await emu.call('DELETE', '/k/v1/record/comment.json', params, { user: c.user });
      expect([res.status, res.body.code]).toEqual(c.answer);
      const list = await ok(emu.call('GET', '/k/v1/record/comments.json', { app, record: 1 }));
      expect(list.comments).toHaveLength(c.left);
    });
});
