/**
 * Writes a backup's values (backup.ts) back into fields of the same codes, once the user has added
 * them again. Revision-checked: a record whose revision moved since the backup was edited by
 * someone since, and is left as it is (the edit may have been made knowing the field was gone);
 * a record no longer there is reported as deleted. Attachments are uploaded again from the
 * backup's folder (POST file.json, then the new key in the record: a key from a read is a
 * download key, not one a write takes; spec "Upload File").
 *
 * Resumable: progress is kept in `<backup>.progress.json` beside the backup, and a record that
 * already holds its backed-up values counts as restored without being written, so a run started
 * again after a kill ends where a whole run would have.
 */
import { readFile, rm, stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import {
  BulkWriteError,
  failedUnrefused,
  ServiceError,
  type AppRecord,
  type Client,
  type RecordForWrite,
  type SubtableRow,
} from '../client/index.js';
import { atomicWrite } from '../atomic-write.js';
import { AppdeployError } from '../errors.js';
import { plural, thousands } from '../wording.js';
import { filesFolderOf, type BackedUpFile, type BackupLine } from './backup.js';
import { sweepRecords, type SweepProgress } from './sweep.js';
import { recordsNamed } from './copy-refused.js';
import { FileContents } from './file-contents.js';
import { inParallel } from '../client/in-parallel.js';
import { isolatingRefusals, type RefusedUpdate } from './isolate-refusals.js';
import { idOf, revisionOf, sameValue, writeValue, type ContentOf } from './values.js';

export interface RestoreRequest {
  readonly backupFile: string;
}

export interface RestoreOptions {
  readonly signal?: AbortSignal | undefined;
  /** Called after each bulk request with how far the restore got (it is saved beside the backup too). */
  readonly onProgress?: ((progress: SweepProgress) => void | Promise<void>) | undefined;
}

export interface RestoreResult {
  readonly app: string;
  /** Records the backup holds values of. */
  readonly records: number;
  /** Records that hold their backed-up values now (written by this restore or an earlier run of it). */
  readonly restored: number;
  /** Records written by this run. */
  readonly written: number;
  /** Records not overwritten: edited since the backup (their revision moved). */
  readonly editedSince: string[];
  /** Records no longer in the app. */
  readonly deletedSince: string[];
}

type Outcome = 'restored' | 'edited' | 'refused';

interface SavedProgress extends SweepProgress {
  readonly outcomes: Record<string, Outcome>;
  /** What the service said of each record it refused (by id), for the report at the end. */
  readonly refusals?: Record<string, string[]>;
}

/** One record's backed-up values. */
interface Entry {
  readonly revision: string;
  readonly lines: BackupLine[];
}

export function progressFileOf(backupFile: string): string {
  return `${backupFile}.progress.json`;
}

export async function restoreFieldValues(
  client: Client,
  request: RestoreRequest,
  options: RestoreOptions = {},
): Promise<RestoreResult> {
  const { app, entries } = await readBackup(request.backupFile);
  await checkFields(client, app, entries);
  const base = dirname(request.backupFile);
  // Attachments of the backed-up name and size are compared by content (file-contents.ts).
  const contents = new FileContents(client, { signal: options.signal });
  const progressFile = progressFileOf(request.backupFile);
  const saved = await readProgress(progressFile);
  const outcomes = new Map<string, Outcome>(Object.entries(saved?.outcomes ?? {}));
  const refusals = new Map<string, string[]>(Object.entries(saved?.refusals ?? {}));
  const fields = [...new Set([...entries.values()].flatMap((e) => e.lines.map((l) => l.table ?? l.field)))];
  // Each record's attachments, uploaded before its batch's writes, many at once.
  const uploads = new Uploads(client, base, options.signal);
  // A record the service refuses is set aside and the others written (isolate-refusals.ts).
  const refusedNow = new Set<string>();
  const writer = isolatingRefusals(client, (refused) => {
    for (const { update, reasons } of refused) {
      refusedNow.add(String(update.id));
      outcomes.set(String(update.id), 'refused');
      refusals.set(String(update.id), reasons.map(reasonText));
    }
  });
  const toWrite = (record: AppRecord): Entry | undefined => {
    const entry = entries.get(idOf(record));
    if (!entry || holdsBackedUp(record, entry.lines, base, contents.contentOf)) return undefined;
    return revisionOf(record) === entry.revision ? entry : undefined;
  };
  const result = await sweepRecords(
    writer,
    {
      app,
      fields,
      failed: (error, ids) => writeRefused(error, ids, app, fieldNames(entries)),
      prepare: async (records) => {
        await contents.learn(
          records.flatMap((record) => {
            const entry = entries.get(idOf(record));
            return entry ? attachmentPairs(record, entry.lines, base) : [];
          }),
        );
        await uploads.prepare(records.flatMap((record) => toWrite(record) ?? []));
      },
      update: (record) => {
        const id = idOf(record);
        const entry = entries.get(id);
        if (!entry) return undefined;
        if (holdsBackedUp(record, entry.lines, base, contents.contentOf)) {
          outcomes.set(id, 'restored');
          return undefined;
        }
        if (revisionOf(record) !== entry.revision) {
          outcomes.set(id, 'edited');
          return undefined;
        }
        outcomes.set(id, 'restored');
        return restoreUpdate(record, entry, uploads);
      },
    },
    {
      progress: saved,
      signal: options.signal,
      onProgress: async (progress) => {
        const upTo = ([id]: [string, unknown]) => Number(id) <= Number(progress.lastId);
        const done = Object.fromEntries([...outcomes].filter(upTo));
        // A restore killed mid-write leaves the old progress or the new.
        await atomicWrite(
          progressFile,
          JSON.stringify({
            ...progress,
            outcomes: done,
            refusals: Object.fromEntries([...refusals].filter(upTo)),
          }),
        );
        await options.onProgress?.(progress);
      },
    },
  ).catch((error: unknown) => {
    throw stoppedPartWay(error, app);
  });
  await rm(progressFile, { force: true });
  const ids = [...entries.keys()];
  const outcome: RestoreResult = {
    app,
    records: entries.size,
    restored: ids.filter((id) => outcomes.get(id) === 'restored').length,
    // The sweep counts a bulk request's records written; those set aside in it were not.
    written: result.writtenNow - refusedNow.size,
    editedSince: ids.filter((id) => outcomes.get(id) === 'edited'),
    deletedSince: ids.filter((id) => !outcomes.has(id)),
  };
  const refused = ids.filter((id) => outcomes.get(id) === 'refused');
  if (refused.length > 0)
    throw recordsRefused(
      outcome,
      refused.map((id) => [id, refusals.get(id) ?? []]),
      fieldNames(entries),
    );
  return outcome;
}

/** `tags: "old" is not an option.`: a refused value's field (`items.qty` in a table) and the service's words. */
function reasonText({ key, messages }: RefusedUpdate['reasons'][number]): string {
  const codes = [...key.matchAll(/(?:^|\.)([^.[\]]+)(?=\.value)/g)].map((m) => m[1]);
  const field = codes.filter((c) => c !== undefined && !/^(records?|values?)$/.test(c)).join('.');
  return `${field || key}: ${messages.join(' ')}`;
}

/**
 * The records whose values the service refused, each by id with what it said, after every other
 * record was written (a refused record no longer holds back the others of its bulk request):
 * RESTORE.REFUSED, exit 1. Running the same restore again once the field takes the values writes
 * just those (every other record already holds its values).
 */
function recordsRefused(
  outcome: RestoreResult,
  refused: readonly (readonly [string, readonly string[]])[],
  fields: readonly string[],
): AppdeployError {
  const shown = refused
    .slice(0, REFUSED_LISTED)
    .map(([id, reasons]) => `  record ${id}: ${reasons.join('; ')}\n`)
    .join('');
  const rest = refused.length - REFUSED_LISTED;
  return new AppdeployError(
    'RESTORE.REFUSED',
    `The service refused the backed-up values of ${plural(refused.length, 'record')} of app ${outcome.app}, which were not restored; ` +
      `every other record was (${thousands(outcome.restored)} of ${thousands(outcome.records)} hold their backed-up values, ${thousands(outcome.written)} written now):\n` +
      shown +
      (rest > 0 ? `  ... and ${plural(rest, 'more record')} refused\n` : '') +
      (outcome.editedSince.length > 0
        ? `Not restored, edited since the backup: ${outcome.editedSince.length}.\n`
        : '') +
      (outcome.deletedSince.length > 0
        ? `Not restored, deleted since the backup: ${outcome.deletedSince.length}.\n`
        : ''),
    {
      hint: `Give ${fields.join(', ')} the settings it had when the backup was taken (its options, length or value limits, unique) and apply, or bring back the user, organization or group the service names; then run the same restore again: it writes just these records.`,
    },
  );
}

/** The refused records a message lists at most; the rest are counted. */
const REFUSED_LISTED = 20;

/**
 * A restore a failed request stopped, in the words of its user: what failed, and that running it
 * again resumes (the progress beside the backup; a record already holding its values is not
 * written again). A failed bulk request's own message advises its caller to read the records back
 * before retrying and counts them by their index in the call: restore does that reading itself
 * when run again. Found by test/reliability/restore-sweep.test.ts (a 500 at a bulk request). A
 * refusal is said by writeRefused, which names its records.
 */
function stoppedPartWay(error: unknown, app: string): unknown {
  const cause = error instanceof BulkWriteError && error.cause instanceof Error ? error.cause : error;
  // A refusal (a 4xx) is the service's own answer, which a run again would get too.
  if (!failedUnrefused(cause)) return error;
  return new AppdeployError(
    'RESTORE.STOPPED',
    `The restore into app ${app} stopped part way: a request failed (${cause.message}). What was written stays.`,
    {
      hint: 'Run the same restore again once the service answers: it resumes where it stopped, and a record already holding its backed-up values counts as restored without being written again.',
      cause: error,
    },
  );
}

/** The refused values, or records, a message names at most; the rest are counted. */
const REFUSED_SHOWN = 5;

/**
 * A bulk request of the restore the service refused (the answer came), said as seed says its
 * refusals: which records (by id: `ids` are the request's records in order) and fields, the
 * service's words, what of the request was written, and what to do. Running it again as it is
 * would be refused again. Any other failure is returned as it is, for stoppedPartWay.
 */
function writeRefused(
  error: BulkWriteError,
  ids: readonly string[],
  app: string,
  fields: readonly string[],
): unknown {
  const cause = error.cause;
  // A 5xx is no refusal: the service erred, and the request may have landed (stoppedPartWay).
  if (!(cause instanceof ServiceError) || cause.status >= 500) return error;
  const total = error.written.length + error.notWritten.length + error.unknown.length;
  const outcome = `Of that bulk request's ${plural(total, 'record')}, ${thousands(error.written.length)} written before the refusal, the rest not; what other bulk requests wrote stays.`;
  if (cause.status === 400 && cause.errors !== undefined)
    return valueRefused(error, cause, ids, app, outcome);
  const records = error.notWritten.map((i) => ids[i]).filter((id) => id !== undefined);
  return new AppdeployError(
    'RESTORE.REFUSED',
    `The service refused the restore's write of ${fields.join(', ')} into app ${app} (${recordsNamed(records)}): ` +
      `${cause.serviceMessage} (${cause.code}, HTTP ${cause.status}). ${outcome}`,
    { hint: refusalHint(cause), cause: error },
  );
}

/** What to do after a refusal that names no value: a right (403), a record gone (404), else the service's words. */
function refusalHint(cause: ServiceError): string {
  const again = 'then run the same restore again: it resumes where it stopped.';
  if (cause.status === 403)
    return `Give the user or API token restore runs as the right to edit the app's records and these fields (the app's, the records' and the fields' permissions, or the token's); ${again}`;
  // GAIA_RE01: a record deleted between the restore's read and its write (platform-facts.md).
  if (cause.status === 404)
    return 'A record was deleted while the restore wrote; run the same restore again: it resumes where it stopped, and lists a record deleted since the backup as such.';
  return `Fix what the service says; ${again}`;
}

/**
 * A backed-up value the field added again does not take: it came back with other settings (fewer
 * options, a shorter maximum length, a value range, unique). Running again would be refused
 * again, so the message names each record and field and the service's reason, and what to change;
 * a bulk write refused so names each value `records[<i>].<code>.value`, a table's cell
 * `...<table>.value[<row>].value.<code>.value` (platform-facts-verified, "Record validation: the
 * keys of errors"), `i` the record's place in its call, which begins at the request's record
 * `refusedFrom`. Before, the client's bulk-write message said 'Missing or invalid input' with
 * neither the field nor what to do (found by test/reliability/restore-sweep.test.ts), and then
 * named the field but not the record.
 */
function valueRefused(
  error: BulkWriteError,
  cause: ServiceError,
  ids: readonly string[],
  app: string,
  outcome: string,
): AppdeployError {
  const reasons = Object.entries(cause.errors ?? {}).map(([key, { messages }]) => {
    const codes = [...key.matchAll(/(?:^|\.)([^.[\]]+)(?=\.value)/g)].map((m) => m[1]);
    const field = codes.filter((c) => c !== undefined && !/^(records?|values?)$/.test(c)).join('.');
    const at = /^records\[(\d+)\]/.exec(key);
    const id = at && error.refusedFrom !== undefined ? ids[error.refusedFrom + Number(at[1])] : undefined;
    return {
      field,
      text: `${id === undefined ? '' : `record ${id}: `}${field || key}: ${messages.join(' ')}`,
    };
  });
  const fields = [...new Set(reasons.map((r) => r.field).filter((f) => f !== ''))];
  const rest = reasons.length - REFUSED_SHOWN;
  return new AppdeployError(
    'RESTORE.REFUSED',
    `The service refused ${reasons.length === 1 ? 'a backed-up value' : `${reasons.length} backed-up values`} the restore wrote into app ${app} (${cause.code}, HTTP ${cause.status}):\n` +
      reasons
        .slice(0, REFUSED_SHOWN)
        .map((r) => `  ${r.text}\n`)
        .join('') +
      (rest > 0 ? `  ... and ${plural(rest, 'more value')} refused\n` : '') +
      outcome,
    {
      hint: `Give ${fields.length > 0 ? fields.join(', ') : 'the field'} the settings it had when the backup was taken (its options, length or value limits, unique) and apply, or bring back the user, organization or group the service names; then run the same restore again: it resumes where it stopped.`,
      cause: error,
    },
  );
}

/** What a backup holds, to show before restoring it. */
export interface BackupSummary {
  readonly app: string;
  readonly records: number;
  readonly values: number;
  /** The fields, `table.code` for a table's column. */
  readonly fields: string[];
}

/**
 * With a client, the app is checked first to have each field where the backup holds it, of its
 * type (RESTORE.FIELD_MISSING), as restoreFieldValues checks it: a command refuses before it
 * shows what it would restore and asks for a yes it could not act on.
 */
export async function summarizeBackup(backupFile: string, client?: Client): Promise<BackupSummary> {
  const { app, entries } = await readBackup(backupFile);
  if (client) await checkFields(client, app, entries);
  const lines = [...entries.values()].flatMap((e) => e.lines);
  return { app, records: entries.size, values: lines.length, fields: fieldNames(entries) };
}

/** The backed-up fields, `table.code` for a table's column. */
function fieldNames(entries: ReadonlyMap<string, Entry>): string[] {
  const lines = [...entries.values()].flatMap((e) => e.lines);
  return [...new Set(lines.map((l) => (l.table === undefined ? l.field : `${l.table}.${l.field}`)))];
}

async function readBackup(file: string): Promise<{ app: string; entries: Map<string, Entry> }> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new AppdeployError(
      'RESTORE.BACKUP',
      `Cannot read the backup ${file}: ${(error as Error).message}.`,
      {
        hint: 'Give the path of a backup apply wrote (.appdeploy/backups/<env>/<time>-<app>.jsonl).',
        cause: error,
      },
    );
  }
  const entries = new Map<string, Entry>();
  let app: string | undefined;
  text.split('\n').forEach((raw, i) => {
    if (raw.trim() === '') return;
    const line = parseLine(raw, file, i + 1);
    if (app !== undefined && line.app !== app)
      throw badBackup(file, i + 1, `it names app ${line.app} after app ${app}`);
    app = line.app;
    const entry = entries.get(line.id) ?? { revision: line.revision, lines: [] };
    entry.lines.push(line);
    entries.set(line.id, entry);
  });
  if (app === undefined) throw badBackup(file, 1, 'it holds no values');
  await checkFilesBeside(file, entries);
  return { app, entries };
}

