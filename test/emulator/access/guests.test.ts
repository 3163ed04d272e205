import { describe, expect, it } from 'vitest';
import { useEmulator } from '../harness.js';
import { uploadKey } from '../files/file-upload.js';
import { ALICE, withAdmin } from '../members.js';

const GUEST = { login: 'gina@example.com', password: 'secret-1' };
const emu = useEmulator({ users: withAdmin(ALICE) });

const guestUser = (code: string, extra: Record<string, unknown> = {}) => ({
  code,
  password: 'secret-1',
  name: `Guest ${code}`,
  timezone: 'Asia/Tokyo',
  ...extra,
});

async function createGuests(...codes: string[]) {
  const res = await emu.call('POST', '/k/v1/guests.json', { guests: codes.map((c) => guestUser(c)) });
  if (res.status !== 200) throw new Error(JSON.stringify(res.body));
}

/** A space (guest or not) with one deployed app in its first thread. */
async function spaceWithApp(isGuest: boolean): Promise<{ space: string; thread: string; app: string }> {
  const members = [{ entity: { type: 'USER', code: 'alice' }, isAdmin: true }];
  const space = (await emu.call('POST', '/k/v1/template/space.json', { id: 1, name: 'S', members, isGuest }))
    .body.id as string;
  const thread = (await emu.call('GET', '/k/v1/space.json', { id: space })).body.threadIds[0] as string;
  const app = (await emu.call('POST', '/k/v1/preview/app.json', { name: `App of ${space}`, space, thread }))
    .body.app as string;
  // platform-facts-verified: a guest space's app is reached only through its guest path.
  await emu.deploy([app], false, isGuest ? `/k/guest/${space}/v1` : '/k/v1');
  return { space, thread, app };
}

