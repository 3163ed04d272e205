/**
 * The yes-question of apply and revert, answered with Ctrl-C, Ctrl-D or an input that ends: an
 * interrupt (exit 130, "nothing was changed", no stack), and nothing written to the service or to
 * appdeploy.yaml. The input is a stream that says it is a terminal, so readline reads it key by
 * key as it reads a real one (where Ctrl-C and Ctrl-D are keys, not signals).
 */
import { mkdtemp, readFile, rm, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { main } from '../../src/cli/main.js';
import { createClient, type Client } from '../../src/client/index.js';
import { startEmulator, type RunningEmulator } from '../../src/emulator/index.js';
import { manifest } from '../apply/harness.js';
import { ADMIN } from '../support/users.js';

let emulator: RunningEmulator;
let client: Client;
let dir = '';

beforeAll(async () => {
  emulator = await startEmulator({ port: 0, deployMs: 10 });
  client = createClient({ baseUrl: emulator.url, auth: ADMIN });
  dir = await mkdtemp(join(tmpdir(), 'appdeploy-confirm-'));
  await mkdir(join(dir, 'apps'));
  await writeFile(
    join(dir, 'apps', 'tasks.yaml'),
    stringify(manifest('Tasks', { title: { type: 'SINGLE_LINE_TEXT', label: 'Title' } })),
  );
  await writeFile(join(dir, 'appdeploy.yaml'), config(null));
});

afterAll(async () => {
  await client.close();
  await emulator.close();
  await rm(dir, { recursive: true, force: true });
});

function config(id: string | null): string {
  return stringify({
    environments: { test: { baseUrl: emulator.url, auth: ADMIN } },
    apps: { tasks: { manifest: 'apps/tasks.yaml', ...(id ? { ids: { test: Number(id) } } : {}) } },
  });
}

/** Runs the CLI at a terminal whose user, once asked, presses `key` (or whose input ends). */
async function atTerminal(args: string[], key: '\x03' | '\x04' | 'end') {
  const input = Object.assign(new PassThrough(), { isTTY: true });
  const out: string[] = [];
  const err: string[] = [];
  const io = {
    out: (s: string) => void out.push(s),
    err: (s: string) => {
      err.push(s);
      // The question is asked on stderr: answer it then.
      if (/Enter yes/.test(s)) setTimeout(() => (key === 'end' ? input.end() : input.write(key)), 5);
    },
    interactive: true,
    input,
  };
  const code = await main(['node', 'appdeploy', ...args, '-C', dir], io);
  return { code, stdout: out.join(''), stderr: err.join('') };
}

async function writes(): Promise<number> {
  const res = await fetch(`${emulator.url}/_emulator/stats`, {
    headers: { 'X-Service-Authorization': Buffer.from('admin:admin').toString('base64') },
  });
  const { requests } = (await res.json()) as { requests: Record<string, number> };
  return Object.entries(requests)
    .filter(([key]) => !key.includes('/_emulator/') && !key.startsWith('GET '))
    .reduce((sum, [, n]) => sum + n, 0);
}

describe('Ctrl-C or Ctrl-D at the yes-question', () => {
  it.each([
    ['Ctrl-C', '\x03'],
    ['Ctrl-D', '\x04'],
    ['the end of input', 'end'],
  ] as const)('apply: %s is an interrupt, and nothing is written', async (_name, key) => {
    const before = await writes();
    const result = await atTerminal(['apply'], key);
    expect(result.stderr).not.toMatch(/Bug|AbortError|\n\s+at /);
    expect(result.stderr).toMatch(/apply interrupted at the question: nothing was changed\.\n$/);
    expect(result.code).toBe(130);
    expect(await writes()).toBe(before);
    expect(await readFile(join(dir, 'appdeploy.yaml'), 'utf8')).toBe(config(null));
  });

  it.each([
    ['Ctrl-C', '\x03'],
    ['Ctrl-D', '\x04'],
    ['the end of input', 'end'],
  ] as const)('revert: %s is an interrupt, and the draft stays', async (_name, key) => {
    const { app } = await client.apps.addApp({ name: 'Tasks' });
    await client.apps.deploy({ apps: [{ app }] });
    await client.apps.waitForDeploy([app]);
    await client.settings.updateGeneralSettings({ app, name: 'Tasks, changed in the draft' });
    await writeFile(join(dir, 'appdeploy.yaml'), config(app));
    try {
      const before = await writes();
      const result = await atTerminal(['revert'], key);
      expect(result.stdout).toMatch(/Pending drafts to discard/);
      expect(result.stderr).not.toMatch(/Bug|AbortError|\n\s+at /);
      expect(result.stderr).toMatch(/revert interrupted at the question: nothing was changed\.\n$/);
      expect(result.code).toBe(130);
      expect(await writes()).toBe(before);
    } finally {
      await writeFile(join(dir, 'appdeploy.yaml'), config(null));
    }
  });
});
