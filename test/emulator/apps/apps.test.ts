import { describe, expect, it } from 'vitest';
import { startEmulator } from '../../../src/emulator/index.js';
import { useEmulator } from '../harness.js';

const emu = useEmulator();

describe('apps', () => {
  it('creates an app in draft only: live reads answer GAIA_AP01 until the first deploy', async () => {
    const created = await emu.call('POST', '/k/v1/preview/app.json', { name: 'Orders' });
    expect(created.status).toBe(200);
    expect(created.body).toEqual({ app: expect.stringMatching(/^\d+$/), revision: '1' });
    const app = created.body.app;
    const before = await emu.call('GET', '/k/v1/app.json', { id: app });
    expect([before.status, before.body.code]).toEqual([404, 'GAIA_AP01']);
    expect(await emu.deploy([app])).toEqual({ [app]: 'SUCCESS' });
    const after = await emu.call('GET', '/k/v1/app.json', { id: Number(app) });
    expect(after.status).toBe(200);
    expect(after.body).toMatchObject({
      appId: app,
      name: 'Orders',
      spaceId: null,
      threadId: null,
      creator: { code: 'admin' },
    });
  });

  it.each([
    ['empty name', { name: '' }, 'name'],
    ['name over 64 characters', { name: 'x'.repeat(65) }, 'name'],
    ['thread without space', { name: 'a', thread: 1 }, 'space'],
    ['space without thread', { name: 'a', space: 1 }, 'thread'],
    ['a name that is a number', { name: 12 }, 'name'],
    ['an unknown key', { name: 'a', icon: 'APP72' }, 'icon'],
    ['a space of true', { name: 'a', space: true, thread: 1 }, 'space'],
  ])('refuses %s with CB_VA01 naming the parameter', async (_case, body, param) => {
    const res = await emu.call('POST', '/k/v1/preview/app.json', body);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('CB_VA01');
    expect(Object.keys(res.body.errors)).toEqual([param]);
  });

  it('lists deployed apps only, filtered and paged, in ascending numeric id order', async () => {
    const ids: string[] = [];
    for (let i = 1; i <= 11; i++) ids.push(await emu.deployedApp(`App ${i}`));
    await emu.call('POST', '/k/v1/preview/app.json', { name: 'App draft only' });
    const all = await emu.call('GET', '/k/v1/apps.json');
    expect(all.body.apps.map((a: { appId: string }) => a.appId)).toEqual(ids);
    const named = await emu.call('GET', '/k/v1/apps.json', { name: 'app 1' });
    expect(named.body.apps.map((a: { name: string }) => a.name)).toEqual(['App 1', 'App 10', 'App 11']);
    const page = await emu.call('GET', '/k/v1/apps.json', { offset: 9, limit: 5 });
    expect(page.body.apps.map((a: { appId: string }) => a.appId)).toEqual(ids.slice(9));
    const picked = await emu.call('GET', `/k/v1/apps.json?ids[0]=${ids[2]}&ids[1]=${ids[0]}`);
    expect(picked.body.apps.map((a: { appId: string }) => a.appId)).toEqual([ids[0], ids[2]]);
    const tooMany = await emu.call('GET', '/k/v1/apps.json', { limit: 101 });
    expect([tooMany.status, tooMany.body.code]).toEqual([400, 'CB_VA01']);
  });
});

describe('apps in spaces', () => {
  async function space(): Promise<{ id: string; thread: string }> {
    const members = [{ entity: { type: 'USER', code: 'admin' }, isAdmin: true }];
    const res = await emu.call('POST', '/k/v1/template/space.json', { id: 1, name: 'Team', members });
    if (res.status !== 200) throw new Error(JSON.stringify(res.body));
    const got = await emu.call('GET', '/k/v1/space.json', { id: res.body.id });
    return { id: res.body.id, thread: got.body.threadIds[0] };
  }

  it('creates an app in a space thread, lists it by space, and moves it out and back in', async () => {
    const s = await space();
    const created = await emu.call('POST', '/k/v1/preview/app.json', {
      name: 'In space',
      space: s.id,
      thread: s.thread,
    });
    expect(created.status).toBe(200);
    const app = created.body.app;
    await emu.deploy([app]);
    const other = await emu.deployedApp('Outside');
    const bySpace = await emu.call('GET', '/k/v1/apps.json', { spaceIds: [s.id] });
    expect(bySpace.body.apps.map((a: { appId: string }) => a.appId)).toEqual([app]);
    expect(bySpace.body.apps[0]).toMatchObject({ spaceId: s.id, threadId: s.thread });

    expect((await emu.call('POST', '/k/v1/app/move.json', { app, space: null })).body).toEqual({});
    expect((await emu.call('GET', '/k/v1/app.json', { id: app })).body).toMatchObject({
      spaceId: null,
      threadId: null,
    });
    await emu.call('POST', '/k/v1/app/move.json', { app: other, space: Number(s.id) });
    expect((await emu.call('GET', '/k/v1/app.json', { id: other })).body.spaceId).toBe(s.id);
    const missing = await emu.call('POST', '/k/v1/app/move.json', { app, space: 999 });
    expect([missing.status, missing.body.code]).toEqual([404, 'GAIA_SP01']);
  });

  it('refuses a thread that is not in the space', async () => {
    const s = await space();
    const res = await emu.call('POST', '/k/v1/preview/app.json', { name: 'x', space: s.id, thread: 999 });
    expect([res.status, Object.keys(res.body.errors)]).toEqual([400, ['thread']]);
  });
});