/**
 * Every attachment a backup names is in its folder beside it (backup.ts downloads them there), of
 * the size the backup read it at: a backup copied without that folder, or with a file cut short
 * (a copy stopped part way), is refused before anything is written or asked, not found missing by
 * the first upload part way through (an error reading a file, which the command took for a bug:
 * exit 70; found by test/reliability/restore-sweep.test.ts), nor restored as half a file.
 */
async function checkFilesBeside(file: string, entries: ReadonlyMap<string, Entry>): Promise<void> {
  const base = dirname(file);
  const missing: string[] = [];
  for (const entry of entries.values())
    for (const line of entry.lines)
      if (line.type === 'FILE')
        for (const { path, size } of line.value as BackedUpFile[])
          if (!(await isFileOfSize(join(base, path), size))) missing.push(path);
  if (missing.length === 0) return;
  const folder = `${basename(filesFolderOf(file))}/`;
  throw new AppdeployError(
    'RESTORE.BACKUP',
    `The backup ${file} names ${missing.length} attachment${missing.length === 1 ? '' : 's'} not beside it whole (${missing[0]}${missing.length > 1 ? ', ...' : ''}): its folder ${folder} is missing or incomplete.`,
    {
      hint: `Give the backup with its folder ${folder} beside it, as apply wrote them (copy the folder with the .jsonl file).`,
    },
  );
}

