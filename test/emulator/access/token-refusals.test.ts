import { describe, expect, it } from 'vitest';
import { useEmulator } from '../harness.js';

/**
 * What an API token of the app, holding every permission, may not do on the hosted platform,
 * each row with its evidence, over HTTP. The refusal is 403 GAIA_NO01 "Using this API token, you
 * cannot run the specified API." (the code and wording kintone/cli-kintone's end-to-end suite
 * records from a real kintone, features/import.feature; its Japanese docs quote the ja wording).
 */
const ALICE = { login: 'alice', password: 'wonder' };
const emu = useEmulator({
  users: [
    { login: 'admin', password: 'admin', admin: true },
    { login: 'alice', password: 'wonder', admin: false },
  ],
});

const ALL = { view: true, add: true, edit: true, delete: true, manage: true };
const TOKEN_CANNOT_RUN = {
  status: 403,
  code: 'GAIA_NO01',
  message: 'Using this API token, you cannot run the specified API.',
};

async function tokenOf(app: string, permissions: Record<string, boolean> = ALL): Promise<string> {
  const res = await emu.call('POST', '/_emulator/tokens', { app, permissions });
  expect(res.status).toBe(200);
  return res.body.token as string;
}

const customView = { type: 'CUSTOM', index: '0', name: 'Board', html: '<div id="board"></div>' };
const listView = { type: 'LIST', index: '0', name: 'All', fields: [] };

type Row = [string, string, string, (app: string) => Record<string, unknown>];

/** kintone.dev, each endpoint's page ("Authentication", "Permissions"). */
const REFUSED: Row[] = [
  ['GET', '/k/v1/app/customize.json', 'Get Customization: API Tokens cannot be used', (app) => ({ app })],
  ['GET', '/k/v1/preview/app/customize.json', 'Get Customization, pre-live settings', (app) => ({ app })],
  [
    'PUT',
    '/k/v1/preview/app/customize.json',
    'Update Customization: API Tokens cannot be used',
    (app) => ({ app, scope: 'ALL' }),
  ],
  [
    'PUT',
    '/k/v1/preview/app/views.json',
    'Update Views, Customize View: API Tokens cannot be used',
    (app) => ({ app, views: { Board: customView } }),
  ],
  ['POST', '/k/v1/preview/app.json', 'Add Preview App: API Tokens cannot be used', () => ({ name: 'x' })],
  ['GET', '/k/v1/apps.json', 'Get Apps: password or session authentication', () => ({})],
  ['GET', '/k/v1/plugins.json', 'Get Installed Plug-ins: password or session', () => ({})],
  ['GET', '/k/v1/plugins/required.json', 'Get Required Plug-ins: password or session', () => ({})],
  ['GET', '/k/v1/plugin/apps.json', 'Get Plug-in Apps: password or session', () => ({ id: 'p' })],
  ['POST', '/k/v1/plugin.json', 'Install Plug-in: kintone administrators', () => ({ fileKey: 'k' })],
  ['PUT', '/k/v1/plugin.json', 'Update Plug-in: kintone administrators', () => ({ id: 'p', fileKey: 'k' })],
  ['DELETE', '/k/v1/plugin.json', 'Uninstall Plug-in: kintone administrators', () => ({ id: 'p' })],
];

/** The same token passes where the pages list API token authentication. */
const ACCEPTED: Row[] = [
  ['GET', '/k/v1/app/views.json', 'Get Views (API update of April 2020)', (app) => ({ app })],
  [
    'PUT',
    '/k/v1/preview/app/views.json',
    'Update Views, List view: App Management',
    (app) => ({ app, views: { All: listView } }),
  ],
  ['GET', '/k/v1/preview/app/settings.json', 'Get General Settings', (app) => ({ app })],
  ['GET', '/k/v1/app/plugins.json', 'Get App Plug-ins', (app) => ({ app })],
  [
    'GET',
    '/k/v1/preview/app/form/fields.json',
    'Get Form Fields (API update of Feb. 2020)',
    (app) => ({ app }),
  ],
];

