/**
 * The hosted platform's rules for `PUT /k/v1/preview/app/status.json`, over HTTP:
 * - the first status (lowest index) takes assignee type ONE only, with no candidates or only the
 *   app's creator field as a FIELD_ENTITY; CREATOR entities are refused there; later statuses take
 *   ONE, ALL or ANY; an omitted assignee becomes ONE + the creator field (SonicGarden/kintone-emulator,
 *   docs/real-kintone-notes.md, updateProcessManagement, observed 2026-04-30);
 * - `executableUser` belongs to SECONDARY actions only, `type` defaults to PRIMARY (the official
 *   client's types, app/processManagement.d.ts: ActionForParameter / ActionForResponse).
 * The platform's exact error key for the first-status rule is not recorded: 400 CB_VA01 at the
 * parameter's path (`states.<name>.assignee...`), as for every other invalid parameter.
 */
import { describe, expect, it } from 'vitest';
import { useEmulator } from '../harness.js';

const emu = useEmulator({
  users: [
    { login: 'admin', password: 'admin', admin: true },
    { login: 'yamada', password: 'yamada', admin: true, lang: 'ja' },
  ],
});

const WRITE = '/k/v1/preview/app/status.json';
const nobody = { type: 'ONE', entities: [] };
const creatorField = (code = 'Created_by') => ({ entity: { type: 'FIELD_ENTITY', code } });
const ent = (type: string, code: string | null) => ({ entity: { type, code } });

/** A three-status process whose first status has `first` as its assignee. */
function withFirst(first: unknown) {
  return {
    states: {
      Open: { name: 'Open', index: 0, assignee: first },
      Doing: { name: 'Doing', index: 1, assignee: { type: 'ANY', entities: [ent('GROUP', 'everyone')] } },
      Done: { name: 'Done', index: 2, assignee: nobody },
    },
    actions: [
      { name: 'Start', from: 'Open', to: 'Doing' },
      { name: 'Finish', from: 'Doing', to: 'Done' },
    ],
  };
}

