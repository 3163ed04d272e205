/**
 * `appdeploy export --records --app KEY`: the app's records, read through a cursor (the query's
 * records, at most `limit`), written into its record file (appdeploy.yaml's `records.file`, else
 * records/<key>.yaml), keyed by `records.key` (else --key, else the app's first field with
 * `unique: true`, in the manifest's order), with its attachments downloaded beside it
 * (files/<app key>/<record key>/<name>: two apps' record files may share a folder, and their keys
 * each other's values) and the fields named by --mask faked (mask.ts). appdeploy.yaml is
 * given the `records` entry when it has none, in place (comments and `${VAR}`s kept).
 */
import { readFile } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import type { Client } from '../../client/index.js';
import { atomicWrite, atomicWriteStreamed, makeFolders } from '../../atomic-write.js';
import { AppdeployError } from '../../errors.js';
import {
  nearestThen,
  uniqueFieldCodes,
  type FieldManifest,
  type Project,
  type ProjectApp,
  type RecordsSetting,
} from '../../project/index.js';
import { modeline } from '../modeline.js';
import { maskManifest } from '../variables.js';
import { patchYaml } from '../yaml-patch.js';
import { checkMaskable, Masker } from './mask.js';
import { recordConverter, separateFolders, type PlainRecord } from './plain-records.js';
import { recordFileText, sortByKey } from './record-text.js';
import { queryRefused } from './query.js';

export interface RecordsExportOptions {
  project: Project;
  client: Client;
  /** The app's key in appdeploy.yaml. */
  app: string;
  /** The key field, when appdeploy.yaml names none for the app. */
  key?: string | undefined;
  limit?: number | undefined;
  query?: string | undefined;
  mask?: readonly string[] | undefined;
  /** The secret of the masking hash (APPDEPLOY_MASK_KEY); needed with `mask`. */
  maskKey?: string | undefined;
}

export interface RecordsExportResult {
  app: string;
  /** Relative to the project folder, with `/`. */
  file: string;
  key: string;
  records: number;
  files: number;
  /** Whether appdeploy.yaml was given the app's `records` entry. */
  projectFileChanged: boolean;
  /** Tables a CSV file left out. */
  leftOut: string[];
}

export async function exportRecords(options: RecordsExportOptions): Promise<RecordsExportResult> {
  const { project, client } = options;
  const app = projectApp(project, options.app);
  const fields = app.manifest.fields ?? {};
  const setting = recordsSetting(project, app, fields, options.key);
  const masked = new Set(options.mask ?? []);
  for (const code of masked) checkMaskable(code, fieldOrColumn(fields, code), app.key, fieldCodes(fields));
  const masker = masked.size > 0 ? new Masker(maskKey(options.maskKey)) : null;
  const converter = recordConverter({
    fields,
    key: setting.key,
    folder: `files/${app.key}`,
    maps: project.environment.config,
    masker,
    masked,
  });

  const records: PlainRecord[] = [];
  const limit = options.limit ?? Number.POSITIVE_INFINITY;
  if (limit > 0)
    try {
      for await (const record of client.records.iterate(appId(app), { query: options.query })) {
        records.push(converter.toPlain(record));
        if (records.length >= limit) break;
      }
    } catch (error) {
      throw queryRefused(error, options.query);
    }
  refuseRepeatedKeys(records, setting.key, masked.has(setting.key));
  const path = resolve(project.root, setting.file);
  const sorted = sortByKey(records);
  separateFolders(sorted, `files/${app.key}`);
  const written = recordFileText(path, sorted, modeline(project.root, path, 'records'));
  // Every file goes beside its target and is renamed over it (atomic-write.ts): an export
  // stopped part way leaves each file as it was or whole, never half of a record file.
  await writeFiles(client, dirname(path), sorted);
  await makeFolders(dirname(path));
  await atomicWrite(path, written.text);
  const projectFileChanged = await addRecordsEntry(project, app.key, setting);
  return {
    app: app.key,
    file: slashes(relative(project.root, path)),
    key: setting.key,
    records: sorted.length,
    files: sorted.reduce((n, r) => n + r.files.length, 0),
    projectFileChanged,
    leftOut: written.leftOut,
  };
}

function projectApp(project: Project, key: string): ProjectApp {
  const app = project.apps.find((a) => a.key === key);
  if (app) return app;
  throw new AppdeployError('EXPORT.RECORDS_APP', `--records --app ${key}: no app "${key}" in the project`, {
    hint: nearestThen(
      key,
      project.apps.map((a) => a.key),
      `Name one of the project's apps: ${project.apps.map((a) => a.key).join(', ') || '(none yet: export its settings first)'}.`,
    ),
  });
}

function appId(app: ProjectApp): string {
  if (app.id !== null) return app.id;
  throw new AppdeployError('EXPORT.NO_ID', `app "${app.key}" has no id in this environment`, {
    hint: 'Apply it first (apply creates it), or choose the environment it lives in with --env.',
  });
}

