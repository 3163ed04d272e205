import { describe, expect, it } from 'vitest';
import { useEmulator } from '../harness.js';
import { uploadKey } from '../files/file-upload.js';

const ALICE = { login: 'alice', password: 'alice' };
const BOB = { login: 'bob', password: 'bob' };
const emu = useEmulator({
  users: [
    { login: 'admin', password: 'admin', admin: true, name: 'Administrator' },
    { ...ALICE, admin: false, name: 'Alice' },
    { ...BOB, admin: false },
  ],
});

const aliceAdmin = [{ entity: { type: 'USER', code: 'alice' }, isAdmin: true }];

async function newSpace(extra: Record<string, unknown> = {}, user = ALICE): Promise<string> {
  const res = await emu.call(
    'POST',
    '/k/v1/template/space.json',
    { id: 1, name: 'Team', members: aliceAdmin, ...extra },
    { user },
  );
  if (res.status !== 200) throw new Error(JSON.stringify(res.body));
  return res.body.id as string;
}

describe('spaces', () => {
  it('creates a space from template 1 and reads it back', async () => {
    const id = await newSpace({ isPrivate: true, fixedMember: true });
    const res = await emu.call('GET', '/k/v1/space.json', { id }, { user: ALICE });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id,
      name: 'Team',
      isPrivate: true,
      isGuest: false,
      fixedMember: true,
      useMultiThread: true,
      memberCount: '1',
      creator: { code: 'alice', name: 'Alice' },
      body: '',
      attachedApps: [],
      threadIds: [expect.stringMatching(/^\d+$/)],
      coverType: 'PRESET',
    });
  });

  it.each([
    ['an unknown template', { id: 99 }, 404, 'GAIA_SP02', ['id']],
    ['no name', { name: undefined }, 400, 'CB_VA01', ['name']],
    ['no members', { members: undefined }, 400, 'CB_VA01', ['members']],
    [
      'no space administrator',
      { members: [{ entity: { type: 'USER', code: 'alice' } }] },
      400,
      'CB_VA01',
      ['members'],
    ],
    [
      'an unknown user and a bad entity type',
      {
        members: [
          ...aliceAdmin,
          { entity: { type: 'USER', code: 'zed' } },
          { entity: { type: 'ROLE', code: 'x' } },
        ],
      },
      400,
      'CB_VA01',
      ['members[1].entity.code', 'members[2].entity.type'],
    ],
  ])('refuses %s', async (_case, change, status, code, paths) => {
    const res = await emu.call('POST', '/k/v1/template/space.json', {
      id: 1,
      name: 'S',
      members: aliceAdmin,
      ...change,
    });
    expect([res.status, res.body.code, Object.keys(res.body.errors ?? {})]).toEqual([status, code, paths]);
  });

  it('shows a private space to its members only, and lets only space administrators change it', async () => {
    const priv = await newSpace({ isPrivate: true });
    const open = await newSpace();
    const hidden = await emu.call('GET', '/k/v1/space.json', { id: priv }, { user: BOB });
    expect([hidden.status, hidden.body.code]).toEqual([404, 'GAIA_SP01']);
    expect((await emu.call('GET', '/k/v1/space.json', { id: open }, { user: BOB })).status).toBe(200);
    const denied = await emu.call(
      'PUT',
      '/k/v1/space/body.json',
      { id: open, body: '<b>x</b>' },
      { user: BOB },
    );
    expect([denied.status, denied.body.code]).toEqual([403, 'CB_NO02']);
    expect(
      (await emu.call('PUT', '/k/v1/space/body.json', { id: open, body: '<b>hi</b>' }, { user: ALICE })).body,
    ).toEqual({});
    expect((await emu.call('GET', '/k/v1/space.json', { id: open })).body.body).toBe('<b>hi</b>');
    const token = await emu.call('GET', '/k/v1/space.json', { id: open }, { user: null, token: 'nope' });
    expect([token.status, token.body.code]).toEqual([400, 'GAIA_IA02']);
  });

  it('gets and replaces the member list', async () => {
    const id = await newSpace({ isPrivate: true });
    const members = [
      { entity: { type: 'USER', code: 'bob' }, isAdmin: true, includeSubs: false },
      { entity: { type: 'ORGANIZATION', code: 'sales' }, isAdmin: false, includeSubs: true },
    ];
    expect(
      (await emu.call('PUT', '/k/v1/space/members.json', { id, members }, { user: ALICE })).body,
    ).toEqual({});
    expect((await emu.call('GET', '/k/v1/space/members.json', { id }, { user: BOB })).body).toEqual({
      members,
    });
    const gone = await emu.call('GET', '/k/v1/space/members.json', { id }, { user: ALICE });
    expect([gone.status, gone.body.code]).toEqual([404, 'GAIA_SP01']);
    const bad = await emu.call('PUT', '/k/v1/space/members.json', { id, members: [members[0], members[0]] });
    expect([bad.status, Object.keys(bad.body.errors)]).toEqual([400, ['members[1].entity']]);
  });

  it('adds and updates threads; apps created in a thread show spaceId and threadId', async () => {
    const space = await newSpace();
    const added = await emu.call(
      'POST',
      '/k/v1/space/thread.json',
      { space, name: 'Planning' },
      { user: ALICE },
    );
    expect(added.body).toEqual({ id: expect.stringMatching(/^\d+$/), name: 'Planning' });
    const thread = added.body.id as string;
    expect(
      (await emu.call('PUT', '/k/v1/space/thread.json', { id: thread, name: 'Plans', body: '<p>x</p>' }))
        .body,
    ).toEqual({});
    const missing = await emu.call('PUT', '/k/v1/space/thread.json', { id: 999, name: 'x' });
    expect([missing.status, missing.body.code]).toEqual([404, 'GAIA_TH01']);
    const read = await emu.call('GET', '/k/v1/space.json', { id: space });
    expect(read.body.threadIds).toHaveLength(2);
    expect(read.body.threadIds[1]).toBe(thread);
    const app = (await emu.call('POST', '/k/v1/preview/app.json', { name: 'In space', space, thread })).body
      .app;
    await emu.deploy([app]);
    expect((await emu.call('GET', '/k/v1/app.json', { id: app })).body).toMatchObject({
      spaceId: space,
      threadId: thread,
    });
    const listed = await emu.call('GET', '/k/v1/apps.json', { spaceIds: [space] });
    expect(listed.body.apps.map((a: { appId: string }) => a.appId)).toEqual([app]);
    const attached = (await emu.call('GET', '/k/v1/space.json', { id: space })).body.attachedApps;
    expect(attached).toMatchObject([{ appId: app, threadId: thread, name: 'In space' }]);
  });

  it('posts thread comments with mentions and files, consuming each upload key once', async () => {
    const space = await newSpace();
    const thread = (await emu.call('GET', '/k/v1/space.json', { id: space })).body.threadIds[0];
    const fileKey = await uploadKey(emu.call, Buffer.from('report'), 'report.txt', 'text/plain');
    const comment = {
      text: 'See the report',
      mentions: [{ code: 'bob', type: 'USER' }],
      files: [{ fileKey }],
    };
    const posted = await emu.call(
      'POST',
      '/k/v1/space/thread/comment.json',
      { space, thread, comment },
      { user: BOB },
    );
    expect(posted.body).toEqual({ id: expect.stringMatching(/^\d+$/) });
    const reused = await emu.call('POST', '/k/v1/space/thread/comment.json', { space, thread, comment });
    expect([reused.status, reused.body.code, Object.keys(reused.body.errors)]).toEqual([
      404,
      'GAIA_BL01',
      ['comment.files[0].fileKey'],
    ]);
    const other = await newSpace();
    const wrongThread = await emu.call('POST', '/k/v1/space/thread/comment.json', {
      space: other,
      thread,
      comment: { text: 'x' },
    });
    expect([wrongThread.status, wrongThread.body.code]).toEqual([404, 'GAIA_TH01']);
    const empty = await emu.call('POST', '/k/v1/space/thread/comment.json', { space, thread, comment: {} });
    expect([empty.status, Object.keys(empty.body.errors)]).toEqual([400, ['comment']]);
    const badMention = await emu.call('POST', '/k/v1/space/thread/comment.json', {
      space,
      thread,
      comment: { text: 'x', mentions: [{ code: 'bob', type: 'ROBOT' }] },
    });
    expect(Object.keys(badMention.body.errors)).toEqual(['comment.mentions[0].type']);
  });

  it.each([
    ['an empty name', { name: '' }, ALICE, 400, 'CB_VA01'],
    ['a name over 100 characters', { name: 'x'.repeat(101) }, ALICE, 400, 'CB_VA01'],
    ['a body over 65,535 characters', { body: 'x'.repeat(65_536) }, ALICE, 400, 'CB_VA01'],
    ['a user outside the private space', { name: 'x' }, BOB, 404, 'GAIA_SP01'],
    ['a thread id that does not exist', { id: 99_999, name: 'x' }, ALICE, 404, 'GAIA_TH01'],
  ])('refuses a thread update with %s', async (_case, change, user, status, code) => {
    const space = await newSpace({ isPrivate: true });
    const thread = (await emu.call('GET', '/k/v1/space.json', { id: space })).body.threadIds[0];
    const res = await emu.call('PUT', '/k/v1/space/thread.json', { id: thread, ...change }, { user });
    expect([res.status, res.body.code]).toEqual([status, code]);
    const fine = await emu.call(
      'PUT',
      '/k/v1/space/thread.json',
      { id: thread, name: 'ok', body: '' },
      { user: ALICE },
    );
    expect(fine.status).toBe(200);
  });

  it('consumes no upload key of a thread comment that fails on a later file', async () => {
    const space = await newSpace();
    const thread = (await emu.call('GET', '/k/v1/space.json', { id: space })).body.threadIds[0];
    const fileKey = await uploadKey(emu.call, Buffer.from('a'), 'a.txt', 'text/plain');
    const post = (files: { fileKey: string }[]) =>
      emu.call('POST', '/k/v1/space/thread/comment.json', { space, thread, comment: { files } });
    const failed = await post([{ fileKey }, { fileKey: 'no-such-key' }]);
    expect([failed.status, failed.body.code, Object.keys(failed.body.errors)]).toEqual([
      404,
      'GAIA_BL01',
      ['comment.files[1].fileKey'],
    ]);
    expect((await post([{ fileKey }])).status).toBe(200);
    const sixFiles = await post(Array.from({ length: 6 }, () => ({ fileKey })));
    expect([sixFiles.status, Object.keys(sixFiles.body.errors)]).toEqual([400, ['comment.files']]);
  });

  it('deletes a space with its threads and comments; its apps leave it', async () => {
    const space = await newSpace();
    const thread = (await emu.call('GET', '/k/v1/space.json', { id: space })).body.threadIds[0];
    await emu.call('POST', '/k/v1/space/thread/comment.json', { space, thread, comment: { text: 'hi' } });
    const app = (await emu.call('POST', '/k/v1/preview/app.json', { name: 'A', space, thread })).body.app;
    await emu.deploy([app]);
    const denied = await emu.call('DELETE', '/k/v1/space.json', { id: space }, { user: BOB });
    expect(denied.status).toBe(403);
    expect((await emu.call('DELETE', '/k/v1/space.json', { id: space }, { user: ALICE })).body).toEqual({});
    expect((await emu.call('GET', '/k/v1/space.json', { id: space })).body.code).toBe('GAIA_SP01');
    expect((await emu.call('PUT', '/k/v1/space/thread.json', { id: thread, name: 'x' })).body.code).toBe(
      'GAIA_TH01',
    );
    expect((await emu.call('GET', '/k/v1/app.json', { id: app })).body).toMatchObject({
      spaceId: null,
      threadId: null,
    });
    const inThread = await emu.call('POST', '/k/v1/preview/app.json', { name: 'B', space, thread });
    expect(inThread.body.code).toBe('GAIA_SP01');
  });
});
