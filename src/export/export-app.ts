/**
 * One app: read every area (live, or draft), turn each into its manifest part, and produce the
 * manifest's new text (new, or the file on disk updated in place) with the files it refers to.
 * Nothing is written here: the caller writes once every app has been read.
 */
import type { Locale } from '../platform/index.js';
import { appLocale } from './locale.js';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { relative, sep } from 'node:path';
import { parse } from 'yaml';
import type { Area, AreaKey, ExportContext, Json, ResolveContext } from '../areas/types.js';
import { ServiceError, type Client } from '../client/index.js';
import type { App } from '../client/types/apps.js';
import { AppdeployError } from '../errors.js';
import { fieldItems, temporaryCode } from '../areas/fields/items.js';
import type { FieldsCanonical } from '../areas/fields/canonical.js';
import { areaParts, buildManifest, type AreaPart } from './build-manifest.js';
import { tidyManifest } from './tidy.js';
import { differences } from './distance.js';
import {
  ManifestFiles,
  manifestFilePaths,
  withoutLeftOutFiles,
  type LeftOutFile,
  type ServiceFiles,
} from './files.js';
import { keepLeftOut } from './keep-left-out.js';
import { dropDanglingTitleField } from './dangling-title.js';
import { localEditsError, rewrittenAreas } from './local-edits.js';
import { escapeVariables } from './variables.js';
import { invertPrincipals, type PrincipalMaps } from '../project/index.js';
import { modeline } from './modeline.js';
import { renderNewManifest, updateManifest } from './write-manifest.js';

export interface ExportRun {
  client: Client;
  root: string;
  areas: readonly Area[];
  copy: 'live' | 'draft';
  saveFiles: boolean;
  /** Overwrite what a manifest says although it differs from the service (local-edits.ts). */
  force: boolean;
  files: ServiceFiles;
  /** The project key of an app id (project apps and apps of this export). */
  appKey(id: string): string | null;
  /** The id of a project key in the environment, or the placeholder apply would use. */
  appId(key: string): string;
  /** The environment's name and every app key (the project's and this export's): customize's generated file. */
  environment?: string;
  appKeys?: readonly string[];
  /** `npx appdeploy plan` for this project and environment, as a hint names it. */
  planCommand?: string;
  /** `npx appdeploy apply` likewise. */
  applyCommand?: string;
  /** The environment's users, groups and organizations maps: export writes the manifests' codes. */
  principals?: PrincipalMaps | undefined;
  /** A project app's manifest as the project loaded it: its text, and its value with variables expanded. */
  loaded(key: string): { text: string; value: unknown } | undefined;
}

export interface AppExport {
  key: string;
  manifestPath: string;
  /** The manifest's text before (null: no file yet) and after. */
  before: string | null;
  text: string;
  /** Files to save: absolute path -> content. */
  files: Map<string, Buffer>;
  notes: string[];
  unmanaged: AreaKey[];
  /** The language the app's system fields are in (locale.ts); null when its fields do not tell. */
  locale: Locale | null;
}

export async function exportApp(
  run: ExportRun,
  app: App,
  key: string,
  manifestPath: string,
): Promise<AppExport> {
  const read = await readAreas(run, app.appId);
  refuseMigrationBegun(run, app.appId, read.get('fields'));
  const danglingTitle = dropDanglingTitleField(read);
  const { before, expanded, existing } = await manifestOnDisk(run, key, manifestPath);
  const files = new ManifestFiles(manifestPath, key, existing, run.saveFiles);
  const exportCtx: ExportContext = {
    appKey: (id) => run.appKey(id),
    filePath: (sha, name) => files.pathFor(sha, name),
  };
  const ctx: ResolveContext = {
    appKey: key,
    appId: (appKey) => run.appId(appKey),
    fileHash: (path) => files.hash(path),
    ...(run.environment === undefined ? {} : { environment: run.environment }),
    ...(run.appKeys === undefined ? {} : { appKeys: run.appKeys }),
  };
  // What the environment leaves out is the manifest's, not missing from it (keep-left-out.ts).
  const values = new Map(
    run.areas.flatMap((area) => {
      const value = read.get(area.key);
      return value === undefined ? [] : [[area.key, keepLeftOut(area, value, existing, ctx, run.principals)]];
    }),
  );
  const parts = areaParts(run.areas, values, exportCtx);
  const leftOut: LeftOutFile[] = [];
  const build = (chosen: readonly AreaPart[], extra: Record<string, unknown> = {}) => {
    const stripped = withoutLeftOutFiles(tidyManifest(buildManifest(chosen, extra), chosen, ctx));
    leftOut.push(...stripped.leftOut);
    return stripped.manifest;
  };
  const rendered =
    before === null
      ? newManifest(run, app, manifestPath, parts, build)
      : updatedManifest(run, manifestPath, { before, expanded }, parts, { ctx, files, build });
  const { text, manifest, managed, unmanaged } = rendered;
  const notes = [
    ...(danglingTitle === null ? [] : [danglingTitle]),
    ...files.notes,
    ...leftOutNotes(leftOut, managed, manifest, ctx),
    ...inexpressibleNotes(managed, leftOut, manifest, ctx),
  ];
  if (Array.isArray(manifest.plugins) && manifest.plugins.length > 0)
    notes.push(
      "plugins: each plug-in's own settings are not part of the interface; set them again after apply",
    );
  const toSave = filesToSave(run, files, manifest);
  const locale = appLocale(values.get('fields'));
  return { key, manifestPath, before, text, files: toSave, notes: [...new Set(notes)], unmanaged, locale };
}

