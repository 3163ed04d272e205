import { TEXT_ANSWERED } from '../form/answered-defaults.js';
import { appendFileSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../../src/emulator/index.js';
import { runCli } from '../../support/cli.js';
import { passwordHeader } from '../../support/users.js';

const dirs: string[] = [];
function dataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'appdeploy-emulator-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function call(
  base: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: any }> {
  const res = await fetch(base + path, {
    method,
    headers: { ...passwordHeader(), ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: await res.json() };
}

const TITLE = { type: 'SINGLE_LINE_TEXT', code: 'title', label: 'Title' };
const LAYOUT = [
  { type: 'ROW', fields: [{ type: 'SINGLE_LINE_TEXT', code: 'title', size: { width: '300' } }] },
];
const APP_ACL = [{ entity: { type: 'USER', code: 'admin' }, appEditable: true, recordViewable: true }];
const RECORD_ACL = [
  { filterCond: '', entities: [{ entity: { type: 'USER', code: 'admin' }, viewable: true }] },
];
const FIELD_ACL = [
  { field: 'title', entities: [{ entity: { type: 'USER', code: 'admin' }, accessibility: 'READ' }] },
];

/**
 * A deployed app with fields, a layout, the three ACLs, an app code, a draft change, admin notes
 * and a moved clock: state of every kind.
 */
async function populate(emu: RunningEmulator): Promise<string> {
  const { body } = await call(emu.url, 'POST', '/k/v1/preview/app.json', { name: 'Durable' });
  const app = body.app as string;
  await call(emu.url, 'POST', '/k/v1/preview/app/form/fields.json', { app, properties: { title: TITLE } });
  await call(emu.url, 'PUT', '/k/v1/preview/app/form/layout.json', { app, layout: LAYOUT });
  await call(emu.url, 'POST', '/k/v1/preview/app/deploy.json', { apps: [{ app }] });
  await call(emu.url, 'POST', '/_emulator/clock', { advanceMs: 3_600_000 });
  // Live paths publish the whole draft, so these go first and the draft change stays pending.
  await call(emu.url, 'PUT', '/k/v1/app/adminNotes.json', { app, content: 'kept' });
  await call(emu.url, 'PUT', '/k/v1/app/acl.json', { app, rights: APP_ACL });
  await call(emu.url, 'PUT', '/k/v1/record/acl.json', { app, rights: RECORD_ACL });
  await call(emu.url, 'PUT', '/k/v1/field/acl.json', { app, rights: FIELD_ACL });
  await call(emu.url, 'PUT', '/k/v1/preview/app/settings.json', { app, name: 'Durable draft' });
  expect((await call(emu.url, 'POST', '/_emulator/app-code', { app, code: 'DURABLE' })).status).toBe(200);
  return app;
}

async function expectPopulated(emu: RunningEmulator, app: string): Promise<void> {
  const get = async (path: string): Promise<any> => (await call(emu.url, 'GET', `${path}?app=${app}`)).body;
  expect((await get('/k/v1/app/settings.json')).name).toBe('Durable');
  expect(await get('/k/v1/preview/app/settings.json')).toMatchObject({
    name: 'Durable draft',
    revision: '8',
  });
  expect((await get('/k/v1/app/adminNotes.json')).content).toBe('kept');
  expect((await get('/k/v1/app/form/fields.json')).properties.title).toEqual({ ...TEXT_ANSWERED, ...TITLE });
  expect((await get('/k/v1/app/form/layout.json')).layout).toEqual(LAYOUT);
  expect((await get('/k/v1/app/acl.json')).rights).toEqual([expect.objectContaining(APP_ACL[0])]);
  expect((await get('/k/v1/record/acl.json')).rights).toEqual([
    { filterCond: '', entities: [expect.objectContaining(RECORD_ACL[0]!.entities[0])] },
  ]);
  expect((await get('/k/v1/field/acl.json')).rights).toEqual([
    { field: 'title', entities: [expect.objectContaining(FIELD_ACL[0]!.entities[0])] },
  ]);
  expect((await call(emu.url, 'GET', `/k/v1/app.json?id=${app}`)).body.code).toBe('DURABLE');
  const { body } = await call(emu.url, 'POST', '/_emulator/clock', { advanceMs: 0 });
  expect(Date.parse(body.now) - Date.now()).toBeGreaterThan(3_500_000);
}

describe('persistence with a data directory', () => {
  it('keeps every acknowledged write across a restart', async () => {
    const data = dataDir();
    const first = await startEmulator({ port: 0, data, deployMs: 0 });
    const app = await populate(first);
    await first.close();
    const second = await startEmulator({ port: 0, data, deployMs: 0 });
    try {
      await expectPopulated(second, app);
    } finally {
      await second.close();
    }
  });

  it('ignores a torn last journal line and keeps working', async () => {
    const data = dataDir();
    const first = await startEmulator({ port: 0, data, deployMs: 0 });
    const app = await populate(first);
    await first.close();
    const journal = join(data, 'journal.jsonl');
    const intact = readFileSync(journal, 'utf8');
    appendFileSync(journal, '[["apps","99",{"id":"99","dra');
    const second = await startEmulator({ port: 0, data, deployMs: 0 });
    try {
      expect(readFileSync(journal, 'utf8')).toBe(intact);
      await expectPopulated(second, app);
      const next = await call(second.url, 'POST', '/k/v1/preview/app.json', { name: 'After the tear' });
      expect(next.body.app).toBe(String(Number(app) + 1));
    } finally {
      await second.close();
    }
  });

  it('compacts the journal into a snapshot as it grows, and loads snapshot plus journal on start', async () => {
    const data = dataDir();
    const first = await startEmulator({ port: 0, data, compactAtBytes: 8192 });
    const names: string[] = [];
    for (let i = 0; i < 30; i++) {
      names.push(`Compacted ${i}`);
      await call(first.url, 'POST', '/k/v1/preview/app.json', { name: names[i] });
    }
    await first.close();
    expect(existsSync(join(data, 'snapshot.json'))).toBe(true);
    expect(statSync(join(data, 'journal.jsonl')).size).toBeLessThan(8192);
    const second = await startEmulator({ port: 0, data });
    try {
      for (const [i, name] of names.entries()) {
        const res = await call(second.url, 'GET', `/k/v1/preview/app/settings.json?app=${i + 1}`);
        expect(res.body.name).toBe(name);
      }
      const next = await call(second.url, 'POST', '/k/v1/preview/app.json', { name: 'Next' });
      expect(next.body.app).toBe('31');
    } finally {
      await second.close();
    }
  });

  it('keeps without a data directory nothing: a new service starts empty', async () => {
    const first = await startEmulator({ port: 0 });
    await populate(first);
    await first.close();
    const second = await startEmulator({ port: 0 });
    try {
      expect((await call(second.url, 'GET', '/k/v1/apps.json')).body).toEqual({ apps: [] });
    } finally {
      await second.close();
    }
  });

  it('keeps every write answered 2xx when killed with SIGKILL in the middle of a write load', async () => {
    const data = dataDir();
    const cli = await runCli(['emulator', '--port', '0', '--data', data]);
    const acknowledged = new Map<string, string>();
    let sent = 0;
    let stop = false;
    const worker = async () => {
      while (!stop) {
        const name = `App ${sent++}`;
        try {
          const res = await call(cli.url, 'POST', '/k/v1/preview/app.json', { name });
          if (res.status === 200) acknowledged.set(res.body.app as string, name);
        } catch {
          return; // the connection died with the process: this write was never acknowledged
        }
      }
    };
    const workers = Array.from({ length: 16 }, worker);
    while (acknowledged.size < 60) await new Promise((r) => setTimeout(r, 5));
    cli.child.kill('SIGKILL');
    stop = true;
    await Promise.all(workers);
    expect((await cli.exited).signal).toBe('SIGKILL');

    const again = await runCli(['emulator', '--port', '0', '--data', data]);
    try {
      for (const [app, name] of acknowledged) {
        const res = await call(again.url, 'GET', `/k/v1/preview/app/settings.json?app=${app}`);
        expect([app, res.status, res.body.name]).toEqual([app, 200, name]);
      }
      const next = await call(again.url, 'POST', '/k/v1/preview/app.json', { name: 'After the crash' });
      expect(Number(next.body.app)).toBeGreaterThan(Math.max(...[...acknowledged.keys()].map(Number)));
    } finally {
      again.child.kill('SIGTERM');
      await again.exited;
    }
  });
});
