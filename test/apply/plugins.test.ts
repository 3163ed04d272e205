/**
 * System plug-ins a project carries as packages: a fresh service plans an install and apply
 * installs the plug-in before adding it to the app; a new version plans an update that keeps the
 * id; whatever stops the apply at a plug-in leaves every app as it was, and a plug-in installed
 * before an app write failed stays installed, as the result says.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hasChanges } from '../../src/plan/index.js';
import type { Project } from '../../src/project/index.js';
import {
  manifest as pluginManifest,
  newPluginKey,
  pluginIdOf,
  pluginPackage,
} from '../emulator/plugins/plugin-packages.js';
import { text } from '../support/fields.js';
import { answer500, REQUEST, type FaultRequest } from './faults.js';
import { manifest, useApplyHarness } from './harness.js';

const h = useApplyHarness();
const key = newPluginKey();
const id = pluginIdOf(key);
const scanner = (version: string) => pluginPackage({ key, manifest: pluginManifest('Scanner', version) });
const PACKAGE = 'plugins/scanner.zip';

/** The assets app, adding the scanner from the project's package (the manifest is in apps/). */
const assets = (fields: Record<string, Record<string, unknown>> = {}) => ({
  ...manifest('Assets', { serial: text('Serial'), ...fields }),
  plugins: [{ id, name: 'Scanner', path: `../${PACKAGE}` }],
});

async function installed(): Promise<{ id: string; version: string }[]> {
  const { plugins } = await h.client.plugins.getPlugins({ ids: [id] });
  return plugins.map((p) => ({ id: p.id, version: p.version }));
}

async function appPlugins(app: string): Promise<string[]> {
  const { plugins } = await h.client.appPlugins.getPlugins({ app });
  return plugins.map((p) => p.id);
}

/** A project whose app is live with version 1 of the scanner installed and added. */
async function appliedAtVersion1(): Promise<{ project: Project; app: string }> {
  const first = await h.writeProject({ apps: { assets: assets() }, files: { [PACKAGE]: scanner('1') } });
  const result = await h.apply(first, await h.plan(first));
  expect(result.outcome, result.message).toBe('applied');
  const project = await h.load(first.root);
  return { project, app: project.apps[0]!.id! };
}

/**
 * Version 2 of the scanner and a new field in assets, applied from version 1 with `request`
 * always answering 500: the result, and the app's settings from before the apply.
 */
async function version2Failing(request: FaultRequest) {
  const { project, app } = await appliedAtVersion1();
  const changed = await h.rewriteManifests(project, { assets: assets({ room: text('Room') }) });
  await writeFile(join(project.root, PACKAGE), scanner('2'));
  const plan = await h.plan(changed);
  const before = await h.snapshot([app]);
  await answer500(h, request, { times: 100 });
  return { app, before, result: await h.apply(changed, plan) };
}

