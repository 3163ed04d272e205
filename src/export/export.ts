/**
 * `exportApps()`: the service's apps -> manifests in the project, and their entries in
 * appdeploy.yaml. Every chosen app is read and rendered first; then everything is written, so a
 * failure while reading leaves the project as it was for that app. Never prints: progress goes
 * through `onProgress`, the outcome into the result. Every file is written beside its target and
 * renamed over it (atomic-write.ts).
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { AREAS, tokenUnreadable } from '../areas/index.js';
import { atomicWrite } from '../atomic-write.js';
import type { Area, AreaKey } from '../areas/types.js';
import { AppdeployError } from '../errors.js';
import { ClientError } from '../client/index.js';
import type { App } from '../client/types/apps.js';
import { exportApp, type ExportRun } from './export-app.js';
import { serviceFiles } from './files.js';
import { appKeyFor } from './keys.js';
import { addAppEntries, type NewAppEntry } from './project-file.js';
import { withLocale } from './locale.js';
import type { Locale } from '../platform/index.js';
import { writeLocalId } from '../project/local-ids.js';
import { appdeployCommand, usesTokenOnly, type Project } from '../project/index.js';
import { selectApps } from './select.js';
import type { ExportedApp, ExportOptions, ExportResult } from './types.js';
import { writeAppExport } from './write-files.js';

/** Where an app of this export goes: its project key and manifest, and whether the project has it yet. */
interface Target {
  key: string;
  manifestPath: string;
  isNew: boolean;
}

export async function exportApps(
  options: ExportOptions & { projectFileCreated?: boolean },
): Promise<ExportResult> {
  const { project, client } = options;
  const env = project.environment.name;
  const copy = options.draft ? 'draft' : 'live';
  const chosen = await selectApps(client, project, options.selection, copy);
  const targets = assignTargets(project, chosen);
  const token = unreadWithToken(project, options.areas ?? AREAS);
  const run = exportRun(options, targets, token.unread, copy);
  const results: ExportedApp[] = [];
  const newEntries: NewAppEntry[] = [];
  const locales = new Set<Locale>();
  for (const [i, app] of chosen.entries()) {
    const target = targets.get(app.appId)!;
    const result = await exportOne(run, app, target, { notes: token.notes, locales });
    // Only an app whose manifest was written gets its entry in appdeploy.yaml.
    if (target.isNew && result.error === undefined)
      newEntries.push({ key: target.key, manifest: result.manifest, id: app.appId });
    results.push(result);
    options.onProgress?.({ index: i + 1, total: chosen.length, app: result });
  }
  // Apps of one language only: the project's language becomes theirs (locale.ts).
  const locale = locales.size === 1 ? [...locales][0]! : null;
  const projectFileChanged = await recordNewApps(project, { apps: newEntries, locale });
  const failed = results.some((r) => r.status === 'failed' || r.status === 'refused');
  return {
    outcome: failed ? 'failed' : 'exported',
    environment: env,
    copy,
    projectFile: {
      path: rel(project.root, project.configPath),
      status: options.projectFileCreated ? 'created' : projectFileChanged ? 'updated' : 'unchanged',
    },
    apps: results,
  };
}

/**
 * Keys first (in id order, so that they are stable), so that apps of this export refer to each
 * other by key: a project app keeps its own, a new one gets a key no app or file has yet.
 */
function assignTargets(project: Project, chosen: readonly App[]): Map<string, Target> {
  const targets = new Map<string, Target>();
  const taken = (key: string) =>
    project.apps.some((a) => a.key === key) ||
    [...targets.values()].some((k) => k.key === key) ||
    existsSync(join(project.root, 'apps', `${key}.yaml`));
  for (const app of chosen) {
    const known = project.apps.find((a) => a.id === app.appId);
    if (known) {
      targets.set(app.appId, { key: known.key, manifestPath: known.manifestPath, isNew: false });
      continue;
    }
    const key = appKeyFor({ id: app.appId, code: app.code, name: app.name }, taken);
    targets.set(app.appId, { key, manifestPath: join(project.root, 'apps', `${key}.yaml`), isNew: true });
  }
  return targets;
}

/**
 * An API token cannot read some areas (the customization: 403 GAIA_NO01 on the hosted platform):
 * export leaves them as the manifest has them, and says so, rather than stopping at the refusal.
 */