describe('the first status', () => {
  it.each([
    ['type ANY', { type: 'ANY', entities: [] }, 'states.Open.assignee.type'],
    ['type ALL', { type: 'ALL', entities: [creatorField()] }, 'states.Open.assignee.type'],
    [
      'a GROUP candidate',
      { type: 'ONE', entities: [ent('GROUP', 'everyone')] },
      'states.Open.assignee.entities[0].entity.type',
    ],
    [
      'a USER candidate',
      { type: 'ONE', entities: [ent('USER', 'admin')] },
      'states.Open.assignee.entities[0].entity.type',
    ],
    [
      'a CREATOR entity',
      { type: 'ONE', entities: [ent('CREATOR', null)] },
      'states.Open.assignee.entities[0].entity.type',
    ],
    [
      'another user field than the creator',
      { type: 'ONE', entities: [creatorField('Updated_by')] },
      'states.Open.assignee.entities[0].entity.code',
    ],
    [
      'the creator field with another candidate',
      { type: 'ONE', entities: [creatorField(), ent('USER', 'admin')] },
      'states.Open.assignee.entities[1].entity.type',
    ],
  ])('refuses %s with 400 CB_VA01 at its path, and writes nothing', async (_what, first, key) => {
    const app = await emu.deployedApp();
    const before = await emu.call('GET', WRITE, { app });
    const res = await emu.call('PUT', WRITE, { app, ...withFirst(first) });
    expect([res.status, res.body.code, Object.keys(res.body.errors)]).toEqual([400, 'CB_VA01', [key]]);
    expect((await emu.call('GET', WRITE, { app })).body).toEqual(before.body);
  });

  it.each([
    ['no candidates', nobody],
    ['the creator field alone', { type: 'ONE', entities: [creatorField()] }],
  ])('takes ONE with %s', async (_what, first) => {
    const app = await emu.deployedApp();
    expect((await emu.call('PUT', WRITE, { app, ...withFirst(first) })).status).toBe(200);
  });

  it('is the lowest index, whatever the order of the map, and is named by the key it was sent under', async () => {
    const app = await emu.deployedApp();
    const res = await emu.call('PUT', WRITE, {
      app,
      states: {
        'In progress': { name: 'Working', index: 1, assignee: nobody },
        'Not started': { name: 'Queued', index: 0, assignee: { type: 'ANY', entities: [] } },
      },
      actions: [],
    });
    expect([res.status, Object.keys(res.body.errors)]).toEqual([400, ['states.Not started.assignee.type']]);
  });

  it("takes the creator field under the app's own code: 作成者 on an app created in Japanese", async () => {
    const yamada = { login: 'yamada', password: 'yamada' };
    const created = await emu.call(
      'POST',
      '/k/v1/preview/app.json',
      { name: '問い合わせ' },
      { user: yamada },
    );
    const app = created.body.app as string;
    const states = (first: unknown) => ({
      未処理: { name: '未処理', index: 0, assignee: first },
      完了: { name: '完了', index: 1, assignee: nobody },
    });
    // The preset actions go through 処理中, which these states leave out.
    const ok = await emu.call(
      'PUT',
      WRITE,
      { app, states: states({ type: 'ONE', entities: [creatorField('作成者')] }), actions: [] },
      { user: yamada },
    );
    expect(ok.status).toBe(200);
    const refused = await emu.call(
      'PUT',
      WRITE,
      { app, states: states({ type: 'ONE', entities: [ent('CREATOR', null)] }), actions: [] },
      { user: yamada },
    );
    expect([refused.status, refused.body.code, refused.body.errors]).toEqual([
      400,
      'CB_VA01',
      {
        'states.未処理.assignee.entities[0].entity.type': {
          messages: [
            '先頭のステータス「未処理」の作業者には、作成者フィールド「作成者」（FIELD_ENTITY）以外は指定できません。',
          ],
        },
      },
    ]);
  });

  it('answers an omitted assignee as ONE with the creator field, and later statuses keep ONE, ALL or ANY', async () => {
    const app = await emu.deployedApp();
    const res = await emu.call('PUT', WRITE, {
      app,
      states: {
        Open: { name: 'Open', index: 0 },
        Doing: { name: 'Doing', index: 1, assignee: { type: 'ALL', entities: [ent('CREATOR', null)] } },
        Done: { name: 'Done', index: 2 },
      },
      actions: [],
    });
    expect(res.status).toBe(200);
    const { states } = (await emu.call('GET', WRITE, { app })).body;
    const creator = {
      type: 'ONE',
      entities: [{ entity: { type: 'FIELD_ENTITY', code: 'Created_by' }, includeSubs: false }],
    };
    expect(states).toEqual({
      Open: { name: 'Open', index: '0', assignee: creator },
      Doing: {
        name: 'Doing',
        index: '1',
        assignee: {
          type: 'ALL',
          entities: [{ entity: { type: 'CREATOR', code: null }, includeSubs: false }],
        },
      },
      Done: { name: 'Done', index: '2', assignee: creator },
    });
  });
});

describe('candidates of a later status', () => {
  // AssigneeEntityForParameter (app/processManagement.d.ts) takes CUSTOM_FIELD, a custom item of
  // the user directory (such as a manager); the Update Process Management sample names one.
  it('takes a CUSTOM_FIELD, answered as sent with includeSubs', async () => {
    const app = await emu.deployedApp();
    const boss = { type: 'ANY', entities: [ent('CUSTOM_FIELD', 'Boss')] };
    const res = await emu.call('PUT', WRITE, {
      app,
      ...withFirst(nobody),
      states: { ...withFirst(nobody).states, Doing: { name: 'Doing', index: 1, assignee: boss } },
    });
    expect(res.status).toBe(200);
    const { states } = (await emu.call('GET', WRITE, { app })).body;
    expect(states.Doing.assignee).toEqual({
      type: 'ANY',
      entities: [{ entity: { type: 'CUSTOM_FIELD', code: 'Boss' }, includeSubs: false }],
    });
  });

  it.each([
    [
      '/k/v1/preview/app/acl.json',
      { rights: [{ entity: { type: 'CUSTOM_FIELD', code: 'Boss' } }] },
      'rights[0].entity.type',
    ],
    [
      '/k/v1/preview/record/acl.json',
      { rights: [{ entities: [{ entity: { type: 'CUSTOM_FIELD', code: 'Boss' }, viewable: true }] }] },
      'rights[0].entities[0].entity.type',
    ],
  ])('a CUSTOM_FIELD is refused elsewhere: %s', async (path, body, key) => {
    const app = await emu.deployedApp();
    const res = await emu.call('PUT', path, { app, ...body });
    expect([res.status, res.body.code, Object.keys(res.body.errors)]).toEqual([400, 'CB_VA01', [key]]);
  });
});