type Build = (chosen: readonly AreaPart[], extra?: Record<string, unknown>) => Record<string, unknown>;

/** A manifest's new text with what it says and which areas it manages (all of them, or those it had). */
interface RenderedManifest {
  text: string;
  manifest: Record<string, unknown>;
  managed: readonly AreaPart[];
  unmanaged: AreaKey[];
}

/**
 * The manifest as on disk: its text (null: no file yet), and what it means, variables expanded.
 * The project's reading is used while the file is as the project loaded it; a file changed since
 * is read anew (and one that no longer parses counts as empty).
 */
async function manifestOnDisk(
  run: ExportRun,
  key: string,
  manifestPath: string,
): Promise<{ before: string | null; expanded: Record<string, unknown> | undefined; existing: unknown }> {
  const before = existsSync(manifestPath) ? await readFile(manifestPath, 'utf8') : null;
  if (before === null) return { before, expanded: undefined, existing: null };
  const loaded = run.loaded(key);
  const expanded = loaded?.text === before && isObj(loaded.value) ? loaded.value : undefined;
  return { before, expanded, existing: expanded ?? safeParse(before) };
}

/** A new manifest says every area, and where the app sits, with the modeline of its schema. */
function newManifest(
  run: ExportRun,
  app: App,
  manifestPath: string,
  parts: readonly AreaPart[],
  build: Build,
): RenderedManifest {
  const manifest = build(parts, placement(app));
  const text = renderNewManifest(
    escapeVariables(manifest) as Record<string, unknown>,
    modeline(run.root, manifestPath, 'app'),
  );
  return { text, manifest, managed: parts, unmanaged: [] };
}

/**
 * An existing manifest is updated in place. Where it differs from the service in what export
 * would rewrite (edits not applied yet, or made on the service), export refuses unless forced:
 * overwriting them silently would lose someone's work.
 */
function updatedManifest(
  run: ExportRun,
  manifestPath: string,
  disk: { before: string; expanded: Record<string, unknown> | undefined },
  parts: readonly AreaPart[],
  tools: { ctx: ResolveContext; files: ManifestFiles; build: Build },
): RenderedManifest {
  const { ctx, files, build } = tools;
  const updated = updateManifest(manifestPath, disk.before, disk.expanded, parts, ctx, build);
  // Files as they are on disk, not as the service has them: that is what the manifest says now.
  const diskCtx: ResolveContext = { ...ctx, fileHash: (path) => files.diskHash(path) };
  const rewritten = rewrittenAreas(updated.managed, updated.current, diskCtx, updated.manifest, ctx);
  if (rewritten.length > 0 && !run.force)
    throw localEditsError(relative(run.root, manifestPath).split(sep).join('/'), rewritten, run.planCommand);
  return updated;
}

/**
 * What the service holds that the manifest cannot say, per managed area (an area whose
 * difference `--no-files` already explains is left to that note).
 */
function inexpressibleNotes(
  managed: readonly AreaPart[],
  leftOut: readonly LeftOutFile[],
  manifest: Record<string, unknown>,
  ctx: ResolveContext,
): string[] {
  const explained = new Set(leftOut.map((f) => f.topKey));
  const notes: string[] = [];
  for (const { area, current, part } of managed) {
    if (Object.keys(part).some((k) => explained.has(k))) continue;
    const left = differences(area, current, manifest, ctx);
    if (left.length > 0)
      notes.push(
        `${area.key}: the manifest cannot say ${left.length} thing(s) the service holds: ${left.join('; ')}`,
      );
  }
  return notes;
}