/** A file at `path` of `size` bytes (the read's size, a string; one that is no number is not compared). */
async function isFileOfSize(path: string, size: unknown): Promise<boolean> {
  const found = await stat(path).catch(() => null);
  if (found === null || !found.isFile()) return false;
  const expected = typeof size === 'string' && size.trim() !== '' ? Number(size) : Number.NaN;
  return !Number.isSafeInteger(expected) || found.size === expected;
}

function parseLine(raw: string, file: string, lineNo: number): BackupLine {
  let line: Partial<BackupLine>;
  try {
    line = JSON.parse(raw) as Partial<BackupLine>;
  } catch {
    throw badBackup(file, lineNo, 'it is not JSON');
  }
  for (const key of ['app', 'id', 'revision', 'field', 'type'] as const)
    if (typeof line[key] !== 'string') throw badBackup(file, lineNo, `"${key}" is missing`);
  if ((line.table === undefined) !== (line.row === undefined))
    throw badBackup(file, lineNo, '"table" and "row" go together');
  if (
    line.type === 'FILE' &&
    (!Array.isArray(line.value) ||
      !line.value.every((f) => typeof (f as Partial<BackedUpFile> | null)?.path === 'string'))
  )
    throw badBackup(file, lineNo, 'its files have no "path"');
  return line as BackupLine;
}