describe('an API token with every permission of its app', () => {
  it.each(REFUSED)('is refused %s %s (%s)', async (method, path, _evidence, params) => {
    const app = await emu.deployedApp();
    const token = await tokenOf(app);
    const res = await emu.call(method, path, params(app), { user: null, token });
    expect({ status: res.status, code: res.body.code, message: res.body.message }).toEqual(TOKEN_CANNOT_RUN);
    expect(Object.keys(res.body).sort()).toEqual(['code', 'id', 'message']);
  });

  it.each(ACCEPTED)('may call %s %s (%s)', async (method, path, _evidence, params) => {
    const app = await emu.deployedApp();
    const token = await tokenOf(app);
    const res = await emu.call(method, path, params(app), { user: null, token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  });

  it('is told in the caller’s language', async () => {
    const app = await emu.deployedApp();
    const token = await tokenOf(app);
    const say = async (lang: string): Promise<string> => {
      const headers = { 'Accept-Language': lang };
      const res = await emu.call('GET', '/k/v1/app/customize.json', { app }, { user: null, token, headers });
      return String(res.body.message);
    };
    expect([await say('ja'), await say('zh'), await say('en')]).toEqual([
      'このAPIトークンでは、指定したAPIを実行できません。',
      '使用此API令牌无法执行指定的API。',
      'Using this API token, you cannot run the specified API.',
    ]);
  });
});

describe('a token lacking a permission', () => {
  // kintone/cli-kintone features/import.feature (real kintone): a view-only token adding records,
  // an add-only token reading them, are 403 GAIA_NO01, not the user's CB_NO02.
  it.each([
    ['adding a record with a view-only token', { view: true }, 'POST', '/k/v1/record.json'],
    ['reading records with an add-only token', { view: false, add: true }, 'GET', '/k/v1/records.json'],
    [
      'writing settings with a token without manage',
      { view: true },
      'PUT',
      '/k/v1/preview/app/settings.json',
    ],
  ] as const)('%s', async (_case, permissions, method, path) => {
    const app = await emu.deployedApp();
    const token = await tokenOf(app, permissions);
    const params = method === 'PUT' ? { app, name: 'x' } : method === 'POST' ? { app, record: {} } : { app };
    const res = await emu.call(method, path, params, { user: null, token });
    expect({ status: res.status, code: res.body.code, message: res.body.message }).toEqual(TOKEN_CANNOT_RUN);
  });

  it('is refused the same way inside a bulk request', async () => {
    const app = await emu.deployedApp();
    const token = await tokenOf(app, { view: true });
    const res = await emu.call(
      'POST',
      '/k/v1/bulkRequest.json',
      { requests: [{ method: 'POST', api: '/k/v1/record.json', payload: { app, record: {} } }] },
      { user: null, token },
    );
    expect([res.status, res.body.results[0].code]).toEqual([403, 'GAIA_NO01']);
  });
});

describe('custom views', () => {
  // kintone.dev, Update Views: a Customize view is for kintone administrators only.
  it('are written by kintone administrators only; list views by whoever manages the app', async () => {
    const app = await emu.deployedApp();
    await emu.call('PUT', '/k/v1/app/acl.json', {
      app,
      rights: [{ entity: { type: 'USER', code: 'alice' }, appEditable: true, recordViewable: true }],
    });
    const write = (views: unknown, user = ALICE) =>
      emu.call('PUT', '/k/v1/preview/app/views.json', { app, views }, { user });
    const refused = await write({ Board: customView });
    expect([refused.status, refused.body.code]).toEqual([403, 'CB_NO02']);
    expect((await write({ All: listView })).status).toBe(200);
    const admin = await write({ Board: customView }, { login: 'admin', password: 'admin' });
    expect(admin.status).toBe(200);
    // Reading them takes nothing more (Get Views takes tokens for every type).
    const token = await tokenOf(app);
    const read = await emu.call('GET', '/k/v1/preview/app/views.json', { app }, { user: null, token });
    expect([read.status, read.body.views.Board.type]).toEqual([200, 'CUSTOM']);
  });
});
