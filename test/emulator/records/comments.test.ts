import { beforeEach, describe, expect, it } from 'vitest';
import { useEmulator } from '../harness.js';
import { ALICE, BOB, USERS, addRecords, appWithFields, ok, rec } from './records-helpers.js';

const emu = useEmulator({ users: USERS });
let app: string;

beforeEach(async () => {
  app = await appWithFields(emu, { t: { type: 'SINGLE_LINE_TEXT' } });
  await addRecords(emu, app, [rec({ t: 'x' })]);
});

const add = (text: string, user = ALICE, mentions?: unknown[]) =>
  emu.call(
    'POST',
    '/k/v1/record/comment.json',
    { app, record: 1, comment: { text, ...(mentions ? { mentions } : {}) } },
    { user },
  );

describe('comments', () => {
  it('adds with mentions and lists newest first by default, paging with older and newer', async () => {
    const first = await ok(
      add('hello @bob', ALICE, [
        { code: 'bob', type: 'USER' },
        { code: 'everyone', type: 'GROUP' },
      ]),
    );
    expect(first).toEqual({ id: '1' });
    for (let i = 2; i <= 12; i++) await ok(add(`comment ${i}`));
    const newest = await ok(emu.call('GET', '/k/v1/record/comments.json', { app, record: 1 }));
    expect(newest.comments).toHaveLength(10);
    expect([newest.comments[0].id, newest.older, newest.newer]).toEqual(['12', true, false]);
    const oldest = await ok(
      emu.call('GET', '/k/v1/record/comments.json', { app, record: 1, order: 'asc', limit: 2 }),
    );
    expect(oldest.comments[0]).toEqual({
      id: '1',
      text: 'hello @bob',
      createdAt: expect.any(String),
      creator: { code: 'alice', name: 'Alice' },
      mentions: [
        { code: 'bob', type: 'USER' },
        { code: 'everyone', type: 'GROUP' },
      ],
    });
    expect([oldest.comments.map((c: any) => c.id as unknown), oldest.older, oldest.newer]).toEqual([
      ['1', '2'],
      false,
      true,
    ]);
    const middle = await ok(
      emu.call('GET', '/k/v1/record/comments.json', { app, record: 1, offset: 5, limit: 5 }),
    );
    expect([middle.comments.map((c: any) => c.id as unknown), middle.older, middle.newer]).toEqual([
      ['7', '6', '5', '4', '3'],
      true,
      true,
    ]);
    const tooMany = await emu.call('GET', '/k/v1/record/comments.json', { app, record: 1, limit: 11 });
    expect([tooMany.status, tooMany.body.code]).toEqual([400, 'CB_VA01']);
  });

  it('refuses a mention of an unknown user, group or organization, and an empty text', async () => {
    const unknown = await add('hi', ALICE, [{ code: 'nobody', type: 'USER' }]);
    expect([unknown.status, Object.keys(unknown.body.errors)]).toEqual([400, ['comment.mentions[0].code']]);
    for (const type of ['GROUP', 'ORGANIZATION']) {
      const res = await add('hi', ALICE, [
        { code: 'everyone', type: 'GROUP' },
        { code: 'nowhere', type },
      ]);
      expect([res.status, res.body.errors['comment.mentions[1].code']?.messages]).toEqual([
        400,
        [expect.stringContaining('PUT /_emulator/directory')],
      ]);
    }
    const empty = await add('  ');
    expect([empty.status, Object.keys(empty.body.errors)]).toEqual([400, ['comment.text']]);
  });

  it('lets the author delete, nobody else; a missing comment is GAIA_RE02', async () => {
    await ok(add('by alice'));
    await ok(add('also by alice'));
    const byBob = await emu.call(
      'DELETE',
      '/k/v1/record/comment.json',
      { app, record: 1, comment: 1 },
      { user: BOB },
    );
    expect([byBob.status, byBob.body.code]).toEqual([403, 'CB_NO02']);
    await ok(
      emu.call('DELETE', '/k/v1/record/comment.json', { app, record: 1, comment: 1 }, { user: ALICE }),
    );
    await ok(
      emu.call('DELETE', '/k/v1/record/comment.json', { app, record: 1, comment: 2 }, { user: ALICE }),
    );
    const again = await emu.call('DELETE', '/k/v1/record/comment.json', { app, record: 1, comment: 2 });
    expect([again.status, again.body.code]).toEqual([400, 'GAIA_RE02']);
    const list = await ok(emu.call('GET', '/k/v1/record/comments.json', { app, record: 1 }));
    expect(list).toEqual({ comments: [], older: false, newer: false });
  });
});