function badBackup(file: string, line: number, why: string): AppdeployError {
  return new AppdeployError(
    'RESTORE.BACKUP',
    `The backup ${file} is not one appdeploy wrote (line ${line}: ${why}).`,
    {
      hint: 'Give the path of a backup apply wrote, unedited (.appdeploy/backups/<env>/<time>-<app>.jsonl).',
    },
  );
}

/** Every backed-up field must be in the app again, of its type, in its table. */
async function checkFields(client: Client, app: string, entries: Map<string, Entry>): Promise<void> {
  const { properties } = await client.form.getFields({ app, copy: 'live' });
  const wanted = new Map<string, BackupLine>();
  for (const entry of entries.values()) for (const line of entry.lines) wanted.set(line.field, line);
  for (const line of wanted.values()) {
    const holder =
      line.table === undefined
        ? properties
        : (properties[line.table] as { fields?: typeof properties } | undefined)?.fields;
    const field = holder?.[line.field];
    const place = line.table === undefined ? '' : ` in the table ${line.table}`;
    if (!field) {
      // Field codes are unique across an app, tables included: the code elsewhere is the field moved.
      const now = placeOf(properties, line.field);
      if (now !== null)
        throw new AppdeployError(
          'RESTORE.FIELD_MISSING',
          `App ${app} has no field ${line.field}${place || ' at the top level'} to restore into: ${line.field} is ${now} now.`,
          {
            hint: `The backup's values are of ${line.field}${place || ' at the top level'}; move it back there (a migration), apply, then restore, or copy the values you need from the backup.`,
          },
        );
      throw new AppdeployError(
        'RESTORE.FIELD_MISSING',
        `App ${app} has no field ${line.field}${place} to restore into.`,
        {
          hint: `Add the field ${line.field} (${line.type})${place} to the app's manifest again, apply, then restore.`,
        },
      );
    }
    if (field.type !== line.type)
      throw new AppdeployError(
        'RESTORE.FIELD_MISSING',
        `The field ${line.field}${place} of app ${app} is a ${field.type} now; the backup holds ${line.type} values.`,
        { hint: `Give the field ${line.field} its type ${line.type} again, apply, then restore.` },
      );
  }
}

