// One user's memberships in the common User API: GET /v1/user/groups.json and
// /v1/user/organizations.json, `?code=<login>`. Expectations from cybozu.dev (common/docs/user-api:
// users/get-users-groups, users/get-users-organization): `code` required; `{groups: [Group type]}`
// with `everyone` among them, ascending by id; `{organizationTitles: [{organization: Organization
// type, title}]}`; no special access needed; kintone guests cannot be read. Each group and
// organization is the same entry the local service's GET /v1/groups.json and /v1/organizations.json
// answer (the Group and Organization types of one directory). Titles: the local service keeps none,
// so `title` is null (kintone.user.getOrganizations: an unset title is null). A login that names no
// user: the pages are silent; the local service answers an empty list, as its other User API reads
// leave out a code that names nothing (docs/local-service.md).
import { beforeEach, describe, expect, it } from 'vitest';
import { useEmulator } from '../harness.js';
import { ALICE, USERS, appWithFields, ok } from '../records/records-helpers.js';

const emu = useEmulator({ users: USERS });
const GUEST = { login: 'g@example.com', password: 'secret-1' };

beforeEach(async () => {
  await ok(
    emu.call('PUT', '/_emulator/directory', {
      groups: [
        { code: 'reviewers', name: 'Reviewers', users: ['alice'] },
        { code: 'bystanders', users: ['admin'] },
        { code: 'editors', name: 'Editors', users: ['alice'] },
      ],
      organizations: [
        { code: 'hr', name: 'HR', users: ['admin'] },
        { code: 'sales', name: 'Sales', users: ['alice'] },
      ],
    }),
  );
  await ok(
    emu.call('POST', '/k/v1/guests.json', {
      guests: [{ code: GUEST.login, password: GUEST.password, name: 'G', timezone: 'Asia/Tokyo' }],
    }),
  );
});

/** The entries GET /v1/groups.json or /v1/organizations.json answers for these codes, in its order. */
async function directoryEntries(kind: 'groups' | 'organizations', codes: string[]): Promise<unknown[]> {
  if (codes.length === 0) return [];
  const answer = (await ok(emu.call('GET', `/v1/${kind}.json`, { codes }))) as Record<string, unknown[]>;
  return answer[kind]!;
}

const CASES: [string, string, string[], string[]][] = [
  ['a user in two groups and one organization', 'alice', ['everyone', 'reviewers', 'editors'], ['sales']],
  ['a user in none (everyone only)', 'bob', ['everyone'], []],
  ['an administrator', 'admin', ['everyone', 'Administrators', 'bystanders'], ['hr']],
  ['a login that names no user', 'nobody', [], []],
  ['a guest (the User API reads no kintone guest)', GUEST.login, [], []],
];

describe.each(['kintone', 'service'] as const)('read by a signed-in user (%s headers)', (dialect) => {
  it.each(CASES)('GET /v1/user/groups.json: %s', async (_case, login, groupCodes) => {
    const res = await emu.call('GET', '/v1/user/groups.json', { code: login }, { user: ALICE, dialect });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ groups: await directoryEntries('groups', groupCodes) });
    expect(res.body.groups.map((g: { code: string }) => g.code)).toEqual(groupCodes);
  });

  it.each(CASES)('GET /v1/user/organizations.json: %s', async (_case, login, _groups, orgCodes) => {
    const res = await emu.call(
      'GET',
      '/v1/user/organizations.json',
      { code: login },
      { user: ALICE, dialect },
    );
    expect(res.status).toBe(200);
    const organizations = await directoryEntries('organizations', orgCodes);
    expect(res.body).toEqual({
      organizationTitles: organizations.map((organization) => ({ organization, title: null })),
    });
    expect(organizations.map((o) => (o as { code: string }).code)).toEqual(orgCodes);
  });
});

describe('what the memberships say after a change', () => {
  it('follow the control API and a reset', async () => {
    await ok(emu.call('PUT', '/_emulator/directory', { groups: [{ code: 'ops', users: ['bob'] }] }));
    const codes = async (): Promise<string[]> => {
      const { groups } = (await ok(emu.call('GET', '/v1/user/groups.json', { code: 'bob' }))) as {
        groups: { code: string }[];
      };
      return groups.map((g) => g.code);
    };
    expect(await codes()).toEqual(['everyone', 'ops']);
    await ok(emu.call('POST', '/_emulator/reset'));
    expect(await codes()).toEqual(['everyone']);
  });
});

describe.each(['/v1/user/groups.json', '/v1/user/organizations.json'])('refusals of %s', (path) => {
  it.each([
    ['no code', {}],
    ['an empty code', { code: '' }],
  ])('%s: 400 CB_VA01 at code', async (_case, params) => {
    const res = await emu.call('GET', path, params);
    expect([res.status, res.body.code, Object.keys(res.body.errors ?? {})]).toEqual([
      400,
      'CB_VA01',
      ['code'],
    ]);
  });

  it.each(['kintone', 'service'] as const)(
    'an app API token: 403 GAIA_NO01 (%s headers)',
    async (dialect) => {
      const app = await appWithFields(emu, {});
      const { token } = await ok(emu.call('POST', '/_emulator/tokens', { app }));
      const res = await emu.call('GET', path, { code: 'alice' }, { user: null, token, dialect });
      expect([res.status, res.body.code]).toEqual([403, 'GAIA_NO01']);
    },
  );

  it('a guest caller: 403 CB_NO02, as the other User API reads ("All users other than Guest Users")', async () => {
    const res = await emu.call('GET', path, { code: 'alice' }, { user: GUEST });
    expect([res.status, res.body.code]).toEqual([403, 'CB_NO02']);
  });
});