describe('guests', () => {
  it('creates guests (administrator only) who can then sign in', async () => {
    const image = await uploadKey(emu.call, Buffer.from('png'), 'me.png', 'image/png');
    const denied = await emu.call(
      'POST',
      '/k/v1/guests.json',
      { guests: [guestUser(GUEST.login)] },
      { user: ALICE },
    );
    expect([denied.status, denied.body.code]).toEqual([403, 'CB_NO02']);
    const res = await emu.call('POST', '/k/v1/guests.json', {
      guests: [guestUser(GUEST.login, { image, company: 'Acme', locale: 'en' })],
    });
    expect(res.body).toEqual({});
    const signedIn = await emu.call('GET', '/k/v1/apps.json', undefined, { user: GUEST });
    expect(signedIn.body).toEqual({ apps: [] });
    const wrong = await emu.call('GET', '/k/v1/apps.json', undefined, { user: { ...GUEST, password: 'x' } });
    expect([wrong.status, wrong.body.code]).toEqual([401, 'CB_WA01']);
  });

  it.each([
    ['missing fields', [{ code: 'a@b.c' }], ['guests[0].name', 'guests[0].password', 'guests[0].timezone']],
    ['a login that is not an e-mail address', [guestUser('nobody')], ['guests[0].code']],
    ['the same login twice', [guestUser('a@b.c'), guestUser('a@b.c')], ['guests[1].code']],
    ['a non-string option', [guestUser('a@b.c', { phone: 12 })], ['guests[0].phone']],
  ])('refuses %s naming each bad field', async (_case, guests, paths) => {
    const res = await emu.call('POST', '/k/v1/guests.json', { guests });
    expect([res.status, res.body.code, Object.keys(res.body.errors)]).toEqual([400, 'CB_VA01', paths]);
  });

  it('refuses a guest login that an existing guest already has', async () => {
    await createGuests(GUEST.login);
    const res = await emu.call('POST', '/k/v1/guests.json', { guests: [guestUser(GUEST.login)] });
    expect(res.body.errors['guests[0].code'].messages[0]).toContain('already exists');
  });

  it('lets a guest reach only the guest spaces they belong to and the apps in them', async () => {
    await createGuests(GUEST.login);
    const guestSpace = await spaceWithApp(true);
    const plain = await spaceWithApp(false);
    const put = await emu.call(
      'PUT',
      `/k/guest/${guestSpace.space}/v1/space/guests.json`,
      { guests: [GUEST.login] },
      { user: ALICE },
    );
    expect(put.body).toEqual({});
    const own = await emu.call(
      'GET',
      `/k/guest/${guestSpace.space}/v1/space.json`,
      { id: guestSpace.space },
      { user: GUEST },
    );
    expect(own.body).toMatchObject({ id: guestSpace.space, isGuest: true, memberCount: '2' });
    const viaOwnPath = await emu.call('GET', `/k/guest/${guestSpace.space}/v1/space.json`, {
      id: plain.space,
    });
    expect([viaOwnPath.status, viaOwnPath.body.code]).toEqual([404, 'GAIA_SP01']);
    const other = await emu.call('GET', '/k/v1/space.json', { id: plain.space }, { user: GUEST });
    expect([other.status, other.body.code]).toEqual([403, 'CB_NO02']);
    const otherMembers = await emu.call(
      'GET',
      '/k/v1/space/members.json',
      { id: plain.space },
      { user: GUEST },
    );
    expect(otherMembers.status).toBe(403);
    const comment = await emu.call(
      'POST',
      '/k/v1/space/thread/comment.json',
      { space: plain.space, thread: plain.thread, comment: { text: 'hi' } },
      { user: GUEST },
    );
    expect(comment.status).toBe(403);
    const viaGuestPath = `/k/guest/${guestSpace.space}/v1/app.json`;
    expect((await emu.call('GET', viaGuestPath, { id: guestSpace.app }, { user: GUEST })).status).toBe(200);
    // platform-facts-verified (Guest spaces): through /k/v1/ a guest space's app is GAIA_IL23.
    const viaPlain = await emu.call('GET', '/k/v1/app.json', { id: guestSpace.app }, { user: GUEST });
    expect([viaPlain.status, viaPlain.body.code]).toEqual([400, 'GAIA_IL23']);
    const otherApp = await emu.call('GET', '/k/v1/app.json', { id: plain.app }, { user: GUEST });
    expect([otherApp.status, otherApp.body.code]).toEqual([403, 'CB_NO02']);
    const apps = await emu.call('GET', '/k/v1/apps.json', undefined, { user: GUEST });
    expect(apps.body.apps.map((a: { appId: string }) => a.appId)).toEqual([guestSpace.app]);
    const create = await emu.call(
      'POST',
      '/k/v1/template/space.json',
      { id: 1, name: 'x', members: [] },
      { user: GUEST },
    );
    expect(create.status).toBe(403);
  });

  it.each([
    ['app.json', (app: string) => ({ id: app })],
    ['records.json', (app: string) => ({ app })],
    ['app/form/fields.json', (app: string) => ({ app })],
    ['preview/app/settings.json', (app: string) => ({ app })],
    ['preview/app/deploy.json', (app: string) => ({ apps: [app] })],
  ])("reaches through a guest-space path only that space's apps: GET %s", async (endpoint, params) => {
    const guestSpace = await spaceWithApp(true);
    const otherGuest = await spaceWithApp(true);
    const plain = await spaceWithApp(false);
    const via = (space: string, app: string) =>
      emu.call('GET', `/k/guest/${space}/v1/${endpoint}`, params(app));
    expect((await via(guestSpace.space, guestSpace.app)).status).toBe(200);
    for (const app of [plain.app, otherGuest.app]) {
      const res = await via(guestSpace.space, app);
      // platform-facts-verified (Guest spaces): another space's app through a guest path is 403 CB_NO02.
      expect([res.status, res.body.code]).toEqual([403, 'CB_NO02']);
      expect(res.body.message).toContain(`is not in guest space ${guestSpace.space}`);
    }
    // A plain space's path is no guest path: not even its own apps are reached through it.
    expect((await via(plain.space, plain.app)).status).toBe(404);
    expect((await emu.call('GET', `/k/v1/${endpoint}`, params(plain.app))).status).toBe(200);
  });

  it('lists through a guest-space path only the apps of that guest space, and lets its guests read them', async () => {
    await createGuests(GUEST.login);
    const guestSpace = await spaceWithApp(true);
    await spaceWithApp(false);
    await emu.call('PUT', `/k/guest/${guestSpace.space}/v1/space/guests.json`, { guests: [GUEST.login] });
    const listed = await emu.call('GET', `/k/guest/${guestSpace.space}/v1/apps.json`);
    expect(listed.body.apps.map((a: { appId: string }) => a.appId)).toEqual([guestSpace.app]);
    const records = await emu.call(
      'GET',
      `/k/guest/${guestSpace.space}/v1/records.json`,
      { app: guestSpace.app },
      { user: GUEST },
    );
    expect(records.body).toEqual({ records: [], totalCount: null });
  });

  it('refuses replacing guests without the guest path, or of a space that is not a guest space', async () => {
    await createGuests(GUEST.login);
    const plain = (await spaceWithApp(false)).space;
    const direct = await emu.call('PUT', '/k/v1/space/guests.json', { guests: [GUEST.login] });
    expect([direct.status, Object.keys(direct.body.errors)]).toEqual([400, ['guests']]);
    const notGuest = await emu.call('PUT', `/k/guest/${plain}/v1/space/guests.json`, {
      guests: [GUEST.login],
    });
    expect([notGuest.status, notGuest.body.code]).toEqual([404, 'GAIA_SP01']);
  });

  it('refuses a guest path naming an ordinary space, or no space, for every call (404 GAIA_SP01)', async () => {
    const plain = await spaceWithApp(false);
    const calls: [string, string, Record<string, unknown> | undefined][] = [
      ['GET', 'apps.json', undefined],
      ['GET', 'app.json', { id: plain.app }],
      ['GET', 'space.json', { id: plain.space }],
      ['GET', 'records.json', { app: plain.app }],
      ['POST', 'record.json', { app: plain.app, record: {} }],
    ];
    for (const space of [plain.space, '9999'])
      for (const [method, endpoint, params] of calls) {
        const res = await emu.call(method, `/k/guest/${space}/v1/${endpoint}`, params);
        expect([endpoint, res.status, res.body.code]).toEqual([endpoint, 404, 'GAIA_SP01']);
        expect(res.body.message).toContain(`There is no guest space with id ${space}`);
      }
    const bulk = await emu.call('POST', '/k/v1/bulkRequest.json', {
      requests: [
        {
          method: 'POST',
          api: `/k/guest/${plain.space}/v1/record.json`,
          payload: { app: plain.app, record: {} },
        },
      ],
    });
    expect([bulk.status, bulk.body.code]).toEqual([404, 'GAIA_SP01']);
    expect(bulk.body.message).toMatch(/^requests\[0\]\.api: There is no guest space with id /);
    expect(Object.keys(bulk.body.errors)).toEqual(['requests[0].api']);
    // Through /k/v1/ the same space and app answer, and the refused writes wrote nothing.
    const listed = await emu.call('GET', '/k/v1/apps.json', { spaceIds: [plain.space] });
    expect(listed.body.apps.map((a: { appId: string }) => a.appId)).toEqual([plain.app]);
    const records = await emu.call('GET', '/k/v1/records.json', { app: plain.app, totalCount: true });
    expect(records.body.totalCount).toBe('0');
  });

  it('refuses unknown guests in a guest space and non-administrators of the space', async () => {
    await createGuests(GUEST.login);
    const { space } = await spaceWithApp(true);
    const unknown = await emu.call('PUT', `/k/guest/${space}/v1/space/guests.json`, {
      guests: [GUEST.login, 'x@y.z'],
    });
    expect([unknown.status, Object.keys(unknown.body.errors)]).toEqual([400, ['guests[1]']]);
    const byGuest = await emu.call(
      'PUT',
      `/k/guest/${space}/v1/space/guests.json`,
      { guests: [] },
      { user: GUEST },
    );
    expect(byGuest.status).toBe(403);
  });

  it('deletes guests for good: they cannot sign in and leave their spaces', async () => {
    await createGuests(GUEST.login, 'other@example.com');
    const { space } = await spaceWithApp(true);
    await emu.call('PUT', `/k/guest/${space}/v1/space/guests.json`, {
      guests: [GUEST.login, 'other@example.com'],
    });
    const denied = await emu.call('DELETE', '/k/v1/guests.json', { guests: [GUEST.login] }, { user: ALICE });
    expect(denied.status).toBe(403);
    expect((await emu.call('DELETE', '/k/v1/guests.json', { guests: [GUEST.login] })).body).toEqual({});
    const signIn = await emu.call('GET', '/k/v1/apps.json', undefined, { user: GUEST });
    expect([signIn.status, signIn.body.code]).toEqual([401, 'CB_WA01']);
    expect((await emu.call('GET', '/k/v1/space.json', { id: space })).body.memberCount).toBe('2');
    const again = await emu.call('DELETE', '/k/v1/guests.json', { guests: [GUEST.login] });
    expect([again.status, Object.keys(again.body.errors)]).toEqual([400, ['guests[0]']]);
  });
});
