/**
 * What export reads: `--draft` the draft instead of live, `--space` every app of one space and
 * nothing else.
 */
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { useService } from '../plan/harness.js';
import { emptyProject, exportInto } from './harness.js';

describe('export selection', () => {
  const service = useService();
  const roots: string[] = [];
  afterEach(async () => {
    for (const root of roots.splice(0)) await rm(root, { recursive: true, force: true });
  });

  async function deployedApp(name: string, placement: { space: string; thread: string } | null = null) {
    const { client } = service;
    const { app } = await client.apps.addApp(placement ? { name, ...placement } : { name });
    await client.apps.deploy({ apps: [{ app }] });
    await client.apps.waitForDeploy([app], { timeoutMs: 10_000, initialIntervalMs: 10 });
    return app;
  }

  it('--draft exports a pending draft change; without it, the live settings', async () => {
    const app = await deployedApp('Orders');
    await service.client.settings.updateGeneralSettings({ app, name: 'Orders (draft)' });
    const live = await emptyProject(service.url);
    const draft = await emptyProject(service.url);
    roots.push(live, draft);
    await exportInto(live, service.client, { apps: [app] });
    const result = await exportInto(draft, service.client, { apps: [app] }, { draft: true });
    expect(result.copy).toBe('draft');
    const manifest = (root: string) => readFile(join(root, result.apps[0]!.manifest), 'utf8');
    expect(await manifest(live)).toMatch(/^name: Orders$/m);
    expect(await manifest(draft)).toMatch(/^name: Orders \(draft\)$/m);
  });

  it('--space exports the apps of that space only', async () => {
    const members = [{ entity: { type: 'USER' as const, code: 'admin' }, isAdmin: true }];
    const { id: space } = await service.client.spaces.addSpaceFromTemplate({ id: 1, name: 'Team', members });
    const { threadIds } = await service.client.spaces.getSpace({ id: space });
    const inSpace = await deployedApp('Team tasks', { space, thread: threadIds![0]! });
    await deployedApp('Elsewhere');
    const root = await emptyProject(service.url);
    roots.push(root);
    const result = await exportInto(root, service.client, { space });
    expect(result.apps.map((a) => [a.id, a.name])).toEqual([[inSpace, 'Team tasks']]);
    expect(await readFile(join(root, result.apps[0]!.manifest), 'utf8')).toMatch(/^space: \d+$/m);
  });
});