/** Where a field code is in the app, in words: a column of a table, or at the top level; null if nowhere. */
function placeOf(
  properties: Record<string, { type: string; fields?: Record<string, unknown> }>,
  code: string,
): string | null {
  if (properties[code]) return 'at the top level';
  const table = Object.entries(properties).find(([, def]) => def.type === 'SUBTABLE' && def.fields?.[code]);
  return table ? `a column of the table ${table[0]}` : null;
}

/**
 * The progress a former run kept, or none. A file that does not parse (cut short by a crash in an
 * older version, or edited) counts as none: starting over is safe, since a record already holding
 * its backed-up value is found restored before its revision is compared.
 */
async function readProgress(file: string): Promise<SavedProgress | undefined> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  try {
    return JSON.parse(text) as SavedProgress;
  } catch {
    return undefined;
  }
}

/**
 * Whether a record holds every backed-up value already: a top-level field by its code; a table's
 * cells in their row, by its id, or, for a row no longer there, in a row of their own that the
 * restore added (restoreUpdate: a row deleted since comes back as a new row, under an id the
 * platform gives it; platform-facts-verified "Tables (subtables) in record writes": a row with no
 * `id` is a new row with a new id). Without the second, a table removed whole (its rows gone with
 * it) and restored counted every record as edited since on the next run, or after an interrupted
 * one. Found by test/reliability/restore-sweep.test.ts.
 */