function unreadWithToken(project: Project, areas: readonly Area[]): { unread: AreaKey[]; notes: string[] } {
  if (!usesTokenOnly(project.environment.config)) return { unread: [], notes: [] };
  const env = project.environment.name;
  const unread = tokenUnreadable(areas).map((a) => a.key);
  const notes = unread.map(
    (key) =>
      `${key}: not read: an API token cannot read it; give environment "${env}" a login (auth: { login, password }) to export it`,
  );
  return { unread, notes };
}

/** What every app's export shares: the client, the areas to read, and how keys and ids map. */
function exportRun(
  options: ExportOptions,
  targets: ReadonlyMap<string, Target>,
  unread: readonly AreaKey[],
  copy: 'live' | 'draft',
): ExportRun {
  const { project, client } = options;
  const apps = project.apps;
  const newKeys = [...targets.values()].map((t) => t.key);
  return {
    client,
    root: project.root,
    areas: (options.areas ?? AREAS).filter((a) => !unread.includes(a.key)),
    copy,
    saveFiles: options.files !== false,
    force: options.force === true,
    files: serviceFiles(client),
    principals: project.environment.config,
    planCommand: appdeployCommand(project, 'plan'),
    applyCommand: appdeployCommand(project, 'apply'),
    environment: project.environment.name,
    appKeys: [...new Set([...apps.map((a) => a.key), ...newKeys])],
    appKey: (id) => targets.get(id)?.key ?? apps.find((a) => a.id === id)?.key ?? null,
    appId: (key) =>
      apps.find((a) => a.key === key)?.id ??
      [...targets.entries()].find(([, t]) => t.key === key)?.[0] ??
      `{${key}}`,
    loaded: (key) => {
      const app = apps.find((a) => a.key === key);
      return app && { text: app.source.text, value: app.source.value };
    },
  };
}

/**
 * One app read, rendered and written. A refusal or failure the user can act on becomes this app's
 * result, so that the other apps are still exported; anything else is a bug and is thrown.
 */
async function exportOne(
  run: ExportRun,
  app: App,
  target: Target,
  shared: { notes: readonly string[]; locales: Set<Locale> },
): Promise<ExportedApp> {
  const { key, manifestPath } = target;
  const base = { key, id: app.appId, name: app.name, manifest: rel(run.root, manifestPath) };
  try {
    const out = await exportApp(run, app, key, manifestPath);
    await writeAppExport(out);
    if (out.locale !== null) shared.locales.add(out.locale);
    const status = out.before === null ? 'created' : out.text === out.before ? 'unchanged' : 'updated';
    return {
      ...base,
      status,
      files: [...out.files.keys()].map((p) => rel(run.root, p)),
      unmanaged: out.unmanaged,
      notes: [...shared.notes, ...out.notes],
    };
  } catch (error) {
    if (!(error instanceof AppdeployError) && !(error instanceof ClientError)) throw error;
    const hint = error instanceof AppdeployError && error.hint ? ` (${error.hint})` : '';
    const refused =
      error instanceof AppdeployError &&
      (error.code === 'EXPORT.LOCAL_EDITS' || error.code === 'EXPORT.MIGRATION_BEGUN');
    return {
      ...base,
      status: refused ? 'refused' : 'failed',
      files: [],
      notes: [],
      unmanaged: [],
      error: `${error.message}${hint}`,
    };
  }
}

/**
 * New apps' entries in appdeploy.yaml (their ids under this environment), and the exported apps'
 * language where the project says another (locale.ts); answers whether the file changed. The local service's ids live with its data (.appdeploy/local/ids.json), as apply
 * keeps them.
 */
async function recordNewApps(
  project: Project,
  exported: { apps: readonly NewAppEntry[]; locale: Locale | null },
): Promise<boolean> {
  const newEntries = exported.apps;
  const configText = await readFile(project.configPath, 'utf8');
  const env = project.environment.name;
  const local = project.environment.local;
  const entries = addAppEntries(configText, local ? null : env, newEntries);
  const updated = exported.locale === null ? entries : withLocale(entries, env, exported.locale);
  if (local) for (const app of newEntries) writeLocalId(project.root, env, app.key, app.id);
  if (updated === configText) return false;
  await atomicWrite(project.configPath, updated);
  return true;
}

function rel(root: string, path: string): string {
  return relative(root, path).split(sep).join('/');
}