describe('system plug-ins from the project', () => {
  it('installs on a fresh service, adds it to the app, and plans to nothing afterwards', async () => {
    const project = await h.writeProject({ apps: { assets: assets() }, files: { [PACKAGE]: scanner('1') } });
    const plan = await h.plan(project);
    expect(plan.plugins).toEqual([
      {
        id,
        name: 'Scanner',
        path: PACKAGE,
        sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
        version: '1',
        installedVersion: null,
        action: 'install',
      },
    ]);
    const events: string[] = [];
    const result = await h.apply(project, plan, {
      onProgress: (event) =>
        events.push(event.type === 'plugin' ? `${event.action} ${event.name}` : event.type),
    });
    expect(result).toMatchObject({ outcome: 'applied', exitCode: 0 });
    expect(result.plugins).toEqual([{ id, name: 'Scanner', version: '1', outcome: 'installed' }]);
    expect(result.message).toMatch(
      /^Installed plug-in "Scanner" \([a-p]{32}\) 1\. Applied assets \(\d+\)\.$/,
    );
    // Installed before the app is even created.
    expect(events.slice(0, 2)).toEqual(['install Scanner', 'create-app']);
    expect(await installed()).toEqual([{ id, version: '1' }]);
    const app = (await h.load(project.root)).apps[0]!.id!;
    expect(await appPlugins(app)).toEqual([id]);

    const again = await h.plan(await h.load(project.root));
    expect(again.plugins.map((p) => [p.action, p.installedVersion])).toEqual([['no-op', '1']]);
    expect(hasChanges(again)).toBe(false);
    await h.expectConverged(project);
  });

  it('updates to a new version of the package, keeping the id, and plans to nothing afterwards', async () => {
    const { project, app } = await appliedAtVersion1();
    await writeFile(join(project.root, PACKAGE), scanner('2.0'));
    const plan = await h.plan(project);
    expect(plan.plugins.map((p) => [p.id, p.action, p.installedVersion, p.version])).toEqual([
      [id, 'update', '1', '2.0'],
    ]);
    expect(plan.apps.map((a) => a.action)).toEqual(['no-op']);
    expect(plan.summary).toEqual({ add: 0, change: 1, remove: 0 });
    expect(hasChanges(plan)).toBe(true);

    const result = await h.apply(project, plan);
    expect(result).toMatchObject({ outcome: 'applied', exitCode: 0 });
    expect(result.plugins).toEqual([{ id, name: 'Scanner', version: '2.0', outcome: 'updated' }]);
    expect(result.message).toBe(
      `Updated plug-in "Scanner" (${id}) 2.0. Every app already matches its manifest.`,
    );
    expect(await installed()).toEqual([{ id, version: '2.0' }]);
    expect(await appPlugins(app)).toEqual([id]);
    expect(hasChanges(await h.plan(project))).toBe(false);
  });

  it('refuses, writing nothing, when the package changed after the plan was made', async () => {
    const project = await h.writeProject({ apps: { assets: assets() }, files: { [PACKAGE]: scanner('1') } });
    const plan = await h.plan(project);
    await writeFile(join(project.root, PACKAGE), scanner('1.1'));
    const result = await h.apply(project, plan);
    expect(result).toMatchObject({ outcome: 'refused', exitCode: 1 });
    expect(result.refusals).toEqual([
      {
        kind: 'plugin-moved',
        plugin: id,
        message: `"Scanner" (${id}) 1: its package ${PACKAGE} changed since the plan was made; plan again`,
      },
    ]);
    expect(await installed()).toEqual([]);
    expect((await h.load(project.root)).apps[0]!.id).toBeNull();
  });

  it('refuses when someone installed the plug-in after the plan was made', async () => {
    const project = await h.writeProject({ apps: { assets: assets() }, files: { [PACKAGE]: scanner('1') } });
    const plan = await h.plan(project);
    const { fileKey } = await h.client.files.upload(scanner('0.9'), { name: 'scanner.zip' });
    await h.client.plugins.installPlugin({ fileKey });
    const result = await h.apply(project, plan);
    expect(result.outcome).toBe('refused');
    expect(result.refusals.map((r) => r.message)).toEqual([
      `"Scanner" (${id}) 1: the service has version 0.9 installed now, the plan saw none; plan again`,
    ]);
    expect(await installed()).toEqual([{ id, version: '0.9' }]);
  });

  it('refuses before any app write when the service refuses the plug-in, saying which and why', async () => {
    const { app, before, result } = await version2Failing(REQUEST.plugin);
    expect(result).toMatchObject({ outcome: 'refused', exitCode: 1 });
    expect(result.refusals).toEqual([
      {
        kind: 'plugin-failed',
        plugin: id,
        message: expect.stringMatching(
          new RegExp(`^"Scanner" \\(${id}\\) 2: updating it from ${PACKAGE} failed: \\[500\\]`),
        ),
      },
    ]);
    expect(result.plugins).toEqual([
      { id, name: 'Scanner', version: '2', outcome: 'failed', reason: expect.stringContaining('[500]') },
    ]);
    expect(result.message).toMatch(/^Apply refused, nothing was changed: plug-in: "Scanner"/);
    expect(await installed()).toEqual([{ id, version: '1' }]);
    expect(await h.snapshot([app])).toEqual(before);
  });

  it('keeps a plug-in it installed when an app write fails and the apps roll back, and says so', async () => {
    const { app, before, result } = await version2Failing(REQUEST.addFields);
    expect(result).toMatchObject({ outcome: 'rolled-back', exitCode: 1 });
    expect(result.plugins).toEqual([{ id, name: 'Scanner', version: '2', outcome: 'updated' }]);
    expect(result.message).toContain(
      `System plug-in "Scanner" (${id}) 2 (updated) stays as installed (apply does not uninstall plug-ins or put older versions back).`,
    );
    expect(await installed()).toEqual([{ id, version: '2' }]);
    expect(await h.snapshot([app])).toEqual(before);
  });

  it('will not plan two different packages of one plug-in', async () => {
    const project = await h.writeProject({
      apps: {
        assets: assets(),
        spares: { ...manifest('Spares', {}), plugins: [{ id, path: '../plugins/scanner-2.zip' }] },
      },
      files: { [PACKAGE]: scanner('1'), 'plugins/scanner-2.zip': scanner('2') },
    });
    await expect(h.plan(project)).rejects.toMatchObject({
      code: 'PLAN.PLUGIN_CONFLICT',
      message: `plugins/scanner.zip and plugins/scanner-2.zip are two different packages of plug-in ${id}`,
    });
  });
});
