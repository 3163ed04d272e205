import { describe, expect, it } from 'vitest';
import { useEmulator } from '../harness.js';
import { ALICE, BOB, withAdmin } from '../members.js';

const GUEST = { login: 'gina@example.com', password: 'secret-1' };
const emu = useEmulator({ users: withAdmin(ALICE, BOB) });

const APP = '/k/v1/preview/app.json';
const MOVE = '/k/v1/app/move.json';

/** A space administered by alice (bob is not a member), and its first thread. */
async function space(extra: Record<string, unknown> = {}): Promise<{ id: string; thread: string }> {
  const members = [{ entity: { type: 'USER', code: 'alice' }, isAdmin: true }];
  const res = await emu.call('POST', '/k/v1/template/space.json', { id: 1, name: 'S', members, ...extra });
  if (res.status !== 200) throw new Error(JSON.stringify(res.body));
  const got = await emu.call('GET', '/k/v1/space.json', { id: res.body.id });
  return { id: res.body.id as string, thread: got.body.threadIds[0] as string };
}

/** Gina, a guest of one guest space; returns that space. */
async function guestOfGuestSpace(): Promise<{ id: string; thread: string }> {
  const guest = { code: GUEST.login, password: GUEST.password, name: 'Gina', timezone: 'UTC' };
  expect((await emu.call('POST', '/k/v1/guests.json', { guests: [guest] })).status).toBe(200);
  const s = await space({ isGuest: true });
  const put = await emu.call('PUT', `/k/guest/${s.id}/v1/space/guests.json`, { guests: [GUEST.login] });
  expect(put.status).toBe(200);
  return s;
}

describe('creating an app in a space', () => {
  it('refuses a private space to a non-member as reading it does (404 GAIA_SP01), and lets a member in', async () => {
    const s = await space({ isPrivate: true });
    const read = await emu.call('GET', '/k/v1/space.json', { id: s.id }, { user: BOB });
    const create = await emu.call('POST', APP, { name: 'x', space: s.id, thread: s.thread }, { user: BOB });
    expect([create.status, create.body.code]).toEqual([read.status, read.body.code]);
    expect([create.status, create.body.code]).toEqual([404, 'GAIA_SP01']);
    const member = await emu.call('POST', APP, { name: 'x', space: s.id, thread: s.thread }, { user: ALICE });
    expect(member.status).toBe(200);
  });

  it('keeps a guest to their own guest spaces: refused in a non-guest space and outside any space', async () => {
    const own = await guestOfGuestSpace();
    const plain = await space();
    const inPlain = await emu.call(
      'POST',
      APP,
      { name: 'x', space: plain.id, thread: plain.thread },
      { user: GUEST },
    );
    expect([inPlain.status, inPlain.body.code]).toEqual([403, 'CB_NO02']);
    const nowhere = await emu.call('POST', APP, { name: 'x' }, { user: GUEST });
    expect([nowhere.status, nowhere.body.code]).toEqual([403, 'CB_NO02']);
    expect(nowhere.body.message).toMatch(/guest space/);
    const inOwn = await emu.call(
      'POST',
      `/k/guest/${own.id}/v1/preview/app.json`,
      { name: 'x', space: own.id, thread: own.thread },
      { user: GUEST },
    );
    expect(inOwn.status).toBe(200);
    expect((await emu.call('GET', '/k/v1/apps.json')).body.apps).toEqual([]);
  });

  it('refuses a thread of another space, naming the thread', async () => {
    const a = await space();
    const b = await space();
    const res = await emu.call('POST', APP, { name: 'x', space: a.id, thread: b.thread });
    expect([res.status, Object.keys(res.body.errors)]).toEqual([400, ['thread']]);
    expect(res.body.errors.thread.messages[0]).toContain(`space ${a.id}`);
  });
});

describe('moving an app', () => {
  it('is refused (403 CB_NO02) to a user who administers neither the app nor the spaces', async () => {
    const s = await space();
    const app = await emu.deployedApp('Movable');
    await emu.call('PUT', '/k/v1/app/acl.json', {
      app,
      rights: [{ entity: { type: 'GROUP', code: 'everyone' }, appEditable: true, recordViewable: true }],
    });
    // Bob may manage the app, but administers no space: moving it into one is refused.
    const bob = await emu.call('POST', MOVE, { app, space: s.id }, { user: BOB });
    expect([bob.status, bob.body.code]).toEqual([403, 'CB_NO02']);
    // Alice administers the space and may manage the app: allowed.
    expect((await emu.call('POST', MOVE, { app, space: s.id }, { user: ALICE })).status).toBe(200);
    // Out of the space again: bob still administers nothing.
    const out = await emu.call('POST', MOVE, { app, space: null }, { user: BOB });
    expect([out.status, out.body.code]).toEqual([403, 'CB_NO02']);
    expect((await emu.call('GET', '/k/v1/app.json', { id: app })).body.spaceId).toBe(s.id);
  });

  it('is refused to a space administrator who cannot manage the app', async () => {
    const s = await space();
    const app = await emu.deployedApp('Not hers');
    const res = await emu.call('POST', MOVE, { app, space: s.id }, { user: ALICE });
    expect([res.status, res.body.code]).toEqual([403, 'CB_NO02']);
  });

  it.each([
    ['an app of true', { app: true }, 'app'],
    ['a space that is not an id', { app: 1, space: 'x' }, 'space'],
    ['an unknown key', { app: 1, thread: 1 }, 'thread'],
  ])('refuses %s with 400 CB_VA01', async (_case, body, path) => {
    await emu.deployedApp();
    const res = await emu.call('POST', MOVE, body);
    expect([res.status, res.body.code, Object.keys(res.body.errors)]).toEqual([400, 'CB_VA01', [path]]);
  });
});
