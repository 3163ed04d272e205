import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../../src/emulator/index.js';
import { multipart } from '../files/file-upload.js';
import { manifest, newPluginKey, pluginIdOf, pluginPackage } from './plugin-packages.js';

const dir = mkdtempSync(join(tmpdir(), 'appdeploy-files-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function call(
  emu: RunningEmulator,
  method: string,
  path: string,
  init: { body: Buffer | string; type: string },
) {
  const res = await fetch(emu.url + path, {
    method,
    headers: {
      'X-Service-Authorization': Buffer.from('admin:admin').toString('base64'),
      'Content-Type': init.type,
    },
    body: init.body,
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe('uploads with a data directory', () => {
  it('keep their bytes and their one-use state across a restart', async () => {
    const key = newPluginKey();
    const form = await multipart({
      file: { bytes: pluginPackage({ key, manifest: manifest('Durable', 1) }), name: 'p.zip' },
    });
    const first = await startEmulator({ port: 0, data: dir });
    const uploaded = await call(first, 'POST', '/k/v1/file.json', {
      body: form.body,
      type: form.contentType,
    });
    await first.close();

    const second = await startEmulator({ port: 0, data: dir });
    const install = JSON.stringify({ fileKey: uploaded.body.fileKey });
    const installed = await call(second, 'POST', '/k/v1/plugin.json', {
      body: install,
      type: 'application/json',
    });
    expect(installed.body).toEqual({ id: pluginIdOf(key), version: '1' });
    await second.close();

    const third = await startEmulator({ port: 0, data: dir });
    const reused = await call(third, 'POST', '/k/v1/plugin.json', {
      body: install,
      type: 'application/json',
    });
    expect([reused.status, reused.body.code]).toEqual([404, 'GAIA_BL01']);
    await third.close();
  });
});
