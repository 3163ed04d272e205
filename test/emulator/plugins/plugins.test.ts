import { describe, expect, it } from 'vitest';
import { useEmulator } from '../harness.js';
import { uploadKey } from '../files/file-upload.js';
import { getWithJsonBody } from '../get-with-body.js';
import {
  manifest,
  newPluginKey,
  pluginIdOf,
  pluginPackage,
  writeZip,
  type PackageOptions,
} from './plugin-packages.js';

const USER = { login: 'user', password: 'user' };
const emu = useEmulator({
  users: [
    { login: 'admin', password: 'admin', admin: true },
    { login: USER.login, password: USER.password, admin: false },
  ],
});
const keyA = newPluginKey();
const keyB = newPluginKey();
const idA = pluginIdOf(keyA);
const idB = pluginIdOf(keyB);

async function packageKey(options: PackageOptions): Promise<string> {
  return uploadKey(emu.call, pluginPackage(options), 'plugin.zip', 'application/zip');
}

async function install(options: PackageOptions) {
  return emu.call('POST', '/k/v1/plugin.json', { fileKey: await packageKey(options) });
}

async function installOk(key = keyA, name = 'Alpha', version: string | number = '1.0.0'): Promise<string> {
  const res = await install({ key, manifest: manifest(name, version) });
  if (res.status !== 200) throw new Error(JSON.stringify(res.body));
  return res.body.id as string;
}

const ids = (res: { body: { plugins: { id: string }[] } }) => res.body.plugins.map((p) => p.id);

