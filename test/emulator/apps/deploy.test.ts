import { describe, expect, it } from 'vitest';
import { useEmulator } from '../harness.js';

// Deploys take a minute of service time here, so PROCESSING is observable; tests move the clock to finish them.
const DEPLOY_MS = 60_000;
const emu = useEmulator({ deployMs: DEPLOY_MS });

const DEPLOY = '/k/v1/preview/app/deploy.json';
const SETTINGS = '/k/v1/preview/app/settings.json';

async function statuses(apps: string[]): Promise<Record<string, string>> {
  const res = await emu.call('GET', DEPLOY, { apps });
  expect(res.status).toBe(200);
  return Object.fromEntries(res.body.apps.map((a: { app: string; status: string }) => [a.app, a.status]));
}

async function finishDeploys(): Promise<void> {
  await emu.call('POST', '/_emulator/clock', { advanceMs: DEPLOY_MS });
}

async function draftApp(name: string): Promise<string> {
  const res = await emu.call('POST', '/k/v1/preview/app.json', { name });
  return res.body.app as string;
}

async function liveApp(name: string): Promise<string> {
  const app = await draftApp(name);
  expect((await emu.call('POST', DEPLOY, { apps: [{ app }] })).status).toBe(200);
  await finishDeploys();
  return app;
}

const liveName = async (app: string): Promise<string> =>
  (await emu.call('GET', '/k/v1/app/settings.json', { app })).body.name as string;
const draftName = async (app: string): Promise<string> =>
  (await emu.call('GET', SETTINGS, { app })).body.name as string;

