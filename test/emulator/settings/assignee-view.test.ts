/**
 * The built-in view "(Assigned to me)" over HTTP: present exactly while process management is on
 * (the official client's app/view.d.ts `builtinType?: "ASSIGNEE"`; kintone's Update Views
 * documentation asks for it by name while process management is on), and no `builtinType` on
 * any other view.
 */
import { describe, expect, it } from 'vitest';
import { useEmulator } from '../harness.js';
import { ok } from '../records/records-helpers.js';

const emu = useEmulator();

const VIEWS = '/k/v1/preview/app/views.json';
const STATUS = '/k/v1/preview/app/status.json';

async function views(app: string, path = VIEWS): Promise<Record<string, Record<string, unknown>>> {
  return (await ok(emu.call('GET', path, { app }))).views as Record<string, Record<string, unknown>>;
}

async function setProcess(app: string, enable: boolean, lang?: string): Promise<void> {
  await ok(emu.call('PUT', STATUS, { app, enable }, lang ? { headers: { 'Accept-Language': lang } } : {}));
}

describe('the built-in view (Assigned to me)', () => {
  it('a new app has none, and its views carry no builtinType key at all', async () => {
    const app = await emu.deployedApp();
    for (const path of [VIEWS, '/k/v1/app/views.json']) {
      const all = await views(app, path);
      expect(Object.keys(all)).toEqual(['All records']);
      expect(all['All records']).not.toHaveProperty('builtinType');
    }
  });

  it.each([
    ['en', '(Assigned to me)', 'Assignee in (LOGINUSER())', 'Record_number desc'],
    ['ja', '(作業者が自分)', 'Assignee in (LOGINUSER())', 'Record_number desc'],
  ])(
    'appears (%s) when process management is enabled: a LIST, first',
    async (lang, name, filterCond, sort) => {
      const app = await emu.deployedApp();
      await setProcess(app, true, lang);
      const all = await views(app);
      expect(Object.keys(all)).toEqual([name, 'All records']);
      expect(all[name]).toMatchObject({
        type: 'LIST',
        name,
        index: '0',
        builtinType: 'ASSIGNEE',
        filterCond,
        sort,
        fields: ['Record_number'],
      });
      expect(all['All records']).toMatchObject({ index: '1' });
      expect(all['All records']).not.toHaveProperty('builtinType');
      // It goes live with the deploy, like any draft setting.
      await emu.deploy([app]);
      expect(Object.keys(await views(app, '/k/v1/app/views.json'))).toEqual([name, 'All records']);
    },
  );

  it('goes when process management is turned off', async () => {
    const app = await emu.deployedApp();
    await setProcess(app, true);
    await setProcess(app, false);
    expect(Object.keys(await views(app))).toEqual(['All records']);
  });

  it('keeps its id and builtinType when a PUT sends it back; a PUT cannot make another view built in', async () => {
    const app = await emu.deployedApp();
    await setProcess(app, true);
    const before = await views(app);
    const { id: _id, ...builtIn } = before['(Assigned to me)']!;
    await ok(
      emu.call('PUT', VIEWS, {
        app,
        views: {
          '(Assigned to me)': { ...builtIn, builtinType: 'ASSIGNEE' },
          Mine: { type: 'LIST', index: 1, fields: ['Record_number'], builtinType: 'ASSIGNEE' },
        },
      }),
    );
    const after = await views(app);
    expect(after['(Assigned to me)']).toEqual(before['(Assigned to me)']);
    expect(after.Mine).not.toHaveProperty('builtinType');
  });

  it('a PUT that leaves it out while process management is on: 400 CB_VA01 at views', async () => {
    const app = await emu.deployedApp();
    await setProcess(app, true);
    const res = await emu.call('PUT', VIEWS, { app, views: { Only: { type: 'LIST', index: 0 } } });
    expect([res.status, res.body.code, Object.keys(res.body.errors)]).toEqual([400, 'CB_VA01', ['views']]);
    expect(Object.keys(await views(app))).toEqual(['(Assigned to me)', 'All records']);
  });

  it.each([
    ['a string other than ASSIGNEE', 'CUSTOM_VIEW'],
    ['a number', 1],
  ])('refuses builtinType as %s (400 CB_VA01 at views.<name>.builtinType)', async (_case, builtinType) => {
    const app = await emu.deployedApp();
    const res = await emu.call('PUT', VIEWS, { app, views: { A: { type: 'LIST', index: 0, builtinType } } });
    expect([res.status, res.body.code, Object.keys(res.body.errors)]).toEqual([
      400,
      'CB_VA01',
      ['views.A.builtinType'],
    ]);
  });
});
