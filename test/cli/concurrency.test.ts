/**
 * Requests in flight: `--concurrency N` wins over the environment's `concurrency`, which wins
 * over the client's default (16); 1 to 100, the hosted platform's limit of requests in flight
 * per domain (kintone.dev, "How to Avoid Kintone REST API limits": 100 concurrent connections
 * per domain, 429 beyond), refused outside it by the flag, by validate and by the client.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { main } from '../../src/cli/main.js';
import { ClientOptionsError, createClient } from '../../src/client/index.js';
import { connect } from '../../src/local/connect.js';
import { validateProject } from '../../src/project/index.js';

const roots: string[] = [];
afterEach(async () => {
  for (const root of roots.splice(0)) await rm(root, { recursive: true, force: true });
});

/** A project whose `remote` environment (never called here) has the given concurrency. */
async function project(concurrency?: unknown): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), 'appdeploy-concurrency-'));
  roots.push(root);
  const remote = {
    baseUrl: 'http://127.0.0.1:9',
    auth: { login: 'admin', password: 'admin' },
    ...(concurrency === undefined ? {} : { concurrency }),
  };
  await writeFile(join(root, 'appdeploy.yaml'), stringify({ environments: { remote }, apps: {} }));
  return root;
}

async function run(...args: string[]): Promise<{ code: number; err: string }> {
  let err = '';
  const code = await main(['node', 'appdeploy', ...args], { out: () => {}, err: (s) => void (err += s) });
  return { code, err };
}

describe('concurrency', () => {
  it.each([
    ['neither', undefined, undefined, 16],
    ['the environment', 5, undefined, 5],
    ['the flag over the environment', 5, 7, 7],
    ['the flag alone', undefined, 100, 100],
  ] as const)('from %s', async (_name, configured, flag, expected) => {
    const root = await project(configured);
    const loaded = await validateProject({ cwd: root, dir: root, variables: {} });
    expect(loaded.problems).toEqual([]);
    const connection = await connect(loaded.project!, { concurrency: flag });
    expect(connection.client.concurrency).toBe(expected);
    await connection.close();
  });

  it.each(['0', '101', '2.5', 'many'])('--concurrency %s is refused, naming the limit', async (value) => {
    const root = await project();
    const { code, err } = await run('plan', '-C', root, '--concurrency', value);
    expect(code).toBe(1);
    // One sentence that starts as a sentence, and a pointer to the help instead of the whole help.
    expect(err).toContain('is invalid. Give a whole number from 1 to 100');
    expect(err).toMatch(/^Error: option '--concurrency <n>'/);
    expect(err).toContain('Run the command with --help for its options.');
    expect(err).not.toContain('Usage:');
  });

  it.each([0, 101, 'many'])('concurrency: %s in appdeploy.yaml is a validate problem', async (value) => {
    const root = await project(value);
    const loaded = await validateProject({ cwd: root, dir: root, variables: {} });
    expect(loaded.problems.map((p) => `${p.line}: ${p.message}`).join('\n')).toMatch(/concurrency/);
  });

  it('the client refuses more than 100', () => {
    expect(() =>
      createClient({ baseUrl: 'http://127.0.0.1:9', auth: { apiToken: 't' }, concurrency: 101 }),
    ).toThrow(ClientOptionsError);
  });
});