describe('deploy', () => {
  it('stays PROCESSING for the deploy time, then SUCCESS with live equal to the draft', async () => {
    const app = await liveApp('Before');
    await emu.call('PUT', SETTINGS, { app, name: 'After' });
    const res = await emu.call('POST', DEPLOY, { apps: [{ app: Number(app), revision: 2 }] });
    expect(res.body).toEqual({});
    expect(await statuses([app])).toEqual({ [app]: 'PROCESSING' });
    expect(await liveName(app)).toBe('Before');
    await finishDeploys();
    expect(await statuses([app])).toEqual({ [app]: 'SUCCESS' });
    expect(await liveName(app)).toBe('After');
    const [live, draft] = await Promise.all(
      ['/k/v1/app/settings.json', SETTINGS].map((path) => emu.call('GET', path, { app })),
    );
    expect(live!.body).toEqual(draft!.body);
  });

  it('reports SUCCESS for an app with nothing in flight, even one never deployed', async () => {
    const app = await draftApp('Never');
    expect(await statuses([app])).toEqual({ [app]: 'SUCCESS' });
  });

  it('reports SUCCESS for a never-deployed app after a revert, which stays not live (GAIA_AP01)', async () => {
    // The status is the last deploy call's progress, not whether the app is live (deploy.ts).
    const app = await draftApp('Reverted');
    expect((await emu.call('POST', DEPLOY, { apps: [{ app }], revert: true })).status).toBe(200);
    expect(await statuses([app])).toEqual({ [app]: 'SUCCESS' });
    expect((await emu.call('GET', '/k/v1/app/settings.json', { app })).body.code).toBe('GAIA_AP01');
  });

  it('is all or nothing across the apps of one call: FAIL for the failing app, CANCEL for the others', async () => {
    const a = await liveApp('A');
    const b = await liveApp('B');
    await emu.call('PUT', SETTINGS, { app: a, name: 'A2' });
    await emu.call('PUT', SETTINGS, { app: b, name: 'B2' });
    await emu.call('POST', '/_emulator/deploy-outcome', { app: b, outcome: 'FAIL' });
    await emu.call('POST', DEPLOY, { apps: [{ app: a }, { app: b }] });
    await finishDeploys();
    expect(await statuses([a, b])).toEqual({ [a]: 'CANCEL', [b]: 'FAIL' });
    expect([await liveName(a), await liveName(b)]).toEqual(['A', 'B']);
    expect([await draftName(a), await draftName(b)]).toEqual(['A2', 'B2']);
    // The forced outcome is used once: the next deploy succeeds.
    await emu.call('POST', DEPLOY, { apps: [{ app: a }, { app: b }] });
    await finishDeploys();
    expect(await statuses([a, b])).toEqual({ [a]: 'SUCCESS', [b]: 'SUCCESS' });
    expect([await liveName(a), await liveName(b)]).toEqual(['A2', 'B2']);
  });

  it('fails a deploy that existing records break (a field newly unique), cancelling the rest of the call', async () => {
    const a = await liveApp('Records');
    const b = await liveApp('Bystander');
    const fields = '/k/v1/preview/app/form/fields.json';
    await emu.call('POST', fields, {
      app: a,
      properties: { sku: { type: 'SINGLE_LINE_TEXT', code: 'sku', label: 'SKU' } },
    });
    await emu.call('POST', DEPLOY, { apps: [{ app: a }] });
    await finishDeploys();
    for (let i = 0; i < 2; i++)
      expect(
        (await emu.call('POST', '/k/v1/record.json', { app: a, record: { sku: { value: 'same' } } })).status,
      ).toBe(200);
    await emu.call('PUT', fields, { app: a, properties: { sku: { unique: true } } });
    await emu.call('PUT', SETTINGS, { app: b, name: 'Bystander 2' });
    await emu.call('POST', DEPLOY, { apps: [{ app: b }, { app: a }] });
    await finishDeploys();
    expect(await statuses([a, b])).toEqual({ [a]: 'FAIL', [b]: 'CANCEL' });
    const live = await emu.call('GET', '/k/v1/app/form/fields.json', { app: a });
    // The live field is as before: not unique (the platform answers the flag, false).
    expect(live.body.properties.sku.unique).toBe(false);
    expect(await liveName(b)).toBe('Bystander');
  });

  it('reverts: the draft becomes live again and nothing is deployed', async () => {
    const app = await liveApp('Kept');
    await emu.call('PUT', SETTINGS, { app, name: 'Discarded' });
    const res = await emu.call('POST', DEPLOY, { apps: [{ app }], revert: true });
    expect(res.status).toBe(200);
    expect(await draftName(app)).toBe('Kept');
    expect(await liveName(app)).toBe('Kept');
    expect(await statuses([app])).toEqual({ [app]: 'SUCCESS' });
  });

  it('reports FAIL after a failed deploy until the next deploy: a revert is immediate and records no deploy', async () => {
    const app = await liveApp('Failing');
    await emu.call('PUT', SETTINGS, { app, name: 'Failing 2' });
    await emu.call('POST', '/_emulator/deploy-outcome', { app, outcome: 'FAIL' });
    await emu.call('POST', DEPLOY, { apps: [{ app }] });
    await finishDeploys();
    expect(await statuses([app])).toEqual({ [app]: 'FAIL' });
    expect((await emu.call('POST', DEPLOY, { apps: [{ app }], revert: true })).status).toBe(200);
    expect(await draftName(app)).toBe('Failing');
    expect(await statuses([app])).toEqual({ [app]: 'FAIL' });
    await emu.call('POST', DEPLOY, { apps: [{ app }] });
    await finishDeploys();
    expect(await statuses([app])).toEqual({ [app]: 'SUCCESS' });
  });

  it('refuses settings writes and another deploy while the app is PROCESSING (409 GAIA_DE01)', async () => {
    const app = await liveApp('Busy');
    await emu.call('POST', DEPLOY, { apps: [{ app }] });
    for (const [method, path, body] of [
      ['PUT', SETTINGS, { app, name: 'x' }],
      ['POST', '/k/v1/preview/app/form/fields.json', { app, properties: {} }],
      ['PUT', '/k/v1/app/acl.json', { app, rights: [] }],
      ['POST', DEPLOY, { apps: [{ app }] }],
    ] as const) {
      const res = await emu.call(method, path, body);
      expect([res.status, res.body.code]).toEqual([409, 'GAIA_DE01']);
    }
    await finishDeploys();
    expect((await emu.call('PUT', SETTINGS, { app, name: 'x' })).status).toBe(200);
  });

  it('keeps a STUCK deploy PROCESSING whatever the clock says, refusing writes, until reset empties the store', async () => {
    const app = await liveApp('Stuck');
    await emu.call('POST', '/_emulator/deploy-outcome', { app, outcome: 'STUCK' });
    await emu.call('POST', DEPLOY, { apps: [{ app }] });
    await emu.call('POST', '/_emulator/clock', { advanceMs: 1000 * DEPLOY_MS });
    expect(await statuses([app])).toEqual({ [app]: 'PROCESSING' });
    const refused = await emu.call('PUT', SETTINGS, { app, name: 'x' });
    expect([refused.status, refused.body.code]).toEqual([409, 'GAIA_DE01']);

    expect((await emu.call('POST', '/_emulator/reset')).status).toBe(200);
    // The stuck deploy went with its app: the store is empty, and ids start again from 1.
    const gone = await emu.call('GET', DEPLOY, { apps: [app] });
    expect([gone.status, gone.body.code]).toEqual([404, 'GAIA_AP01']);
    expect((await emu.call('GET', '/k/v1/apps.json')).body).toEqual({ apps: [] });
    const again = await draftApp('After reset');
    expect(again).toBe(app);
    expect((await emu.call('PUT', SETTINGS, { app: again, name: 'y' })).status).toBe(200);
    expect(await statuses([again])).toEqual({ [again]: 'SUCCESS' });
  });

  it('checks the pinned revision against the draft counter; -1 skips', async () => {
    const app = await liveApp('Pinned');
    await emu.call('PUT', SETTINGS, { app, name: 'Changed' });
    for (const revision of [1, '1', 3]) {
      const stale = await emu.call('POST', DEPLOY, { apps: [{ app, revision }] });
      expect([revision, stale.status, stale.body.code]).toEqual([revision, 409, 'GAIA_CO02']);
    }
    expect((await emu.call('POST', DEPLOY, { apps: [{ app, revision: '2' }] })).status).toBe(200);
    await finishDeploys();
    expect((await emu.call('POST', DEPLOY, { apps: [{ app, revision: -1 }] })).status).toBe(200);
  });

  it.each([
    ['no apps', {}, 'apps'],
    ['an app named twice', { apps: [{ app: 1 }, { app: 1 }] }, 'apps'],
    ['an app that is not an id', { apps: [{ app: 'x' }] }, 'apps[0].app'],
    ['301 apps', { apps: Array.from({ length: 301 }, (_, i) => ({ app: i + 1 })) }, 'apps'],
    ['an empty apps array', { apps: [] }, 'apps'],
    ['apps that is not an array', { apps: { app: 1 } }, 'apps'],
    ['an item that is not an object', { apps: [1] }, 'apps[0]'],
    ['an app of true', { apps: [{ app: true }] }, 'apps[0].app'],
    ['a revision of true', { apps: [{ app: 1, revision: true }] }, 'apps[0].revision'],
    ['a revision of []', { apps: [{ app: 1, revision: [] }] }, 'apps[0].revision'],
    ['a revision of 1.5', { apps: [{ app: 1, revision: 1.5 }] }, 'apps[0].revision'],
    ['an unknown key in an item', { apps: [{ app: 1, rev: 1 }] }, 'apps[0].rev'],
    ['an unknown key in the body', { apps: [{ app: 1 }], force: true }, 'force'],
    ['a revert that is not a boolean', { apps: [{ app: 1 }], revert: 'yes' }, 'revert'],
  ])('refuses a deploy with %s', async (_case, body, path) => {
    await draftApp('One');
    const res = await emu.call('POST', DEPLOY, body);
    expect([res.status, res.body.code, Object.keys(res.body.errors)]).toEqual([400, 'CB_VA01', [path]]);
  });

  it('deploys 300 apps in one call and reports them in one status call', async () => {
    const apps: string[] = [];
    for (let batch = 0; batch < 300; batch += 20)
      apps.push(...(await Promise.all(Array.from({ length: 20 }, (_, i) => draftApp(`Bulk ${batch + i}`)))));
    expect((await emu.call('POST', DEPLOY, { apps: apps.map((app) => ({ app })) })).status).toBe(200);
    await finishDeploys();
    const all = await statuses(apps);
    expect(Object.values(all).filter((s) => s === 'SUCCESS')).toHaveLength(300);
    const over = await emu.call('GET', DEPLOY, { apps: [...apps, apps[0]] });
    expect(over.status).toBe(400);
  });
});