/** appdeploy.yaml's `records` for the app, else one made from --key or its first unique field. */
function recordsSetting(
  project: Project,
  app: ProjectApp,
  fields: Record<string, FieldManifest>,
  key: string | undefined,
): RecordsSetting {
  const existing = project.config.apps?.[app.key]?.records;
  if (existing) {
    if (key !== undefined && key !== existing.key)
      throw new AppdeployError(
        'EXPORT.RECORDS_KEY',
        `--key ${key}: app "${app.key}" is keyed by "${existing.key}" in appdeploy.yaml`,
        {
          hint: `Leave --key out, or change apps.${app.key}.records.key in appdeploy.yaml first.`,
        },
      );
    return existing;
  }
  const uniques = uniqueFieldCodes(fields);
  const chosen = key ?? uniques[0];
  if (chosen === undefined || !uniques.includes(chosen))
    throw new AppdeployError(
      'EXPORT.RECORDS_KEY',
      chosen === undefined
        ? `app "${app.key}" has no field with \`unique: true\` to key its records by`
        : `--key ${chosen}: "${chosen}" is not a field of app "${app.key}" with \`unique: true\``,
      {
        hint:
          uniques.length > 0
            ? `Pass --key with one of ${uniques.join(', ')}.`
            : 'Give a field unique: true in the manifest (and apply it), then export again.',
      },
    );
  return { file: `records/${app.key}.yaml`, key: chosen };
}

/** The codes of the app's fields and of its tables' columns: what --mask may name. */
function fieldCodes(fields: Record<string, FieldManifest>): string[] {
  return Object.entries(fields).flatMap(([code, field]) =>
    field.type === 'SUBTABLE' ? [code, ...Object.keys(field.fields)] : [code],
  );
}

function fieldOrColumn(fields: Record<string, FieldManifest>, code: string): FieldManifest | undefined {
  if (fields[code]) return fields[code];
  for (const field of Object.values(fields))
    if (field.type === 'SUBTABLE' && field.fields[code]) return field.fields[code];
  return undefined;
}

/** The secret, of 16 characters or more besides spaces (a key of blanks is one anyone can guess). */
function maskKey(key: string | undefined): string {
  if (key !== undefined && key.trim().length >= 16) return key;
  throw new AppdeployError(
    'EXPORT.MASK_KEY',
    `--mask needs APPDEPLOY_MASK_KEY${key === undefined ? '' : ' of 16 characters or more, spaces aside'}`,
    {
      hint: 'Set APPDEPLOY_MASK_KEY to a long random secret (openssl rand -hex 32) kept out of git, and the same on every export: the same value is then masked the same way each time.',
    },
  );
}

/** Every record has its key (a record without one could not be seeded), and no two share one. */
function refuseRepeatedKeys(records: readonly PlainRecord[], key: string, masked: boolean): void {
  const seen = new Set<string>();
  for (const record of records) {
    if (record.keyValue !== undefined && !seen.has(record.key)) {
      seen.add(record.key);
      continue;
    }
    const what =
      record.keyValue === undefined
        ? `a record has no "${key}"`
        : `two records have the ${masked ? 'masked ' : ''}key ${JSON.stringify(record.key)}`;
    throw new AppdeployError('EXPORT.RECORDS_KEY', `${what}: records are matched by it`, {
      hint: masked
        ? `Leave "${key}" out of --mask (two values were masked alike).`
        : `Fill "${key}" in every record, or key the records by another unique field (--key).`,
    });
  }
}

/**
 * The attachments, each downloaded to its path as it arrives (a file of hundreds of megabytes is
 * never held in memory: it was, whole, until the filestream work) into a temporary file renamed
 * over it once whole, so a kill or Ctrl-C leaves each file as it was or whole. Nothing else is
 * removed: files of an earlier export that no record names any more stay until someone deletes
 * them (export never deletes in a folder people also keep their own files in).
 */
async function writeFiles(client: Client, folder: string, records: readonly PlainRecord[]): Promise<void> {
  for (const record of records)
    for (const job of record.files) {
      const target = join(folder, ...job.path.split('/'));
      await makeFolders(dirname(target));
      await atomicWriteStreamed(target, (file) => client.files.downloadTo({ fileKey: job.fileKey }, file));
    }
}

/** Adds `records: { file, key }` under the app in appdeploy.yaml, when it has none. */
async function addRecordsEntry(project: Project, app: string, setting: RecordsSetting): Promise<boolean> {
  if (project.config.apps?.[app]?.records) return false;
  const text = await readFile(project.configPath, 'utf8');
  const masked = maskManifest(text);
  const patched = patchYaml(masked.masked, [
    { kind: 'add', path: ['apps', app], key: 'records', value: { file: setting.file, key: setting.key } },
  ]);
  await atomicWrite(project.configPath, masked.unmask(patched));
  return true;
}

function slashes(path: string): string {
  return path.split(sep).join('/');
}