describe('actions: type and executableUser', () => {
  const states = withFirst(nobody).states;
  const group = { entities: [ent('GROUP', 'everyone')] };

  it.each([
    [
      'executableUser on a PRIMARY action',
      { type: 'PRIMARY', executableUser: group },
      'actions[0].executableUser',
    ],
    [
      'executableUser with type left out (PRIMARY)',
      { executableUser: { entities: [] } },
      'actions[0].executableUser',
    ],
    ['a SECONDARY action without executableUser', { type: 'SECONDARY' }, 'actions[0].executableUser'],
    [
      'a CREATOR among who may run a SECONDARY action',
      { type: 'SECONDARY', executableUser: { entities: [ent('CREATOR', null)] } },
      'actions[0].executableUser.entities[0].entity.type',
    ],
    ['a type outside PRIMARY and SECONDARY', { type: 'GENERAL' }, 'actions[0].type'],
  ])('refuses %s with 400 CB_VA01 at its path', async (_what, extra, key) => {
    const app = await emu.deployedApp();
    const res = await emu.call('PUT', WRITE, {
      app,
      states,
      actions: [{ name: 'Start', from: 'Open', to: 'Doing', ...extra }],
    });
    expect([res.status, res.body.code, Object.keys(res.body.errors)]).toEqual([400, 'CB_VA01', [key]]);
  });

  it('answers PRIMARY (the default) without executableUser and SECONDARY with it, in the shapes of the official types', async () => {
    const app = await emu.deployedApp();
    const finish = { name: 'Finish', from: 'Doing', to: 'Done', type: 'SECONDARY' };
    const res = await emu.call('PUT', WRITE, {
      app,
      states,
      actions: [
        { name: 'Start', from: 'Open', to: 'Doing' },
        { ...finish, executableUser: group },
      ],
    });
    expect(res.status).toBe(200);
    // Each action as sent, with its defaults filled in and includeSubs on every entity.
    expect((await emu.call('GET', WRITE, { app })).body.actions).toEqual([
      { name: 'Start', from: 'Open', to: 'Doing', filterCond: '', type: 'PRIMARY' },
      {
        ...finish,
        filterCond: '',
        executableUser: { entities: [{ entity: { type: 'GROUP', code: 'everyone' }, includeSubs: false }] },
      },
    ]);
  });
});

describe("a new app's preset process", () => {
  it.each([
    ['admin', 'en'],
    ['yamada', 'ja'],
  ])(
    'as %s (%s) satisfies the rules itself: a first status of ONE with nobody, PRIMARY buttons without executableUser, written back unchanged',
    async (login) => {
      const user = { login, password: login };
      const created = await emu.call('POST', '/k/v1/preview/app.json', { name: 'Preset' }, { user });
      const app = created.body.app as string;
      const { revision: _revision, ...preset } = (await emu.call('GET', WRITE, { app }, { user })).body;
      const first = Object.values(preset.states as Record<string, { index: string; assignee: unknown }>).find(
        (s) => s.index === '0',
      );
      expect(first?.assignee).toEqual(nobody);
      for (const action of preset.actions) {
        expect(action.type).toBe('PRIMARY');
        expect(action).not.toHaveProperty('executableUser');
      }
      const written = await emu.call('PUT', WRITE, { app, ...preset, enable: true }, { user });
      expect(written.status).toBe(200);
    },
  );
});

describe('status names', () => {
  // kintone.dev "Update Process Management Settings": "The maximum length is 64 characters".
  it.each([
    [64, 200],
    [65, 400],
  ])('a status named with %s characters: %s', async (length, status) => {
    const app = await emu.deployedApp();
    const name = 'S'.repeat(length);
    const body = withFirst(nobody);
    const res = await emu.call('PUT', WRITE, {
      app,
      ...body,
      states: { ...body.states, [name]: { name, index: 3, assignee: nobody } },
    });
    expect([res.status, res.status === 400 ? Object.keys(res.body.errors) : []]).toEqual([
      status,
      status === 400 ? [`states.${name}.name`] : [],
    ]);
  });
});
