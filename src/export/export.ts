/**
 * `exportApps()`: the service's apps -> manifests in the project, and their entries in
 * appdeploy.yaml. Every chosen app is read and rendered first; then everything is written, so a
 * failure while reading leaves the project as it was for that app. Never prints: progress goes
 * through `onProgress`, the outcome into the result.
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { AREAS } from '../areas/index.js';
import { AppdeployError } from '../errors.js';
import { ClientError } from '../client/index.js';
import { exportApp, type ExportRun } from './export-app.js';
import { serviceFiles } from './files.js';
import { appKeyFor } from './keys.js';
import { addAppEntries, type NewAppEntry } from './project-file.js';
import { writeLocalId } from '../project/local-ids.js';
import { TOKEN_UNREADABLE_AREAS } from '../platform/index.js';
import { usesTokenOnly } from '../project/index.js';
import { selectApps } from './select.js';
import type { ExportedApp, ExportOptions, ExportResult } from './types.js';

export async function exportApps(
  options: ExportOptions & { projectFileCreated?: boolean },
): Promise<ExportResult> {
  const { project, client } = options;
  const env = project.environment.name;
  const copy = options.draft ? 'draft' : 'live';
  const chosen = await selectApps(client, project, options.selection);
  // Keys first (in id order, so that they are stable), so that apps of this export refer to each other by key.
  const keys = new Map<string, { key: string; manifestPath: string; isNew: boolean }>();
  for (const app of chosen) {
    const known = project.apps.find((a) => a.id === app.appId);
    if (known) keys.set(app.appId, { key: known.key, manifestPath: known.manifestPath, isNew: false });
    else {
      const taken = (key: string) =>
        project.apps.some((a) => a.key === key) ||
        [...keys.values()].some((k) => k.key === key) ||
        existsSync(join(project.root, 'apps', `${key}.yaml`));
      const key = appKeyFor({ id: app.appId, code: app.code, name: app.name }, taken);
      keys.set(app.appId, { key, manifestPath: join(project.root, 'apps', `${key}.yaml`), isNew: true });
    }
  }
  // An API token cannot read the customization (403 GAIA_NO01 on the hosted platform): export
  // leaves that area as the manifest has it, and says so, rather than stopping at the refusal.
  const tokenOnly = usesTokenOnly(project.environment.config);
  const unread = tokenOnly
    ? AREAS.filter((a) => (TOKEN_UNREADABLE_AREAS as readonly string[]).includes(a.key)).map((a) => a.key)
    : [];
  const tokenNotes = unread.map(
    (key) =>
      `${key}: not read: an API token cannot read it; give environment "${env}" a login (auth: { login, password }) to export it`,
  );
  const run: ExportRun = {
    client,
    root: project.root,
    areas: options.areas ?? AREAS.filter((a) => !unread.includes(a.key)),
    copy,
    saveFiles: options.files !== false,
    force: options.force === true,
    files: serviceFiles(client),
    principals: project.environment.config,
    environment: env,
    appKeys: [...new Set([...project.apps.map((a) => a.key), ...[...keys.values()].map((k) => k.key)])],
    appKey: (id) => keys.get(id)?.key ?? project.apps.find((a) => a.id === id)?.key ?? null,
    appId: (key) =>
      project.apps.find((a) => a.key === key)?.id ??
      [...keys.entries()].find(([, k]) => k.key === key)?.[0] ??
      `{${key}}`,
    loaded: (key) => {
      const app = project.apps.find((a) => a.key === key);
      return app && { text: app.source.text, value: app.source.value };
    },
  };
  const results: ExportedApp[] = [];
  const newEntries: NewAppEntry[] = [];
  for (const [i, app] of chosen.entries()) {
    const { key, manifestPath, isNew } = keys.get(app.appId)!;
    const base = { key, id: app.appId, name: app.name, manifest: rel(project.root, manifestPath) };
    let result: ExportedApp;
    try {
      const out = await exportApp(run, app, key, manifestPath);
      await mkdir(dirname(manifestPath), { recursive: true });
      if (out.text !== out.before) await atomicWrite(manifestPath, out.text);
      for (const [path, content] of out.files) {
        await mkdir(dirname(path), { recursive: true });
        if (!(await sameContent(path, content))) await atomicWrite(path, content);
      }
      if (isNew) newEntries.push({ key, manifest: base.manifest, id: app.appId });
      const status = out.before === null ? 'created' : out.text === out.before ? 'unchanged' : 'updated';
      result = {
        ...base,
        status,
        files: [...out.files.keys()].map((p) => rel(project.root, p)),
        unmanaged: out.unmanaged,
        notes: [...tokenNotes, ...out.notes],
      };
    } catch (error) {
      if (!(error instanceof AppdeployError) && !(error instanceof ClientError)) throw error;
      const hint = error instanceof AppdeployError && error.hint ? ` (${error.hint})` : '';
      const refused = error instanceof AppdeployError && error.code === 'EXPORT.LOCAL_EDITS';
      result = {
        ...base,
        status: refused ? 'refused' : 'failed',
        files: [],
        notes: [],
        unmanaged: [],
        error: `${error.message}${hint}`,
      };
    }
    results.push(result);
    options.onProgress?.({ index: i + 1, total: chosen.length, app: result });
  }
  const configText = await readFile(project.configPath, 'utf8');
  const local = project.environment.local;
  const updated = addAppEntries(configText, local ? null : env, newEntries);
  // The local service's ids live with its data (.appdeploy/local/ids.json), as apply keeps them.
  if (local) for (const app of newEntries) writeLocalId(project.root, env, app.key, app.id);
  if (updated !== configText) await atomicWrite(project.configPath, updated);
  const failed = results.some((r) => r.status === 'failed' || r.status === 'refused');
  return {
    outcome: failed ? 'failed' : 'exported',
    exitCode: failed ? 1 : 0,
    environment: env,
    copy,
    projectFile: {
      path: rel(project.root, project.configPath),
      status: options.projectFileCreated ? 'created' : updated !== configText ? 'updated' : 'unchanged',
    },
    apps: results,
  };
}

function rel(root: string, path: string): string {
  return relative(root, path).split(sep).join('/');
}

/** Written beside and renamed over: an interrupted export leaves the old file or the new one. */
async function atomicWrite(path: string, content: string | Buffer): Promise<void> {
  const temp = `${path}.${process.pid}.tmp`;
  await writeFile(temp, content);
  await rename(temp, path);
}

async function sameContent(path: string, content: Buffer): Promise<boolean> {
  try {
    return (await readFile(path)).equals(content);
  } catch {
    return false;
  }
}
