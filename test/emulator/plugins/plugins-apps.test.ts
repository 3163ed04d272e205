import { describe, expect, it } from 'vitest';
import { useEmulator } from '../harness.js';
import { uploadKey } from '../files/file-upload.js';
import { getWithJsonBody } from '../get-with-body.js';
import { manifest, newPluginKey, pluginPackage, type PluginKey } from './plugin-packages.js';

const emu = useEmulator();
const keyA = newPluginKey();
const keyB = newPluginKey();

async function installPlugin(key: PluginKey, name: string): Promise<string> {
  const fileKey = await uploadKey(emu.call, pluginPackage({ key, manifest: manifest(name, 1) }), 'p.zip');
  const res = await emu.call('POST', '/k/v1/plugin.json', { fileKey });
  if (res.status !== 200) throw new Error(JSON.stringify(res.body));
  return res.body.id as string;
}

async function draftApp(name: string): Promise<string> {
  return (await emu.call('POST', '/k/v1/preview/app.json', { name })).body.app as string;
}

describe('app plug-ins', () => {
  it('adds installed plug-ins to the draft with a revision check; deploy makes them live', async () => {
    const a = await installPlugin(keyA, 'Alpha');
    const b = await installPlugin(keyB, 'Beta');
    const app = await emu.deployedApp();
    const stale = await emu.call('POST', '/k/v1/app/plugins.json', { app, ids: [a], revision: 7 });
    expect([stale.status, stale.body.code]).toEqual([409, 'GAIA_CO02']);
    const added = await emu.call('POST', '/k/v1/app/plugins.json', { app, ids: [a, b], revision: 1 });
    expect(added.body).toEqual({ revision: '2' });
    const draft = await emu.call('GET', '/k/v1/preview/app/plugins.json', { app });
    expect(draft.body).toEqual({
      plugins: [
        { id: a, name: 'Alpha', enabled: true },
        { id: b, name: 'Beta', enabled: true },
      ],
      revision: '2',
    });
    expect((await emu.call('GET', '/k/v1/app/plugins.json', { app })).body).toEqual({
      plugins: [],
      revision: '1',
    });
    await emu.deploy([app]);
    const live = await emu.call('GET', '/k/v1/app/plugins.json', { app, offset: 1, limit: 1 });
    expect(live.body).toEqual({ plugins: [{ id: b, name: 'Beta', enabled: true }], revision: '2' });
    const tooMany = await emu.call('GET', '/k/v1/app/plugins.json', { app, limit: 101 });
    expect([tooMany.status, Object.keys(tooMany.body.errors)]).toEqual([400, ['limit']]);
  });

  it.each([
    [
      'a plug-in that is not installed',
      (a: string) => ({ ids: [a, 'pppppppppppppppppppppppppppppppp'] }),
      404,
      'GAIA_PL01',
      'ids[1]',
    ],
    ['the same id twice', (a: string) => ({ ids: [a, a] }), 400, 'CB_VA01', 'ids[1]'],
    ['no ids', () => ({}), 400, 'CB_VA01', 'ids'],
  ])('refuses %s', async (_case, params, status, code, path) => {
    const a = await installPlugin(keyA, 'Alpha');
    const app = await draftApp('X');
    const res = await emu.call('POST', '/k/v1/app/plugins.json', { app, ...params(a) });
    expect([res.status, res.body.code, Object.keys(res.body.errors ?? {})]).toEqual([status, code, [path]]);
    expect((await emu.call('GET', '/k/v1/preview/app/plugins.json', { app })).body.plugins).toEqual([]);
  });

  it('refuses a plug-in already added to the app', async () => {
    const a = await installPlugin(keyA, 'Alpha');
    const app = await draftApp('X');
    await emu.call('POST', '/k/v1/app/plugins.json', { app, ids: [a] });
    const again = await emu.call('POST', '/k/v1/app/plugins.json', { app, ids: [a] });
    expect([again.status, again.body.errors['ids[0]'].messages[0]]).toEqual([
      400,
      expect.stringContaining('already added'),
    ]);
  });

  it('lists the apps using a plug-in in ascending numeric app id order, paged 1 to 500', async () => {
    const a = await installPlugin(keyA, 'Alpha');
    const apps: string[] = [];
    for (let i = 1; i <= 11; i++) apps.push(await draftApp(`App ${i}`));
    for (const app of [apps[10]!, apps[1]!, apps[9]!])
      await emu.call('POST', '/k/v1/app/plugins.json', { app, ids: [a] });
    const using = await emu.call('GET', '/k/v1/plugin/apps.json', { id: a });
    expect(using.body.apps).toEqual([
      { id: apps[1], name: 'App 2' },
      { id: apps[9], name: 'App 10' },
      { id: apps[10], name: 'App 11' },
    ]);
    const paged = await emu.call('GET', '/k/v1/plugin/apps.json', { id: a, offset: 1, limit: 1 });
    expect(paged.body.apps).toEqual([{ id: apps[9], name: 'App 10' }]);
    for (const limit of [0, 501]) {
      const res = await emu.call('GET', '/k/v1/plugin/apps.json', { id: a, limit });
      expect([res.status, Object.keys(res.body.errors)]).toEqual([400, ['limit']]);
    }
    expect((await emu.call('GET', '/k/v1/plugin/apps.json', { id: a, limit: 500 })).status).toBe(200);
  });

  it('uninstalls: the plug-in leaves the list, and apps still naming it make it required', async () => {
    const a = await installPlugin(keyA, 'Alpha');
    const b = await installPlugin(keyB, 'Beta');
    const app = await draftApp('Uses both');
    await emu.call('POST', '/k/v1/app/plugins.json', { app, ids: [a, b] });
    expect((await emu.call('GET', '/k/v1/plugins/required.json')).body).toEqual({ plugins: [] });
    expect((await emu.call('DELETE', '/k/v1/plugin.json', { id: a })).body).toEqual({});
    const installed = await emu.call('GET', '/k/v1/plugins.json');
    expect(installed.body.plugins.map((p: { id: string }) => p.id)).toEqual([b]);
    const required = await emu.call('GET', '/k/v1/plugins/required.json');
    expect(required.body).toEqual({ plugins: [{ id: a, name: 'Alpha', isMarketPlugin: false }] });
    expect((await emu.call('GET', '/k/v1/plugin/apps.json', { id: a })).body.apps).toEqual([
      { id: app, name: 'Uses both' },
    ]);
    const addAgain = await emu.call('POST', '/k/v1/app/plugins.json', { app: await draftApp('Y'), ids: [a] });
    expect([addAgain.status, addAgain.body.code]).toEqual([404, 'GAIA_PL01']);
    const twice = await emu.call('DELETE', '/k/v1/plugin.json', { id: a });
    expect([twice.status, twice.body.code]).toEqual([404, 'GAIA_PL01']);
    expect((await emu.call('GET', '/k/v1/plugins/required.json', { limit: 101 })).status).toBe(400);
    await installPlugin(keyA, 'Alpha');
    expect((await emu.call('GET', '/k/v1/plugins/required.json')).body).toEqual({ plugins: [] });
  });

  it.each([
    ['the query string', (path: string, params: Record<string, unknown>) => emu.call('GET', path, params)],
    [
      'a JSON body on a real GET',
      (path: string, params: Record<string, unknown>) => getWithJsonBody(emu.url, path, params),
    ],
    [
      'a JSON body on POST with X-HTTP-Method-Override: GET',
      (path: string, params: Record<string, unknown>) =>
        emu.call('POST', path, params, { headers: { 'X-HTTP-Method-Override': 'GET' } }),
    ],
  ])('takes the parameters of plugin/apps.json and plugins/required.json in %s', async (_case, get) => {
    const a = await installPlugin(keyA, 'Alpha');
    const b = await installPlugin(keyB, 'Beta');
    const apps = [await draftApp('One'), await draftApp('Two'), await draftApp('Three')];
    for (const app of apps) await emu.call('POST', '/k/v1/app/plugins.json', { app, ids: [a, b] });
    await emu.call('DELETE', '/k/v1/plugin.json', { id: a });
    await emu.call('DELETE', '/k/v1/plugin.json', { id: b });
    const using = await get('/k/v1/plugin/apps.json', { id: b, offset: 1, limit: 1 });
    expect([using.status, using.body]).toEqual([200, { apps: [{ id: apps[1], name: 'Two' }] }]);
    const required = await get('/k/v1/plugins/required.json', { offset: 0, limit: 1 });
    const first = [a, b].sort()[0];
    expect(required.body.plugins.map((p: { id: string }) => p.id)).toEqual([first]);
    const second = await get('/k/v1/plugins/required.json', { offset: 1, limit: 5 });
    expect(second.body.plugins.map((p: { id: string }) => p.id)).toEqual([[a, b].sort()[1]]);
    const bad = await get('/k/v1/plugin/apps.json', { id: b, limit: 501 });
    expect([bad.status, Object.keys(bad.body.errors)]).toEqual([400, ['limit']]);
    const noId = await get('/k/v1/plugin/apps.json', { limit: 1 });
    expect([noId.status, Object.keys(noId.body.errors)]).toEqual([400, ['id']]);
  });
});
