/**
 * Export tests: a real local service on port 0 (test/plan/harness.ts), example projects copied
 * to temp folders with a `test` environment pointing at it, applied, exported and planned.
 */
import { mkdtemp, readFile, readdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { expect } from 'vitest';
import { apply } from '../../src/apply/index.js';
import { AREAS } from '../../src/areas/index.js';
import type { Area } from '../../src/areas/types.js';
import type { Client } from '../../src/client/index.js';
import { exportApps, type ExportResult, type Selection } from '../../src/export/index.js';
import { plan } from '../../src/plan/index.js';
import type { Project } from '../../src/project/index.js';
import { copyExample as copyExampleTo, loadValid } from '../support/projects.js';
import {
  manifest as pluginManifest,
  newPluginKey,
  pluginIdOf,
  pluginPackage,
} from '../emulator/plugins/plugin-packages.js';

/** The area table export uses. */
export const FULL_AREAS: readonly Area[] = AREAS;

export const EXAMPLES = ['crm', 'helpdesk', 'assets'] as const;

/** An example copied to a temp folder, pointed at the test service (its plug-in packages come along). */
export const copyExample = (name: string, url: string): Promise<string> =>
  copyExampleTo(name, url, `appdeploy-export-${name}-`);

/** Installs a new plug-in on the service; returns its id. */
export async function installPlugin(client: Client, name: string): Promise<string> {
  const key = newPluginKey();
  const zip = pluginPackage({ key, manifest: pluginManifest(name, 1) });
  const { fileKey } = await client.files.upload(zip, { name: `${name}.zip` });
  await client.plugins.installPlugin({ fileKey });
  return pluginIdOf(key);
}

/** A new, empty project at the test service. */
export async function emptyProject(url: string): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), 'appdeploy-export-new-'));
  await writeFile(
    join(root, 'appdeploy.yaml'),
    `environments:\n  test: { baseUrl: '${url}', auth: { login: admin, password: admin } }\napps: {}\n`,
  );
  return root;
}

/** Applies the whole project in one apply, and fails the test unless it ends applied. */
export async function applyProject(root: string, client: Client): Promise<Project> {
  const project = await loadValid(root);
  const thePlan = await plan({ project, client });
  const result = await apply({ plan: thePlan, project, client, pollIntervalMs: { initial: 10, max: 50 } });
  expect(['applied', 'no-changes'], JSON.stringify(result, null, 1)).toContain(result.outcome);
  return loadValid(root);
}

export async function exportInto(
  root: string,
  client: Client,
  selection: Selection,
  extra: { files?: boolean; draft?: boolean; force?: boolean } = {},
): Promise<ExportResult> {
  const project = await loadValid(root);
  return exportApps({ project, client, selection, areas: FULL_AREAS, ...extra });
}

/** What a plan of the project would change, app by app (empty: `No changes.`). */
export async function pendingChanges(root: string, client: Client): Promise<unknown[]> {
  const project = await loadValid(root);
  const result = await plan({ project, client, areas: FULL_AREAS });
  return result.apps
    .filter((a) => a.action !== 'no-op')
    .map((a) => ({ key: a.key, areas: a.areas.filter((x) => x.action !== 'no-op') }));
}

/** Every file of a folder (the local service's data left out): relative path -> content. */
export async function snapshotFiles(root: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  const walk = async (dir: string): Promise<void> => {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.name === '.appdeploy') continue;
      if (entry.isDirectory()) await walk(path);
      else out[relative(root, path)] = await readFile(path, 'utf8');
    }
  };
  await walk(root);
  return out;
}

/** The ids of a project's apps in its environment. */
export function appIds(project: Project): string[] {
  return project.apps.map((a) => a.id!).filter(Boolean);
}
