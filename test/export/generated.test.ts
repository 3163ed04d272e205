/**
 * A generated app with every field type and every area filled (generated-app.ts): applied,
 * exported into a new project, planned: no changes; exported twice: the same bytes. And with
 * --no-files, every file left out of the manifest is reported, none silently dropped.
 */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { useService } from '../plan/harness.js';
import { HUB, SIDE, missingTypes } from './generated-app.js';
import {
  appIds,
  applyProject,
  emptyProject,
  exportInto,
  installPlugin,
  pendingChanges,
  snapshotFiles,
} from './harness.js';
import { exportExitCode } from '../support/cli-results.js';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

describe('export of a generated app with every field type and every area', () => {
  const service = useService();
  const roots: string[] = [];
  afterEach(async () => {
    for (const root of roots.splice(0)) await rm(root, { recursive: true, force: true });
  });

  async function generatedProject(): Promise<string> {
    const root = await emptyProject(service.url);
    roots.push(root);
    const plugin = await installPlugin(service.client, 'Generated');
    const files: Record<string, string | Buffer> = {
      'appdeploy.yaml': `environments:\n  test: { baseUrl: '${service.url}', auth: { login: admin, password: admin } }\napps:\n  hub: { manifest: apps/hub.yaml }\n  side: { manifest: apps/side.yaml }\n`,
      'apps/hub.yaml': stringify({ ...HUB, plugins: [{ id: plugin }] }),
      'apps/side.yaml': stringify(SIDE),
      'apps/files/hub.png': PNG,
      'apps/files/hub.js': 'console.log("hub");\n',
      'apps/files/hub.css': '.hub { color: red; }\n',
      'apps/files/hub-mobile.js': 'console.log("hub on a phone");\n',
    };
    for (const [path, content] of Object.entries(files)) {
      await mkdir(join(root, path, '..'), { recursive: true });
      await writeFile(join(root, path), content);
    }
    return root;
  }

  it('covers every field type of the schema', () => {
    expect(missingTypes()).toEqual([]);
  });

  it('apply, export into a new project with --files, plan: no changes; twice: same bytes', async () => {
    const source = await generatedProject();
    const applied = await applyProject(source, service.client);
    const target = await emptyProject(service.url);
    roots.push(target);
    const result = await exportInto(target, service.client, { apps: appIds(applied) }, { files: true });
    expect(exportExitCode(result.outcome), JSON.stringify(result, null, 1)).toBe(0);
    // Apps are exported in id order, and apply creates `side` first (`hub` refers to it).
    expect(result.apps.map((a) => [a.key, a.status]).sort()).toEqual([
      ['hub', 'created'],
      ['side', 'created'],
    ]);
    const hub = result.apps.find((a) => a.key === 'hub')!;
    expect(hub.notes).toEqual([
      "plugins: each plug-in's own settings are not part of the interface; set them again after apply",
    ]);
    expect(hub.files).toEqual([
      'apps/hub/hub.png',
      'apps/hub/hub.js',
      'apps/hub/hub.css',
      'apps/hub/hub-mobile.js',
    ]);
    expect(await pendingChanges(target, service.client)).toEqual([]);
    const files = await snapshotFiles(target);
    // The lookup, reference table and copy action name the other app by its key.
    expect(files['apps/hub.yaml']).toContain('relatedApp: { app: side }');
    expect(files['apps/hub.yaml']).toContain('destApp: { app: side }');
    await exportInto(target, service.client, { apps: appIds(applied) }, { files: true });
    expect(await snapshotFiles(target)).toEqual(files);
  });

  it('--no-files names each file it left out', async () => {
    const source = await generatedProject();
    const applied = await applyProject(source, service.client);
    const target = await emptyProject(service.url);
    roots.push(target);
    const result = await exportInto(
      target,
      service.client,
      { apps: [appIds(applied)[0]!] },
      { files: false },
    );
    expect(exportExitCode(result.outcome)).toBe(0);
    expect(result.apps[0]!.files).toEqual([]);
    expect(result.apps[0]!.notes.filter((n) => n.includes('left out'))).toEqual([
      'customize: 3 files left out (--no-files): hub.js, hub.css, hub-mobile.js; export without --no-files to keep them (apply would remove them)',
      'icon: 1 file left out (--no-files): hub.png; export without --no-files to keep them',
    ]);
    expect(JSON.stringify(result.apps[0]!.notes)).not.toContain('cannot say');
    // `side` is not part of the project or of this export: it stays a number.
    expect((await snapshotFiles(target))['apps/hub.yaml']).toMatch(/relatedApp: \{ app: \d+ \}/);
  });
});
