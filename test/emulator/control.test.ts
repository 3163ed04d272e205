import { describe, expect, it } from 'vitest';
import { startEmulator } from '../../src/emulator/index.js';
import { useEmulator } from './harness.js';

const emu = useEmulator();

const APP = '/k/v1/app.json';

describe('control API', () => {
  it('reset empties the store and keeps the users', async () => {
    const app = await emu.deployedApp();
    expect((await emu.call('POST', '/_emulator/reset')).body).toEqual({});
    const res = await emu.call('GET', APP, { id: app });
    expect([res.status, res.body.code]).toEqual([404, 'GAIA_AP01']);
    expect((await emu.call('GET', '/k/v1/apps.json')).body).toEqual({ apps: [] });
  });

  it('tokens: issues a token with the given permissions (view by default) for an existing app', async () => {
    const app = await emu.deployedApp();
    const issued = await emu.call('POST', '/_emulator/tokens', { app, permissions: { manage: true } });
    expect(issued.body).toEqual({ token: expect.any(String) });
    const t = { user: null, token: issued.body.token };
    expect((await emu.call('GET', APP, { id: app }, t)).status).toBe(200);
    expect((await emu.call('PUT', '/k/v1/preview/app/settings.json', { app, name: 'n' }, t)).status).toBe(
      200,
    );
    for (const [body, status, path] of [
      [{ app: 999 }, 404, undefined],
      [{ app, permissions: { fly: true } }, 400, 'permissions.fly'],
      [{ app, permissions: { view: 'yes' } }, 400, 'permissions.view'],
    ] as const) {
      const res = await emu.call('POST', '/_emulator/tokens', body);
      expect(res.status).toBe(status);
      if (path) expect(Object.keys(res.body.errors)).toEqual([path]);
    }
  });

  it('clock: moves service time forward and answers the new now', async () => {
    const before = Date.now();
    const res = await emu.call('POST', '/_emulator/clock', { advanceMs: 86_400_000 });
    expect(Date.parse(res.body.now) - before).toBeGreaterThanOrEqual(86_400_000);
    const app = await emu.deployedApp();
    const created = Date.parse((await emu.call('GET', APP, { id: app })).body.createdAt);
    expect(created - before).toBeGreaterThanOrEqual(86_400_000 - 1000);
    const bad = await emu.call('POST', '/_emulator/clock', { advanceMs: -1 });
    expect([bad.status, Object.keys(bad.body.errors)]).toEqual([400, ['advanceMs']]);
  });

  it('faults: answer a status and body for the next matching calls, `times` times, for one method', async () => {
    const app = await emu.deployedApp();
    const armed = await emu.call('POST', '/_emulator/faults', {
      method: 'GET',
      path: '^/k/v1/app\\.json$',
      status: 503,
      body: { code: 'DOWN' },
      times: 2,
    });
    expect(armed.body).toEqual({ id: expect.any(String) });
    const other = await emu.call('PUT', '/k/v1/preview/app/settings.json', { app, name: 'x' });
    expect(other.status).toBe(200);
    const hits = [await emu.call('GET', APP, { id: app }), await emu.call('GET', APP, { id: app })];
    expect(hits.map((h): unknown[] => [h.status, h.body])).toEqual([
      [503, { code: 'DOWN' }],
      [503, { code: 'DOWN' }],
    ]);
    expect((await emu.call('GET', APP, { id: app })).status).toBe(200);
  });

  it('faults: a default JSON body, a delay, a dropped connection; DELETE clears them', async () => {
    const app = await emu.deployedApp();
    await emu.call('POST', '/_emulator/faults', { path: 'apps\\.json', status: 429 });
    const limited = await emu.call('GET', '/k/v1/apps.json');
    expect([limited.status, limited.body.code]).toEqual([429, 'GAIA_TO04']);
    expect((await emu.call('DELETE', '/_emulator/faults')).body).toEqual({});
    expect((await emu.call('GET', '/k/v1/apps.json')).status).toBe(200);

    await emu.call('POST', '/_emulator/faults', { path: 'app\\.json', delayMs: 30, times: 1 });
    expect((await emu.call('GET', APP, { id: app })).status).toBe(200);

    await emu.call('POST', '/_emulator/faults', { path: 'app\\.json', drop: true, times: 1 });
    await expect(emu.call('GET', APP, { id: app })).rejects.toThrow();
    expect((await emu.call('GET', APP, { id: app })).status).toBe(200);

    for (const [body, path] of [
      [{ path: '(' }, 'path'],
      [{ path: 'x' }, 'status'],
      [{ path: 'x', status: 99 }, 'status'],
    ] as const) {
      const res = await emu.call('POST', '/_emulator/faults', body);
      expect([res.status, Object.keys(res.body.errors)]).toEqual([400, [path]]);
    }
  });

  it('deploy-outcome: refuses an unknown outcome', async () => {
    const app = await emu.deployedApp();
    const res = await emu.call('POST', '/_emulator/deploy-outcome', { app, outcome: 'MAYBE' });
    expect([res.status, Object.keys(res.body.errors)]).toEqual([400, ['outcome']]);
  });

  it('stats: counts requests by method and path since the last reset', async () => {
    const app = await emu.deployedApp();
    await emu.call('GET', APP, { id: app });
    await emu.call('GET', APP, { id: app });
    const stats = await emu.call('GET', '/_emulator/stats');
    expect(stats.body.requests).toMatchObject({ 'GET /k/v1/app.json': 2, 'POST /k/v1/preview/app.json': 1 });
    await emu.call('POST', '/_emulator/reset');
    const after = await emu.call('GET', '/_emulator/stats');
    expect(after.body.requests['GET /k/v1/app.json']).toBeUndefined();
  });

  it('is absent with control off', async () => {
    const off = await startEmulator({ port: 0, control: false });
    try {
      const res = await fetch(`${off.url}/_emulator/reset`, {
        method: 'POST',
        headers: { 'X-Service-Authorization': Buffer.from('admin:admin').toString('base64') },
      });
      expect([res.status, ((await res.json()) as { code: string }).code]).toEqual([404, 'CB_NF01']);
    } finally {
      await off.close();
    }
  });
});