function holdsBackedUp(
  record: AppRecord,
  lines: readonly BackupLine[],
  base: string,
  contentOf: ContentOf,
): boolean {
  const same = (held: unknown, line: BackupLine) => sameValue(held, backedUp(line, base), contentOf);
  const backedRows = new Map<string, Map<string, BackupLine[]>>();
  for (const line of lines) {
    if (line.table === undefined) {
      if (!same(record[line.field]?.value, line)) return false;
      continue;
    }
    const rows = backedRows.get(line.table) ?? new Map<string, BackupLine[]>();
    rows.set(line.row!, [...(rows.get(line.row!) ?? []), line]);
    backedRows.set(line.table, rows);
  }
  for (const [table, backed] of backedRows) {
    const rows = (record[table]?.value ?? []) as SubtableRow[];
    const holds = (row: SubtableRow, cells: readonly BackupLine[]) =>
      cells.every((cell) => same(row.value[cell.field]?.value, cell));
    // Rows kept by id first; a row no longer there may be any other row, each taken once.
    const free = rows.filter((row) => !backed.has(row.id));
    for (const [id, cells] of backed) {
      const kept = rows.find((row) => row.id === id);
      if (kept) {
        if (!holds(kept, cells)) return false;
        continue;
      }
      const at = free.findIndex((row) => holds(row, cells));
      if (at === -1) return false;
      free.splice(at, 1);
    }
  }
  return true;
}

/**
 * A line's value as it compares with what a record holds: an attachment by the path of its copy
 * beside the backup (where file-contents.ts finds the local file), any other value as it is.
 */
function backedUp(line: BackupLine, base: string): unknown {
  if (line.type !== 'FILE') return line.value;
  return (line.value as BackedUpFile[]).map((file) => ({ ...file, path: join(base, file.path) }));
}

