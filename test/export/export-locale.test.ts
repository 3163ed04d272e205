/**
 * Export writes the language of what it exported (issue 32 item 2): a project exported from a
 * Japanese service, whose apps' system fields are ステータス, 作業者, ..., says `locale: ja`, so it
 * applies as it is to another Japanese service (apply creates its apps asking for ja, and a user
 * whose language follows the browser gets the Japanese codes: platform-facts-verified, "Locale").
 * End to end through the CLI against two local services on port 0.
 */
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { startEmulator, type RunningEmulator } from '../../src/emulator/index.js';
import { copyExample, removeProject } from '../support/projects.js';
import { runMain } from '../support/main-in-process.js';
import { ADMIN } from '../support/users.js';

const roots: string[] = [];
const services: RunningEmulator[] = [];
afterEach(async () => {
  for (const root of roots.splice(0)) await removeProject(root);
  for (const service of services.splice(0)) await service.close();
});

/** A service whose organisation speaks Japanese; its administrator's language follows the browser. */
async function japaneseService(): Promise<RunningEmulator> {
  const service = await startEmulator({ port: 0, deployMs: 10, locale: 'ja' });
  services.push(service);
  return service;
}

describe('export writes the locale of what it exported', () => {
  it('a project exported from a Japanese service applies as it is to a fresh Japanese one', async () => {
    const source = await japaneseService();
    const example = await copyExample('japanese', source.url);
    roots.push(example);
    const first = await runMain(['apply', '--yes', '-C', example, '--env', 'test']);
    expect(first.code, first.out + first.err).toBe(0);

    const root = await mkdtemp(join(tmpdir(), 'appdeploy-export-locale-'));
    roots.push(root);
    await writeFile(
      join(root, 'appdeploy.yaml'),
      stringify({ environments: { source: { baseUrl: source.url, auth: ADMIN } }, apps: {} }),
    );
    const exported = await runMain(['export', '-C', root, '--env', 'source', '--all']);
    expect(exported.code, exported.err).toBe(0);
    const config = parse(await readFile(join(root, 'appdeploy.yaml'), 'utf8')) as Record<string, unknown>;
    expect(config.locale).toBe('ja');

    // The same project, to a fresh Japanese service.
    const fresh = await japaneseService();
    const environments = config.environments as Record<string, unknown>;
    environments.fresh = { baseUrl: fresh.url, auth: ADMIN };
    await writeFile(join(root, 'appdeploy.yaml'), stringify(config));
    const applied = await runMain(['apply', '--yes', '-C', root, '--env', 'fresh']);
    expect(applied.code, applied.out + applied.err).toBe(0);
    const again = await runMain(['plan', '-C', root, '--env', 'fresh', '--detailed-exitcode']);
    expect(again.code, again.out).toBe(0);

    // Exported again, nothing changes: the file already says ja.
    const twice = await runMain(['export', '-C', root, '--env', 'source', '--all']);
    expect(twice.code, twice.err).toBe(0);
    expect(twice.out).toContain('appdeploy.yaml unchanged');
  });
});
