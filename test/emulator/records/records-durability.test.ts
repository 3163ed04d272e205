import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../../src/emulator/index.js';

const auth = { 'X-Service-Authorization': Buffer.from('admin:admin').toString('base64') };

async function call(emu: RunningEmulator, method: string, path: string, body?: unknown): Promise<any> {
  const res = await fetch(emu.url + path, {
    method,
    headers: { ...auth, 'Content-Type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json: unknown = await res.json();
  if (res.status !== 200) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

async function deployed(emu: RunningEmulator, app: string): Promise<void> {
  for (;;) {
    const { apps } = await call(emu, 'GET', `/k/v1/preview/app/deploy.json?apps[]=${app}`);
    if (apps[0].status !== 'PROCESSING') return;
    await new Promise((r) => setTimeout(r, 5));
  }
}

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('records with the journal on', () => {
  it('survive a restart, and ids and row ids go on from where they were', async () => {
    const data = mkdtempSync(join(tmpdir(), 'appdeploy-records-'));
    dirs.push(data);
    const first = await startEmulator({ port: 0, data, deployMs: 0 });
    const { app } = await call(first, 'POST', '/k/v1/preview/app.json', { name: 'Durable' });
    await call(first, 'POST', '/k/v1/preview/app/form/fields.json', {
      app,
      properties: { t: { type: 'SINGLE_LINE_TEXT', code: 't', label: 't' } },
    });
    await call(first, 'POST', '/k/v1/preview/app/deploy.json', { apps: [{ app }] });
    await deployed(first, app);
    await call(first, 'POST', '/k/v1/bulkRequest.json', {
      requests: [
        { method: 'POST', api: '/k/v1/records.json', payload: { app, records: [{ t: { value: 'a' } }] } },
        { method: 'PUT', api: '/k/v1/record.json', payload: { app, id: 1, record: { t: { value: 'b' } } } },
      ],
    });
    await first.close();

    const second = await startEmulator({ port: 0, data, deployMs: 0 });
    try {
      const { record } = await call(second, 'GET', `/k/v1/record.json?app=${app}&id=1`);
      expect([record.t.value, record.$revision.value]).toEqual(['b', '2']);
      expect(await call(second, 'POST', '/k/v1/record.json', { app, record: { t: { value: 'c' } } })).toEqual(
        {
          id: '2',
          revision: '1',
        },
      );
    } finally {
      await second.close();
    }
  });
});
