import { describe, expect, it } from 'vitest';
import { startEmulator } from '../../../src/emulator/index.js';
import { useEmulator } from '../harness.js';

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

  it('faults: `skip` lets the first matching calls through; `method` names several joined by |', async () => {
    const app = await emu.deployedApp();
    await emu.call('POST', '/_emulator/faults', {
      method: 'PUT|POST',
      path: '^/k/v1/preview/app/settings\\.json$',
      status: 503,
      skip: 2,
      times: 1,
    });
    const write = () => emu.call('PUT', '/k/v1/preview/app/settings.json', { app, name: 'x' });
    // A GET matches the path but not the methods, and is not counted.
    expect((await emu.call('GET', '/k/v1/preview/app/settings.json', { app })).status).toBe(200);
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await write()).status);
    expect(statuses).toEqual([200, 200, 503, 200]);
  });

  it('faults: answerDelayMs carries the call out at once and holds its answer', async () => {
    const app = await emu.deployedApp();
    await emu.call('POST', '/_emulator/faults', {
      method: 'PUT',
      path: '^/k/v1/preview/app/settings\\.json$',
      answerDelayMs: 1000,
      times: 1,
    });
    const writing = emu.call('PUT', '/k/v1/preview/app/settings.json', { app, name: 'held' });
    // Read while the answer is held: the write is done already.
    await new Promise((r) => setTimeout(r, 300));
    expect((await emu.call('GET', '/k/v1/preview/app/settings.json', { app })).body.name).toBe('held');
    expect((await writing).status).toBe(200);
  });

  it('faults: a default JSON body; DELETE clears them; bad faults are refused', async () => {
    await emu.call('POST', '/_emulator/faults', { path: 'apps\\.json', status: 429 });
    const limited = await emu.call('GET', '/k/v1/apps.json');
    expect([limited.status, limited.body.code]).toEqual([429, 'GAIA_TO04']);
    expect((await emu.call('DELETE', '/_emulator/faults')).body).toEqual({});
    expect((await emu.call('GET', '/k/v1/apps.json')).status).toBe(200);

    for (const [body, path] of [
      [{ path: '(' }, 'path'],
      [{ path: 'x' }, 'status'],
      [{ path: 'x', status: 99 }, 'status'],
      [{ path: 'x', status: 500, skip: -1 }, 'skip'],
    ] as const) {
      const res = await emu.call('POST', '/_emulator/faults', body);
      expect([res.status, Object.keys(res.body.errors)]).toEqual([400, [path]]);
    }
  });

  it('faults: delayMs holds the answer at least that long, `times` times, then the fault is spent', async () => {
    const app = await emu.deployedApp();
    await emu.call('POST', '/_emulator/faults', { path: '^/k/v1/app\\.json$', delayMs: 300, times: 2 });
    // Armed second, so a call reaches it only once the delay fault before it is spent.
    await emu.call('POST', '/_emulator/faults', { path: '^/k/v1/app\\.json$', status: 503 });
    for (let i = 0; i < 2; i++) {
      const started = performance.now();
      expect((await emu.call('GET', APP, { id: app })).status).toBe(200);
      expect(performance.now() - started).toBeGreaterThanOrEqual(300);
    }
    expect((await emu.call('GET', APP, { id: app })).status).toBe(503);
  });

  it('faults: drop closes the connection without an answer (a socket error), `times` times', async () => {
    const app = await emu.deployedApp();
    await emu.call('POST', '/_emulator/faults', { path: 'app\\.json', drop: true, times: 2 });
    for (let i = 0; i < 2; i++)
      await expect(emu.call('GET', APP, { id: app })).rejects.toMatchObject({
        cause: { code: expect.stringMatching(/^(UND_ERR_SOCKET|ECONNRESET)$/) },
      });
    expect((await emu.call('GET', APP, { id: app })).status).toBe(200);
  });

  it('deploy-outcome: refuses an unknown outcome, and an app that does not exist (404 GAIA_AP01)', async () => {
    const app = await emu.deployedApp();
    const res = await emu.call('POST', '/_emulator/deploy-outcome', { app, outcome: 'MAYBE' });
    expect([res.status, Object.keys(res.body.errors)]).toEqual([400, ['outcome']]);
    const missing = await emu.call('POST', '/_emulator/deploy-outcome', { app: 999, outcome: 'FAIL' });
    expect([missing.status, missing.body.code]).toEqual([404, 'GAIA_AP01']);
  });

  it.each([
    ['POST', '/_emulator/reset', { everything: true }, 'everything'],
    ['POST', '/_emulator/tokens', { app: 1, permission: { view: true } }, 'permission'],
    ['POST', '/_emulator/clock', { advanceMs: 1, offsetMs: 1 }, 'offsetMs'],
    ['POST', '/_emulator/faults', { path: 'x', status: 500, delay: 100 }, 'delay'],
    ['DELETE', '/_emulator/faults', { id: 'abc' }, 'id'],
    ['POST', '/_emulator/deploy-outcome', { app: 1, outcome: 'FAIL', times: 2 }, 'times'],
    ['POST', '/_emulator/app-code', { app: 1, code: 'A', force: true }, 'force'],
  ] as const)('%s %s refuses an unknown key with 400 CB_VA01 naming it', async (method, path, body, key) => {
    await emu.deployedApp();
    const res = await emu.call(method, path, body);
    expect([res.status, res.body.code, Object.keys(res.body.errors)]).toEqual([400, 'CB_VA01', [key]]);
    expect((await emu.call('GET', '/k/v1/apps.json')).body.apps).toHaveLength(1);
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

  it('stats: counts a POST with X-HTTP-Method-Override: GET as the GET it is', async () => {
    const app = await emu.deployedApp();
    const override = { headers: { 'X-HTTP-Method-Override': 'GET' } };
    expect((await emu.call('POST', APP, { id: app }, override)).status).toBe(200);
    const { requests } = (await emu.call('GET', '/_emulator/stats')).body;
    expect(requests['GET /k/v1/app.json']).toBe(1);
    expect(requests['POST /k/v1/app.json']).toBeUndefined();
  });

  it('latencyMs delays every answer by at least that long', async () => {
    const slow = await startEmulator({ port: 0, latencyMs: 200 });
    try {
      for (const path of ['/k/v1/apps.json', '/k/v1/nothing.json']) {
        const started = performance.now();
        const res = await fetch(`${slow.url}${path}`, {
          headers: { 'X-Service-Authorization': Buffer.from('admin:admin').toString('base64') },
        });
        await res.arrayBuffer();
        expect([path, performance.now() - started >= 200]).toEqual([path, true]);
      }
    } finally {
      await slow.close();
    }
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
