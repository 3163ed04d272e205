/**
 * A copy of every value a deploy is about to destroy (issue "Change a field's type...", "Nothing
 * destroyed without a copy"): one JSON line per value (app, record id, revision, field code, the
 * table and row when in a table, type, value), file attachments downloaded into a folder named
 * after the backup. Complete or absent: the lines and the folder are written under temporary
 * names and renamed once everything is in (a backup cut short leaves no file that looks whole).
 */
import { readdir, rename, rm, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { atomicWrite, makeFolders, removeLeftoversIn } from '../atomic-write.js';
import type { AppRecord, Client, FileAttachment, SubtableRow } from '../client/index.js';
import { isEmptyValue } from '../platform/index.js';
import { idOf, revisionOf } from './values.js';
import { sweepRecords } from './sweep.js';

export interface BackupField {
  readonly code: string;
  /** The table the field is a column of; null at the top level. */
  readonly table: string | null;
  readonly type: string;
}

export interface BackupRequest {
  readonly app: string;
  /** The app's key in the project: it names the file. */
  readonly appKey: string;
  readonly fields: readonly BackupField[];
  /** The folder (`.appdeploy/backups/<env>`); created when absent. */
  readonly dir: string;
  /** The moment in the file's name; now when absent. */
  readonly at?: Date | undefined;
}

export interface BackupResult {
  /** The backup's path (`<dir>/<timestamp>-<appKey>.jsonl`). */
  readonly file: string;
  /** Records holding at least one value. */
  readonly records: number;
  /** Values written (one line each). */
  readonly values: number;
  /** Attachments downloaded. */
  readonly files: number;
}

/** A file attachment as the backup keeps it: the read's fields, and where its bytes are. */
export interface BackedUpFile extends FileAttachment {
  /** The file's path relative to the backup's folder. */
  readonly path: string;
}

/** One line of a backup. */
export interface BackupLine {
  readonly app: string;
  readonly id: string;
  readonly revision: string;
  readonly field: string;
  readonly table?: string;
  readonly row?: string;
  readonly type: string;
  readonly value: unknown;
}

/** The folder beside a backup that holds its attachments: its name without `.jsonl`. */
export function filesFolderOf(backupFile: string): string {
  return backupFile.replace(/\.jsonl$/, '');
}

export async function backupFieldValues(
  client: Client,
  request: BackupRequest,
  options: { signal?: AbortSignal | undefined } = {},
): Promise<BackupResult> {
  const stamp = (request.at ?? new Date()).toISOString().replace(/[:.]/g, '-');
  const file = join(request.dir, `${stamp}-${request.appKey}.jsonl`);
  const folder = filesFolderOf(file);
  const tempFolder = `${folder}.partial`;
  await makeFolders(request.dir);
  await removeUnfinished(request.dir, request.appKey);
  const lines: BackupLine[] = [];
  let files = 0;
  const save = async (record: AppRecord, field: BackupField, value: unknown, row?: string) => {
    const line: BackupLine = {
      app: request.app,
      id: idOf(record),
      revision: revisionOf(record),
      field: field.code,
      ...(field.table === null ? {} : { table: field.table, row: row! }),
      type: field.type,
      value:
        field.type === 'FILE'
          ? await download(
              client,
              value as FileAttachment[],
              tempFolder,
              basename(folder),
              fileStem(record, field, row),
            )
          : value,
    };
    if (field.type === 'FILE') files += (value as unknown[]).length;
    lines.push(line);
  };
  // The sweep's parallel reads, writing nothing: every record, its values saved as they come.
  const fields = [...new Set(request.fields.map((f) => f.table ?? f.code))];
  let moved = false;
  try {
    await sweepRecords(
      client,
      {
        app: request.app,
        fields,
        update: async (record) => {
          for (const field of request.fields)
            for (const [value, row] of valuesOf(record, field)) await save(record, field, value, row);
          return undefined;
        },
      },
      { signal: options.signal },
    );
    lines.sort((a, b) => Number(a.id) - Number(b.id) || Number(a.row ?? 0) - Number(b.row ?? 0));
    // The folder first: a backup's lines, once in place, always find their attachments.
    if (files > 0) {
      await rename(tempFolder, folder);
      moved = true;
    }
    await atomicWrite(file, lines.map((line) => `${JSON.stringify(line)}\n`).join(''));
  } catch (error) {
    // A backup that failed leaves nothing behind that could pass for one.
    await rm(moved ? folder : tempFolder, { recursive: true, force: true });
    throw error;
  }
  return { file, records: new Set(lines.map((l) => l.id)).size, values: lines.length, files };
}

/**
 * What this app's earlier backups left unfinished: the attachment folders of backups that never
 * completed (`<time>-<app>.partial`), and the temporary files of their lines (atomic-write.ts). A
 * backup killed (kill -9) leaves them under that run's time, so the next backup, stamped with its
 * own, removes every such one of the app, not its own names alone. One apply of an environment
 * runs at a time from a project (cli/apply-lock.ts), and a temporary file is removed only once the
 * process that wrote it no longer runs.
 */
async function removeUnfinished(dir: string, appKey: string): Promise<void> {
  // The time as backupFieldValues stamps it: another app's key ending in this one is not this one.
  const ofThisApp = (name: string, suffix: string) =>
    /^\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z-/.test(name) && name.slice(25) === `${appKey}${suffix}`;
  for (const entry of await readdir(dir))
    if (ofThisApp(entry, '.partial')) await rm(join(dir, entry), { recursive: true, force: true });
  removeLeftoversIn(dir, (target) => ofThisApp(target, '.jsonl'));
}

/** The field's non-empty values in a record, with the row id of each when in a table. */
function valuesOf(record: AppRecord, field: BackupField): [unknown, string | undefined][] {
  if (field.table === null) {
    const value = record[field.code]?.value;
    return isEmptyValue(value) ? [] : [[value, undefined]];
  }
  const rows = (record[field.table]?.value ?? []) as SubtableRow[];
  return rows.flatMap((row): [unknown, string][] => {
    const value = row.value[field.code]?.value;
    return isEmptyValue(value) ? [] : [[value, row.id]];
  });
}

function fileStem(record: AppRecord, field: BackupField, row: string | undefined): string {
  return `${idOf(record)}-${field.code}${row === undefined ? '' : `-${row}`}`;
}

/** Downloads the attachments into the (temporary) folder; the line names them by the final folder. */
async function download(
  client: Client,
  attachments: readonly FileAttachment[],
  tempFolder: string,
  folderName: string,
  stem: string,
): Promise<BackedUpFile[]> {
  await makeFolders(tempFolder);
  return Promise.all(
    attachments.map(async (attachment, i) => {
      const name = `${stem}-${i}-${safeName(attachment.name)}`;
      const { data } = await client.files.download({ fileKey: attachment.fileKey });
      await writeFile(join(tempFolder, name), data);
      return { ...attachment, path: `${folderName}/${name}` };
    }),
  );
}

/** A file name safe on every system: path separators and reserved characters replaced. */
function safeName(name: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what it replaces
  return name.replace(/[\\/:*?"<>|\u0000-\u001f]/g, '_').slice(0, 120) || 'file';
}
