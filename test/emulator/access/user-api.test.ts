// The common User API's directory reads (GET /v1/users.json, /v1/groups.json,
// /v1/organizations.json). Expectations from cybozu.dev (common/docs/user-api: get-users,
// get-groups, get-organizations, data-structure) and kintone.dev (Get Groups, Get Departments):
// ids or codes (never both), size 1..100 (default 100), offset >= 0, ascending id, guests refused.
import { beforeEach, describe, expect, it } from 'vitest';
import { useEmulator, type Reply } from '../harness.js';
import { ALICE, USERS, appWithFields, ok } from '../records/records-helpers.js';
import { DIRECTORY } from './example-groups.js';

const emu = useEmulator({ users: USERS });

beforeEach(async () => {
  await ok(emu.call('PUT', '/_emulator/directory', DIRECTORY));
});

const codes = (list: { code: string }[]): string[] => list.map((e) => e.code);
const refusal = (res: Reply): unknown[] => [res.status, res.body.code, Object.keys(res.body.errors ?? {})];

describe('GET /v1/users.json', () => {
  it('answers every user in the User type, ascending by id', async () => {
    const { users } = await ok(emu.call('GET', '/v1/users.json'));
    expect(codes(users)).toEqual(['admin', 'alice', 'bob']);
    expect(users[1]).toMatchObject({
      id: '2',
      code: 'alice',
      name: 'Alice',
      valid: true,
      email: null,
      primaryOrganization: 1,
      customItemValues: [],
    });
    expect(users[0].primaryOrganization).toBeNull();
  });

  it.each([
    ['codes', { codes: ['bob', 'nobody'] }, ['bob']],
    ['ids', { ids: ['1', '3'] }, ['admin', 'bob']],
    ['size', { size: 2 }, ['admin', 'alice']],
    ['offset and size', { offset: 1, size: 1 }, ['alice']],
    ['an offset past the end', { offset: 5 }, []],
  ])('filters and pages by %s', async (_case, params, expected) => {
    expect(codes((await ok(emu.call('GET', '/v1/users.json', params))).users)).toEqual(expected);
  });

  it('takes the documented codes[0]=... form', async () => {
    const res = await emu.call('GET', '/v1/users.json?codes[0]=alice&codes[1]=bob');
    expect(codes(res.body.users)).toEqual(['alice', 'bob']);
  });
});

describe('GET /v1/groups.json and /v1/organizations.json', () => {
  it('answer the built-in groups and the defined ones in the Group type', async () => {
    const { groups } = await ok(emu.call('GET', '/v1/groups.json'));
    expect(groups).toEqual([
      { id: '1', code: 'everyone', name: 'Everyone', description: '', type: 'static' },
      { id: '2', code: 'Administrators', name: 'Administrators', description: '', type: 'static' },
      { id: '3', code: 'reviewers', name: 'Reviewers', description: '', type: 'static' },
    ]);
  });

  it('answer the defined organizations in the Organization type', async () => {
    const { organizations } = await ok(emu.call('GET', '/v1/organizations.json', { codes: ['hr'] }));
    expect(organizations).toEqual([
      {
        id: '2',
        code: 'hr',
        name: 'hr',
        localName: null,
        localNameLocale: null,
        parentCode: null,
        description: null,
      },
    ]);
  });

  it('answer what the control API or a reset changed', async () => {
    await ok(emu.call('PUT', '/_emulator/directory', { groups: [{ code: 'ops', users: ['alice'] }] }));
    expect(codes((await ok(emu.call('GET', '/v1/groups.json', { offset: 2 }))).groups)).toEqual(['ops']);
    await ok(emu.call('POST', '/_emulator/reset'));
    expect((await ok(emu.call('GET', '/v1/organizations.json'))).organizations).toEqual([]);
  });
});

describe('refusals', () => {
  it.each([
    ['size over 100', { size: 101 }, 'size'],
    ['size 0', { size: 0 }, 'size'],
    ['a negative offset', { offset: -1 }, 'offset'],
    ['ids and codes together', { ids: ['1'], codes: ['admin'] }, 'codes'],
    ['more than 100 codes', { codes: Array.from({ length: 101 }, (_, i) => `u${i}`) }, 'codes'],
  ])('refuse %s with 400 CB_VA01 naming the parameter', async (_case, params, key) => {
    for (const path of ['/v1/users.json', '/v1/groups.json', '/v1/organizations.json'])
      expect(refusal(await emu.call('GET', path, params))).toEqual([400, 'CB_VA01', [key]]);
  });

  it.each(['kintone', 'service'] as const)(
    'refuse an app API token as the platform refuses a token (%s headers)',
    async (dialect) => {
      const app = await appWithFields(emu, {});
      const { token } = await ok(emu.call('POST', '/_emulator/tokens', { app }));
      const res = await emu.call('GET', '/v1/users.json', undefined, { user: null, token, dialect });
      expect([res.status, res.body.code]).toEqual([403, 'GAIA_NO01']);
    },
  );

  it.each(['kintone', 'service'] as const)('serve any signed-in user (%s headers)', async (dialect) => {
    const res = await emu.call('GET', '/v1/groups.json', { codes: ['reviewers'] }, { user: ALICE, dialect });
    expect(codes(res.body.groups)).toEqual(['reviewers']);
  });

  it('refuse a guest user (the pages: "All users other than Guest Users")', async () => {
    await ok(
      emu.call('POST', '/k/v1/guests.json', {
        guests: [{ code: 'g@example.com', password: 'secret-1', name: 'G', timezone: 'Asia/Tokyo' }],
      }),
    );
    const res = await emu.call('GET', '/v1/users.json', undefined, {
      user: { login: 'g@example.com', password: 'secret-1' },
    });
    expect([res.status, res.body.code]).toEqual([403, 'CB_NO02']);
  });
});
