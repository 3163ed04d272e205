/**
 * A copy of every value a deploy is about to destroy (issue "Change a field's type...", "Nothing
 * destroyed without a copy"): one JSON line per value (app, record id, revision, field code, the
 * table and row when in a table, type, value), file attachments downloaded into a folder named
 * after the backup. Complete or absent: the lines and the folder are written under temporary
 * names and renamed once everything is in (a backup cut short leaves no file that looks whole).
 *
 * Taken before apply writes anything, it is brought up to date just before the deploy that
 * destroys the values (backup-catch-up.ts): it keeps where that starts from (`since`).
 */
import { readdir, rename, rm } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { atomicWrite, atomicWriteStreamed, makeFolders, removeLeftoversIn } from '../atomic-write.js';
import type { AppRecord, CallOptions, Client, FileAttachment, SubtableRow } from '../client/index.js';
import { isEmptyValue } from '../platform/index.js';
import { idOf, revisionOf } from './values.js';
import { sweepRecords } from './sweep.js';
import { serviceNow, updateTimeCode } from './service-time.js';

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
  /** Where bringing it up to date starts from (backup-catch-up.ts). */
  readonly since: BackupSince;
}

/** What a backup read, for reading again only the records changed since (backup-catch-up.ts). */
export interface BackupSince {
  /** The service's time before the read began (service-time.ts); null: the app has no update-time field. */
  readonly at: string | null;
  /** The app's update-time field, when it has one. */
  readonly updatedCode: string | null;
  /** The highest record id the read covered: a record added since has a higher one. */
  readonly lastId: string;
  /** Each record read, by id, with the revision it was read at (its values saved or not). */
  readonly revisions: ReadonlyMap<string, string>;
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
  const call = { signal: options.signal };
  const lines: BackupLine[] = [];
  const revisions = new Map<string, string>();
  const into = { folder: tempFolder, name: basename(folder) };
  let moved = false;
  try {
    const { at, updatedCode } = await startTime(client, request.app, call);
    // The sweep's parallel reads, writing nothing: every record, its values saved as they come.
    const read = await sweepRecords(
      client,
      {
        app: request.app,
        fields: holdersOf(request.fields),
        update: async (record) => {
          revisions.set(idOf(record), revisionOf(record));
          lines.push(...(await linesOf(client, request, record, into, call)));
          return undefined;
        },
      },
      { signal: options.signal },
    );
    // The folder first: a backup's lines, once in place, always find their attachments.
    if (filesIn(lines) > 0) {
      await rename(tempFolder, folder);
      moved = true;
    }
    await writeLines(file, lines);
    return { file, ...countsOf(lines), since: { at, updatedCode, lastId: read.lastId, revisions } };
  } catch (error) {
    // A backup that failed leaves nothing behind that could pass for one.
    await rm(moved ? folder : tempFolder, { recursive: true, force: true });
    throw error;
  }
}

/** The fields a backup reads: each top-level field, and the table of each column. */
export function holdersOf(fields: readonly BackupField[]): string[] {
  return [...new Set(fields.map((f) => f.table ?? f.code))];
}

/**
 * The service's time before a read begins, and the app's update-time field: an edit made after it
 * carries a later or equal time (service-time.ts). An app without that field (the platform gives
 * every app one) has no time: bringing its backup up to date reads every record again.
 */
async function startTime(
  client: Client,
  app: string,
  call: CallOptions,
): Promise<{ at: string | null; updatedCode: string | null }> {
  const { properties } = await client.form.getFields({ app, copy: 'live' }, call);
  const updatedCode = updateTimeCode(properties) ?? null;
  return { at: updatedCode === null ? null : await serviceNow(client, app, updatedCode, call), updatedCode };
}

/** Where a line's attachments are downloaded to, and the name of the folder its paths name. */
export interface FilesInto {
  readonly folder: string;
  readonly name: string;
  /** Added to each file's name (a record read again keeps the names of its first read's files). */
  readonly tag?: string | undefined;
}

/**
 * One record's lines: each non-empty value of the request's fields, attachments downloaded (a
 * download stops with `call.signal`: apply's Ctrl-C does not wait for a file of a gigabyte).
 */
export async function linesOf(
  client: Client,
  request: Pick<BackupRequest, 'app' | 'fields'>,
  record: AppRecord,
  into: FilesInto,
  call: CallOptions = {},
): Promise<BackupLine[]> {
  const lines: BackupLine[] = [];
  for (const field of request.fields)
    for (const [value, row] of valuesOf(record, field))
      lines.push({
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
                into,
                fileStem(record, field, row, into.tag),
                call,
              )
            : value,
      });
  return lines;
}

/** The lines in record and row order, written whole (the old file or the new one, never half). */
export async function writeLines(file: string, lines: BackupLine[]): Promise<void> {
  lines.sort((a, b) => Number(a.id) - Number(b.id) || Number(a.row ?? 0) - Number(b.row ?? 0));
  await atomicWrite(file, lines.map((line) => `${JSON.stringify(line)}\n`).join(''));
}

export function countsOf(lines: readonly BackupLine[]): Pick<BackupResult, 'records' | 'values' | 'files'> {
  return { records: new Set(lines.map((l) => l.id)).size, values: lines.length, files: filesIn(lines) };
}

function filesIn(lines: readonly BackupLine[]): number {
  return lines.reduce((n, l) => n + (l.type === 'FILE' ? (l.value as unknown[]).length : 0), 0);
}

/**
 * What this app's earlier backups left unfinished: the attachment folders of backups that never
 * completed (`<time>-<app>.partial`), the temporary files of their lines (atomic-write.ts), and
 * those of attachments a catch-up was downloading into a finished backup's folder. A
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
    // A finished backup's folder: a catch-up killed mid-download left its temporary file there.
    else if (ofThisApp(entry, '')) removeLeftoversIn(join(dir, entry), () => true);
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

function fileStem(record: AppRecord, field: BackupField, row: string | undefined, tag?: string): string {
  return `${idOf(record)}-${field.code}${row === undefined ? '' : `-${row}`}${tag === undefined ? '' : `-${tag}`}`;
}

/**
 * Downloads the attachments into the folder (the backup's temporary one, or its own when brought
 * up to date), each written as it arrives into a temporary file renamed to its name once whole:
 * never held in memory, and never half a file under its name (a kill during a catch-up's
 * download left one in the backup's folder). The line names them by the final folder.
 */
async function download(
  client: Client,
  attachments: readonly FileAttachment[],
  into: FilesInto,
  stem: string,
  call: CallOptions,
): Promise<BackedUpFile[]> {
  await makeFolders(into.folder);
  return Promise.all(
    attachments.map(async (attachment, i) => {
      const name = `${stem}-${i}-${safeName(attachment.name)}`;
      await atomicWriteStreamed(join(into.folder, name), (file) =>
        client.files.downloadTo({ fileKey: attachment.fileKey }, file, call),
      );
      return { ...attachment, path: `${into.name}/${name}` };
    }),
  );
}

/** A file name safe on every system: path separators and reserved characters replaced. */
function safeName(name: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what it replaces
  return name.replace(/[\\/:*?"<>|\u0000-\u001f]/g, '_').slice(0, 120) || 'file';
}