/**
 * The attachments holdsBackedUp compares: each backed-up file value beside what the record holds
 * in its field (in a table, the field's cell of every row: a row no longer there may be any free
 * row). The pairs whose files are hashed before the records are asked about (file-contents.ts).
 */
function attachmentPairs(
  record: AppRecord,
  lines: readonly BackupLine[],
  base: string,
): [unknown, unknown][] {
  return lines
    .filter((line) => line.type === 'FILE')
    .flatMap((line): [unknown, unknown][] => {
      const value = backedUp(line, base);
      if (line.table === undefined) return [[value, record[line.field]?.value]];
      const rows = (record[line.table]?.value ?? []) as SubtableRow[];
      return rows.map((row) => [value, row.value[line.field]?.value]);
    });
}

/**
 * The update putting a record's values back: top-level fields by code; a table's rows all sent by
 * id (a row left out of a table write is deleted; the cells a kept row leaves out keep their
 * values: platform-facts-verified, "Tables (subtables) in record writes"), the backed-up cells in
 * their rows, and a row no longer there added again with its backed-up cells. Attachments by the
 * keys their uploads gave (Uploads.prepare, before the batch).
 */
function restoreUpdate(record: AppRecord, entry: Entry, uploads: Uploads): RecordForWrite {
  const update: Record<string, { value: unknown }> = {};
  const tables = new Map<string, Map<string, Record<string, { value: unknown }>>>();
  for (const line of entry.lines) {
    const value = line.type === 'FILE' ? uploads.keysOf(line) : writeValue(line.value);
    if (line.table === undefined) {
      update[line.field] = { value };
      continue;
    }
    const rows = tables.get(line.table) ?? new Map<string, Record<string, { value: unknown }>>();
    rows.set(line.row!, { ...rows.get(line.row!), [line.field]: { value } });
    tables.set(line.table, rows);
  }
  for (const [table, cells] of tables) {
    const current = (record[table]?.value ?? []) as SubtableRow[];
    const kept = current.map((row) => ({ id: row.id, value: cells.get(row.id) ?? {} }));
    const added = [...cells]
      .filter(([id]) => !current.some((row) => row.id === id))
      .map(([, value]) => ({ value }));
    update[table] = { value: [...kept, ...added] };
  }
  return update as RecordForWrite;
}

/**
 * The attachments of the records a batch writes, uploaded again from the backup's folder (POST
 * file.json: a key a read gives is a download key, which a write does not take; spec "Upload
 * File"), at most the client's concurrency at once, before the batch's bulk request. One record
 * after another, each upload waited for, a restore of 1,000 records with a file each took 1,000
 * round trips before its first write. A key is attached once: each write takes fresh ones (a
 * record read again after a refusal is prepared again).
 */
class Uploads {
  readonly #keys = new Map<BackupLine, { fileKey: string }[]>();

  constructor(
    private readonly client: Client,
    private readonly base: string,
    private readonly signal: AbortSignal | undefined,
  ) {}

  async prepare(entries: readonly Entry[]): Promise<void> {
    const files = entries.flatMap((entry) =>
      entry.lines
        .filter((line) => line.type === 'FILE')
        .flatMap((line) => (line.value as BackedUpFile[]).map((file, i) => ({ line, file, i }))),
    );
    const keys = new Map<BackupLine, { fileKey: string }[]>();
    await inParallel(
      files.length,
      this.client.concurrency,
      async (n) => {
        const { line, file, i } = files[n]!;
        const { fileKey } = await this.client.files.upload(join(this.base, file.path), {
          name: file.name,
          contentType: file.contentType,
          signal: this.signal,
        });
        const list = keys.get(line) ?? [];
        list[i] = { fileKey };
        keys.set(line, list);
      },
      this.signal,
    );
    for (const [line, list] of keys) this.#keys.set(line, list);
  }

  /** The keys uploaded for a line's files, taken once. */
  keysOf(line: BackupLine): { fileKey: string }[] {
    const keys = this.#keys.get(line);
    // prepare uploads for exactly the records update writes (the same test): written without
    // its keys, the record would lose its files.
    if (keys === undefined) throw new Error(`Bug: no upload prepared for record ${line.id}'s ${line.field}`);
    this.#keys.delete(line);
    return keys;
  }
}