describe('request forms', () => {
  it.each([
    ['name[]=v', (a: string, b: string) => `ids[]=${a}&ids[]=${b}`],
    ['indexed name[0]=v', (a: string, b: string) => `ids[1]=${b}&ids[0]=${a}`],
    ['repeated name=v', (a: string, b: string) => `ids=${a}&ids=${b}`],
  ])('reads array parameters written as %s', async (_case, query) => {
    const a = await emu.deployedApp('A');
    const b = await emu.deployedApp('B');
    await emu.deployedApp('C');
    const res = await emu.call('GET', `/k/v1/apps.json?${query(a, b)}`);
    expect(res.body.apps.map((x: { appId: string }) => x.appId)).toEqual([a, b]);
  });

  it('reads a single query value name=v as an array of one (a JSON body must send a real array)', async () => {
    const a = await emu.deployedApp('A');
    await emu.deployedApp('B');
    const res = await emu.call('GET', `/k/v1/apps.json?ids=${a}`);
    expect(res.body.apps.map((x: { appId: string }) => x.appId)).toEqual([a]);
    const overridden = await emu.call(
      'POST',
      '/k/v1/apps.json',
      { ids: a },
      { headers: { 'X-HTTP-Method-Override': 'GET' } },
    );
    expect([overridden.status, Object.keys(overridden.body.errors)]).toEqual([400, ['ids']]);
  });

  it.each([
    ['ids', Array.from({ length: 101 }, (_, i) => i + 1)],
    ['codes', Array.from({ length: 101 }, (_, i) => `c${i}`)],
    ['spaceIds', Array.from({ length: 101 }, (_, i) => i + 1)],
  ])('caps %s[] at 100 values', async (name, values) => {
    const res = await emu.call('GET', '/k/v1/apps.json', { [name]: values });
    expect([res.status, Object.keys(res.body.errors)]).toEqual([400, [name]]);
  });

  it('refuses a body over the cap with JSON 413 CB_RE01', async () => {
    const small = await startEmulator({ port: 0, maxBodyBytes: 1024 });
    try {
      const res = await fetch(`${small.url}/k/v1/preview/app.json`, {
        method: 'POST',
        headers: {
          'X-Service-Authorization': Buffer.from('admin:admin').toString('base64'),
          'Content-Type': 'application/json',
        },
        body: JSON.stringify({ name: 'x'.repeat(2000) }),
      });
      expect(res.status).toBe(413);
      expect(await res.json()).toMatchObject({ code: 'CB_RE01' });
    } finally {
      await small.close();
    }
  });

  it('answers a JSON body that is not an object with CB_IJ01', async () => {
    const res = await emu.call('POST', '/k/v1/preview/app.json', [1, 2]);
    expect([res.status, res.body.code]).toEqual([400, 'CB_IJ01']);
  });
});

describe('HTTP edge', () => {
  it.each([
    ['unknown path', 'GET', '/k/v1/nothing.json', undefined, {}, 404, 'CB_NF01'],
    ['wrong method', 'DELETE', '/k/v1/app.json', {}, {}, 405, 'CB_ME01'],
    [
      'bad JSON',
      'POST',
      '/k/v1/preview/app.json',
      undefined,
      { rawBody: '{"name":', headers: { 'Content-Type': 'application/json' } },
      400,
      'CB_IJ01',
    ],
    [
      'wrong content type',
      'POST',
      '/k/v1/preview/app.json',
      undefined,
      { rawBody: 'name=x', headers: { 'Content-Type': 'text/plain' } },
      415,
      'CB_UT01',
    ],
    ['no authentication', 'GET', '/k/v1/apps.json', undefined, { user: null }, 401, 'CB_AU01'],
    [
      'wrong password',
      'GET',
      '/k/v1/apps.json',
      undefined,
      { user: { login: 'admin', password: 'nope' } },
      401,
      'CB_WA01',
    ],
  ] as const)('answers %s with JSON %i %s', async (_case, method, path, params, opts, status, code) => {
    const res = await emu.call(method, path, params, opts);
    expect(res.status).toBe(status);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.body).toMatchObject({ code, id: expect.any(String), message: expect.any(String) });
  });

  it('treats POST with X-HTTP-Method-Override: GET as a GET with its parameters in the body', async () => {
    const app = await emu.deployedApp('Override');
    const res = await emu.call(
      'POST',
      '/k/v1/app.json',
      { id: app },
      { headers: { 'X-HTTP-Method-Override': 'GET' } },
    );
    expect(res.status).toBe(200);
    expect(res.body.name).toBe('Override');
  });

  it('sends the concurrency headers on every answer', async () => {
    const res = await emu.call('GET', '/k/v1/apps.json');
    expect(res.headers.get('x-concurrencylimit-limit')).toBe('100');
    expect(Number(res.headers.get('x-concurrencylimit-running'))).toBeGreaterThanOrEqual(1);
  });
});
