/**
 * The two dialects of the local service (issue 20, points 1 to 3): the hosted platform's header
 * names (`X-Cybozu-Authorization`, `X-Cybozu-API-Token`: kintone's REST documentation,
 * "Authentication") and the spec's (`X-Service-*`) both authenticate; where the two disagree on a
 * name, each caller is answered in its own: a field ACL rule names its field `code` on the hosted
 * platform (official client's types, app/right.d.ts) and `field` in the spec. Plug-ins are added
 * to an app on the hosted platform's draft path (`POST preview/app/plugins.json`, the official
 * client's `addPlugins`) as well as on the spec's `POST app/plugins.json`.
 */
import { describe, expect, it } from 'vitest';
import { useEmulator } from '../harness.js';
import { uploadKey } from '../files/file-upload.js';
import { manifest, newPluginKey, pluginPackage } from '../plugins/plugin-packages.js';

const emu = useEmulator();
const DIALECTS = ['kintone', 'service'] as const;

async function appWithField(): Promise<string> {
  const app = await emu.deployedApp('Dialects');
  const added = await emu.call('POST', '/k/v1/preview/app/form/fields.json', {
    app,
    properties: { amount: { type: 'NUMBER', code: 'amount', label: 'Amount' } },
  });
  expect(added.status).toBe(200);
  await emu.deploy([app]);
  return app;
}

describe('authentication under both header names', () => {
  it.each(DIALECTS)('%s: a login and password authenticate', async (dialect) => {
    const app = await emu.deployedApp();
    const res = await emu.call('GET', '/k/v1/app.json', { id: app }, { dialect });
    expect([res.status, res.body.appId]).toEqual([200, app]);
  });

  it.each(DIALECTS)('%s: a wrong password is 401 CB_WA01', async (dialect) => {
    const res = await emu.call(
      'GET',
      '/k/v1/apps.json',
      {},
      { dialect, user: { login: 'admin', password: 'x' } },
    );
    expect([res.status, res.body.code]).toEqual([401, 'CB_WA01']);
  });

  it.each(DIALECTS)('%s: an API token authenticates', async (dialect) => {
    const app = await emu.deployedApp();
    const { token } = (await emu.call('POST', '/_emulator/tokens', { app })).body as { token: string };
    const res = await emu.call('GET', '/k/v1/records.json', { app }, { dialect, user: null, token });
    expect(res.status).toBe(200);
  });

  it.each([
    ['kintone', 'X-Cybozu-API-Token'],
    ['service', 'X-Service-API-Token'],
  ] as const)('%s: an unknown token is 400 GAIA_IA02 naming the header it came in', async (dialect, name) => {
    const res = await emu.call(
      'GET',
      '/k/v1/records.json',
      { app: 1 },
      { dialect, user: null, token: 'nope' },
    );
    expect([res.status, res.body.code]).toEqual([400, 'GAIA_IA02']);
    expect(res.body.message).toContain(name);
  });

  it('no credential at all is 401 CB_AU01, naming both sets of header names', async () => {
    const res = await emu.call('GET', '/k/v1/apps.json', {}, { user: null });
    expect([res.status, res.body.code]).toEqual([401, 'CB_AU01']);
    expect(res.body.message).toContain('X-Cybozu-Authorization');
    expect(res.body.message).toContain('X-Service-Authorization');
  });

  it("a login under the hosted platform's name wins over a token under the spec's (login/password wins)", async () => {
    const res = await emu.call(
      'GET',
      '/k/v1/apps.json',
      {},
      { dialect: 'kintone', headers: { 'X-Service-API-Token': 'not-a-token' } },
    );
    expect(res.status).toBe(200);
  });
});

describe('field ACL: `code` on the hosted platform, `field` in the spec', () => {
  const everyone = { type: 'GROUP', code: 'everyone' };
  const entities = [{ entity: everyone, accessibility: 'READ' }];

  it.each([
    ['kintone', { code: 'amount' }],
    ['service', { field: 'amount' }],
  ] as const)(
    "%s: a rule written under either name is answered under the caller's",
    async (dialect, named) => {
      const app = await appWithField();
      for (const [writer, rule] of [
        ['kintone', { code: 'amount', entities }],
        ['service', { field: 'amount', entities }],
      ] as const) {
        const put = await emu.call(
          'PUT',
          '/k/v1/preview/field/acl.json',
          { app, rights: [rule] },
          { dialect: writer },
        );
        expect(put.status).toBe(200);
        const got = await emu.call('GET', '/k/v1/preview/field/acl.json', { app }, { dialect });
        expect(got.body.rights).toEqual([{ ...named, entities: [{ ...entities[0], includeSubs: false }] }]);
      }
    },
  );

  it.each([
    ['kintone', 'rights[0].code'],
    ['service', 'rights[0].field'],
  ] as const)('%s: a rule naming no field is 400 CB_VA01 at %s', async (dialect, key) => {
    const app = await appWithField();
    const res = await emu.call(
      'PUT',
      '/k/v1/preview/field/acl.json',
      { app, rights: [{ entities }] },
      { dialect },
    );
    expect([res.status, res.body.code, Object.keys(res.body.errors)]).toEqual([400, 'CB_VA01', [key]]);
  });
});

describe("plug-ins: the hosted platform's draft path and the spec's path", () => {
  it.each(['/k/v1/preview/app/plugins.json', '/k/v1/app/plugins.json'])(
    'POST %s adds to the draft; the deploy publishes it',
    async (path) => {
      const app = await emu.deployedApp();
      const zip = pluginPackage({ key: newPluginKey(), manifest: manifest('Stamp', 1) });
      const fileKey = await uploadKey(emu.call, zip, 'stamp.zip');
      const installed = (await emu.call('POST', '/k/v1/plugin.json', { fileKey })).body.id as string;
      const added = await emu.call('POST', path, { app, ids: [installed] }, { dialect: 'kintone' });
      expect(added.status).toBe(200);
      const ids = async (copy: string): Promise<string[]> => {
        const { plugins } = (await emu.call('GET', `/k/v1/${copy}app/plugins.json`, { app })).body as {
          plugins: { id: string }[];
        };
        return plugins.map((p) => p.id);
      };
      expect([await ids('preview/'), await ids('')]).toEqual([[installed], []]);
      await emu.deploy([app]);
      expect(await ids('')).toEqual([installed]);
    },
  );
});