/** The downloaded files the manifest refers to, by absolute path: what the caller saves beside it. */
function filesToSave(
  run: ExportRun,
  files: ManifestFiles,
  manifest: Record<string, unknown>,
): Map<string, Buffer> {
  const referenced = new Set(manifestFilePaths(manifest));
  const toSave = new Map<string, Buffer>();
  for (const [path, sha] of files.writes) {
    const content = run.files.content(sha);
    if (referenced.has(path) && content) toSave.set(files.absolute(path), content);
  }
  return toSave;
}

/** What `--no-files` left out, per top-level key, and what a plan of the manifest would then do. */
function leftOutNotes(
  leftOut: readonly LeftOutFile[],
  managed: readonly AreaPart[],
  manifest: Record<string, unknown>,
  ctx: ResolveContext,
): string[] {
  const byKey = new Map<string, string[]>();
  for (const { topKey, name } of leftOut) byKey.set(topKey, [...(byKey.get(topKey) ?? []), name]);
  return [...byKey].map(([topKey, names]) => {
    const owners = managed.filter(({ part }) => topKey in part);
    const removes = owners.some(({ area, current }) => differences(area, current, manifest, ctx).length > 0);
    const files = names.length === 1 ? '1 file' : `${names.length} files`;
    return (
      `${topKey}: ${files} left out (--no-files): ${names.join(', ')}; export without --no-files to keep them` +
      (removes ? ' (apply would remove them)' : '')
    );
  });
}

/**
 * An app whose form holds the temporary field of a migration an earlier apply began and did not
 * finish (`<code>__migrating`, areas/fields/items.ts temporaryCode: its swap failed, or the apply
 * was killed) is not exported, `--force` or not: the manifest would get the temporary field, and
 * the next apply would keep it as a field of its own instead of finishing the migration.
 */
function refuseMigrationBegun(run: ExportRun, app: string, fields: Json | undefined): void {
  if (fields === undefined || fields === null || typeof fields !== 'object') return;
  const suffix = temporaryCode('');
  const begun = [...fieldItems(fields as FieldsCanonical).keys()].filter((code) => code.endsWith(suffix));
  if (begun.length === 0) return;
  throw new AppdeployError(
    'EXPORT.MIGRATION_BEGUN',
    `app ${app} holds the temporary field${begun.length === 1 ? '' : 's'} ${begun.join(', ')} of a field migration an earlier apply began and did not finish`,
    {
      hint: `Finish it first: \`${run.applyCommand ?? 'npx appdeploy apply'}\` copies the values again and swaps; then export.`,
    },
  );
}

async function readAreas(run: ExportRun, app: string): Promise<Map<AreaKey, Json>> {
  const values = new Map<AreaKey, Json>();
  try {
    const read = await Promise.all(
      run.areas.map((area) =>
        area.read({ client: run.client, app, copy: run.copy, downloadHash: (key) => run.files.hash(key) }),
      ),
    );
    // The codes the manifests use for this environment's users, groups and organizations.
    const fields = read[run.areas.findIndex((area) => area.key === 'fields')]?.value;
    run.areas.forEach((area, i) =>
      values.set(area.key, invertPrincipals(area.key, read[i]!.value, run.principals, fields) as Json),
    );
  } catch (error) {
    if (run.copy === 'live' && error instanceof ServiceError && error.code === 'GAIA_AP01')
      throw new AppdeployError(
        'EXPORT.NOT_DEPLOYED',
        `app ${app} has never been deployed: it has no live settings`,
        {
          hint: 'Export its draft with --draft.',
          cause: error,
        },
      );
    throw error;
  }
  return values;
}

/**
 * What the app list says of a new manifest: its name (which every manifest needs, whatever the
 * area table holds), and where apply creates it elsewhere: the space (and thread) it is in here.
 */
function placement(app: App): Record<string, unknown> {
  const out: Record<string, unknown> = { name: app.name };
  if (app.spaceId !== null && app.spaceId !== '') out.space = Number(app.spaceId);
  if (app.threadId !== null && app.threadId !== '') out.thread = Number(app.threadId);
  return out;
}

function isObj(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function safeParse(text: string): unknown {
  try {
    return parse(text) as unknown;
  } catch {
    return null;
  }
}