describe('system plug-ins', () => {
  it('installs from an uploaded package: id from the public key, name/version/description from the manifest', async () => {
    const res = await install({ key: keyA, manifest: manifest('Alpha', 3, 'Does alpha things') });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: idA, version: '3' });
    expect(idA).toMatch(/^[a-p]{32}$/);
    const list = await emu.call('GET', '/k/v1/plugins.json', undefined, { user: USER });
    expect(list.body).toEqual({
      plugins: [
        { id: idA, name: 'Alpha', isMarketPlugin: false, version: '3', description: 'Does alpha things' },
      ],
    });
  });

  it('accepts a manifest with plain string texts, and refuses a second install of the same plug-in', async () => {
    const plain = { version: '2.1', name: 'Plain', description: 'plain text' };
    expect((await install({ key: keyB, manifest: plain })).body).toEqual({ id: idB, version: '2.1' });
    const again = await install({ key: keyB, manifest: plain });
    expect([again.status, again.body.code]).toEqual([400, 'GAIA_PL02']);
    expect(again.body.message).toContain('PUT /k/v1/plugin.json');
  });

  it('uses an upload key once: the second install with it fails with GAIA_BL01', async () => {
    const fileKey = await packageKey({ key: keyA, manifest: manifest('Alpha', 1) });
    expect((await emu.call('POST', '/k/v1/plugin.json', { fileKey })).status).toBe(200);
    await emu.call('DELETE', '/k/v1/plugin.json', { id: idA });
    const second = await emu.call('POST', '/k/v1/plugin.json', { fileKey });
    expect([second.status, second.body.code]).toEqual([404, 'GAIA_BL01']);
    expect(second.body.message).toContain('already used');
  });

  it('expires an upload key 3 days after upload on the service clock', async () => {
    const early = await packageKey({ key: keyA, manifest: manifest('Alpha', 1) });
    await emu.call('POST', '/_emulator/clock', { advanceMs: 2 * 86_400_000 });
    const later = await packageKey({ key: keyB, manifest: manifest('Beta', 1) });
    await emu.call('POST', '/_emulator/clock', { advanceMs: 86_400_000 });
    const expired = await emu.call('POST', '/k/v1/plugin.json', { fileKey: early });
    expect([expired.status, expired.body.code]).toEqual([404, 'GAIA_BL01']);
    expect(expired.body.message).toContain('expired');
    expect((await emu.call('POST', '/k/v1/plugin.json', { fileKey: later })).body).toEqual({
      id: idB,
      version: '1',
    });
  });

  it('updates a plug-in: same id, new version and name; a package signed with another key is refused', async () => {
    await installOk(keyA, 'Alpha', '1.0.0');
    const fileKey = await packageKey({ key: keyA, manifest: manifest('Alpha Two', '2.0.0') });
    const updated = await emu.call('PUT', '/k/v1/plugin.json', { id: idA, fileKey });
    expect(updated.body).toEqual({ id: idA, version: '2.0.0' });
    const list = await emu.call('GET', '/k/v1/plugins.json');
    expect(list.body.plugins).toMatchObject([{ id: idA, name: 'Alpha Two', version: '2.0.0' }]);
    const other = await emu.call('PUT', '/k/v1/plugin.json', {
      id: idA,
      fileKey: await packageKey({ key: keyB, manifest: manifest('Beta', 1) }),
    });
    expect([other.status, other.body.code, Object.keys(other.body.errors)]).toEqual([
      400,
      'GAIA_PL04',
      ['fileKey'],
    ]);
    const unknown = await emu.call('PUT', '/k/v1/plugin.json', {
      id: idB,
      fileKey: await packageKey({ key: keyB, manifest: manifest('Beta', 1) }),
    });
    expect([unknown.status, unknown.body.code]).toEqual([404, 'GAIA_PL01']);
  });

  it.each([
    ['a file that is not a ZIP', () => Buffer.from('not a zip at all'), 'is not a ZIP archive'],
    [
      'a ZIP that is not a plug-in',
      () => writeZip([{ name: 'readme.txt', content: 'hi' }]),
      'has no contents.zip',
    ],
    [
      'a package without PUBKEY',
      () => pluginPackage({ key: keyA, manifest: manifest('A', 1), omit: 'PUBKEY' }),
      'has no PUBKEY',
    ],
    [
      'a package signed with another key',
      () => pluginPackage({ key: keyA, manifest: manifest('A', 1), signer: keyB }),
      'SIGNATURE does not verify',
    ],
    [
      'a manifest without version',
      () => pluginPackage({ key: keyA, manifest: { name: 'A' } }),
      'has no version',
    ],
    [
      'a manifest without name',
      () => pluginPackage({ key: keyA, manifest: { version: 1, name: { ja: ' ' } } }),
      'has no name',
    ],
  ])('refuses %s with GAIA_PL03 saying why', async (_case, build, why) => {
    const fileKey = await uploadKey(emu.call, build(), 'x.zip', 'application/zip');
    const res = await emu.call('POST', '/k/v1/plugin.json', { fileKey });
    expect([res.status, res.body.code]).toEqual([400, 'GAIA_PL03']);
    expect(res.body.message).toContain(why);
    expect(res.body.errors.fileKey.messages[0]).toContain(why);
    expect((await emu.call('GET', '/k/v1/plugins.json')).body.plugins).toEqual([]);
  });

  it('needs an administrator to install, update and uninstall', async () => {
    const id = await installOk();
    const fileKey = await packageKey({ key: keyB, manifest: manifest('Beta', 1) });
    const calls: [string, unknown][] = [
      ['POST', { fileKey }],
      ['PUT', { id, fileKey }],
      ['DELETE', { id }],
    ];
    for (const [method, params] of calls) {
      const res = await emu.call(method, '/k/v1/plugin.json', params, { user: USER });
      expect([method, res.status, res.body.code]).toEqual([method, 403, 'CB_NO02']);
    }
    expect(ids(await emu.call('GET', '/k/v1/plugins.json'))).toEqual([id]);
  });

  it('lists newest install first, filters by ids, pages within bounds, and takes a JSON body on GET', async () => {
    const keys = [keyA, keyB, newPluginKey()];
    const installed: string[] = [];
    for (const [i, key] of keys.entries()) installed.push(await installOk(key, `P${i}`, i + 1));
    const newestFirst = [...installed].reverse();
    expect(ids(await emu.call('GET', '/k/v1/plugins.json'))).toEqual(newestFirst);
    expect(ids(await emu.call('GET', '/k/v1/plugins.json', { offset: 1, limit: 1 }))).toEqual([installed[1]]);
    expect(ids(await emu.call('GET', '/k/v1/plugins.json', { ids: [installed[0], installed[2]] }))).toEqual([
      installed[2],
      installed[0],
    ]);
    expect(ids(await getWithJsonBody(emu.url, '/k/v1/plugins.json', { ids: [installed[0]] }))).toEqual([
      installed[0],
    ]);
    // The same through POST + method override, as fetch-based clients send a GET with a body.
    const body = await emu.call(
      'POST',
      '/k/v1/plugins.json',
      { ids: [installed[1]], limit: 5 },
      { headers: { 'X-HTTP-Method-Override': 'GET' } },
    );
    expect(ids(body)).toEqual([installed[1]]);
    expect(ids(await emu.call('GET', '/k/v1/plugins.json', { ids: [] }))).toEqual(newestFirst);
    for (const bad of [{ limit: 0 }, { limit: 101 }, { offset: -1 }]) {
      const res = await emu.call('GET', '/k/v1/plugins.json', bad);
      expect([res.status, res.body.code, Object.keys(res.body.errors)]).toEqual([
        400,
        'CB_VA01',
        Object.keys(bad),
      ]);
    }
  });
});
