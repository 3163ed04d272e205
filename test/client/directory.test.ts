/**
 * The directory reads of the client against the local service over HTTP: one page, every page
 * (offset/size loop over 150 users: two calls of the documented 100 at most), codes sent in
 * batches of 100, one user's memberships (cybozu.dev, User API users/get-users-groups and
 * users/get-users-organization: `?code=<login>`, `{groups}` with `everyone` among them,
 * `{organizationTitles: [{organization, title}]}`), in both header dialects, and the platform's
 * refusal of an app's API token reaching the caller.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createClient, ServiceError, type Client } from '../../src/client/index.js';
import { ADMIN, useEmulator } from '../emulator/harness.js';

const MANY = Array.from({ length: 150 }, (_, i) => ({ login: `u${i}`, password: 'pw', admin: false }));
const emu = useEmulator({ users: [{ ...ADMIN, admin: true }, ...MANY] });
let client: Client;
beforeEach(async () => {
  client = createClient({ baseUrl: emu.url, auth: ADMIN, platform: 'kintone' });
  await emu.call('PUT', '/_emulator/directory', {
    groups: [{ code: 'reviewers', users: ['u1'] }],
    organizations: [{ code: 'sales', name: 'Sales', users: ['u2'] }],
  });
});
afterEach(async () => {
  await client.close();
});

const stats = async (): Promise<Record<string, number>> =>
  ((await emu.call('GET', '/_emulator/stats')).body as { requests: Record<string, number> }).requests;

describe('client.directory', () => {
  it('reads one page in the documented shapes', async () => {
    const { users } = await client.directory.getUsers({ codes: ['u2', 'u1'], size: 1 });
    expect(users.map((u) => u.code)).toEqual(['u1']);
    expect((await client.directory.getGroups({ codes: ['reviewers'] })).groups).toEqual([
      { id: '3', code: 'reviewers', name: 'reviewers', description: '', type: 'static' },
    ]);
    const { organizations } = await client.directory.getOrganizations();
    expect(organizations.map((o) => [o.code, o.name])).toEqual([['sales', 'Sales']]);
  });

  it('reads every page until a short one', async () => {
    const before = (await stats())['GET /v1/users.json'] ?? 0;
    const users = await client.directory.allUsers();
    expect(users).toHaveLength(151);
    expect(new Set(users.map((u) => u.id)).size).toBe(151);
    expect((await stats())['GET /v1/users.json']! - before).toBe(2);
  });

  it('sends codes 100 to a call', async () => {
    const codes = [...MANY.map((u) => u.login), 'nobody'];
    expect((await client.directory.allUsers(codes)).map((u) => u.code)).toEqual(MANY.map((u) => u.login));
    expect((await client.directory.allGroups(['everyone', 'gone'])).map((g) => g.code)).toEqual(['everyone']);
    expect(await client.directory.allOrganizations([])).toEqual([]);
  });

  describe.each(['kintone', 'service'] as const)("one user's memberships (%s headers)", (platform) => {
    let member: Client;
    beforeEach(async () => {
      member = createClient({ baseUrl: emu.url, auth: { login: 'u2', password: 'pw' }, platform });
      await emu.call('PUT', '/_emulator/directory', {
        groups: [
          { code: 'reviewers', users: ['u1'] },
          { code: 'editors', users: ['u1'] },
        ],
        organizations: [{ code: 'sales', name: 'Sales', users: ['u1'] }],
      });
    });
    afterEach(async () => {
      await member.close();
    });

    it.each([
      ['a user in two groups and one organization', 'u1', ['everyone', 'reviewers', 'editors'], ['sales']],
      ['a user in none', 'u2', ['everyone'], []],
      ['an administrator', ADMIN.login, ['everyone', 'Administrators'], []],
      ['a login that names no user', 'nobody', [], []],
    ])('%s', async (_case, login, groups, organizations) => {
      const answer = await member.directory.getUserGroups(login);
      expect(answer.groups.map((g) => g.code)).toEqual(groups);
      const { organizationTitles } = await member.directory.getUserOrganizations(login);
      expect(organizationTitles.map((t) => [t.organization.code, t.title])).toEqual(
        organizations.map((code) => [code, null]),
      );
    });

    it('answers each group and organization in the Group and Organization types', async () => {
      const { groups } = await member.directory.getUserGroups('u1');
      expect(groups[1]).toEqual({
        id: '3',
        code: 'reviewers',
        name: 'reviewers',
        description: '',
        type: 'static',
      });
      const [sales] = (await member.directory.getUserOrganizations('u1')).organizationTitles;
      expect(sales!.organization).toEqual(
        (await member.directory.getOrganizations({ codes: ['sales'] })).organizations[0],
      );
    });
  });

  it('passes on the refusal of an app API token', async () => {
    const { body } = await emu.call('POST', '/k/v1/preview/app.json', { name: 'A' });
    const token = (await emu.call('POST', '/_emulator/tokens', { app: body.app })).body.token as string;
    const tokenClient = createClient({ baseUrl: emu.url, auth: { apiToken: token }, platform: 'kintone' });
    const errors: unknown[] = await Promise.all(
      [
        tokenClient.directory.getUsers(),
        tokenClient.directory.getUserGroups('u1'),
        tokenClient.directory.getUserOrganizations('u1'),
      ].map((call) => call.catch((e: unknown) => e)),
    );
    await tokenClient.close();
    for (const error of errors) {
      expect(error).toBeInstanceOf(ServiceError);
      expect([(error as ServiceError).status, (error as ServiceError).code]).toEqual([403, 'GAIA_NO01']);
    }
  });
});
