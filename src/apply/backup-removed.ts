/**
 * Nothing destroyed without a copy: before an apply that removes fields holding values (allowed
 * with --allow-data-loss), every value of those fields is written to a backup in the project
 * (records/ backupFieldValues: `.appdeploy/backups/<env>/`), named in the apply's result.
 *
 * The backup is read before apply writes anything (a failed read stops it with nothing written),
 * and brought up to date just before the deploy that destroys the values (catchUpBackups, run by
 * run-steps.ts between the step's writes and its deploy calls: records/ catchUpBackup), so that an
 * edit made meanwhile (while apply installs plug-ins, discards, writes drafts) is in it too. A
 * migration's backup of its old fields (migrate.ts) is brought up to date the same way, before the
 * swap's deploy.
 */
import { join, relative } from 'node:path';
import type { Json } from '../areas/types.js';
import type { AppPlan } from '../plan/index.js';
import type { BackupField, BackupResult } from '../records/index.js';
import { errorText } from './error-text.js';
import { RECORDS } from './migrate-records.js';
import type { BeforeDeploy } from './run-steps.js';
import type { AppRefusal, ApplyEvent, ApplyOptions, BackupNote } from './types.js';

/** A backup apply took, and what bringing it up to date needs. */
export interface TakenBackup {
  readonly app: { key: string; id: string };
  /** The fields it was taken for, as the result names them (a removed table by its code). */
  readonly fields: readonly string[];
  /** What it holds: each field, or each column of a removed table. */
  readonly cells: readonly BackupField[];
  written: BackupResult;
  /** Brought up to date already: once, before the first deploy call of the app. */
  caughtUp: boolean;
  /** Run once it is brought up to date, before the deploy: a migration's window (migrate-window.ts). */
  afterCatchUp?: (
    backup: TakenBackup,
    signal: AbortSignal | undefined,
    emit: ((event: ApplyEvent) => void) | undefined,
  ) => Promise<void>;
}

type Place = { code: string; table: string | null; type: string; columns?: Place[] };

/** Types a record holds no value of its own in: a table's formula column is computed. */
const COMPUTED = new Set(['CALC']);

/**
 * What is backed up of a removed field: the field itself, or a removed table's columns, each cell
 * a line with its table and row (docs/migrations.md, "Backups and restore"), so that a FILE column's
 * attachments are downloaded as any FILE field's are, and restore puts each cell back into its row.
 */
function cellsOf(place: Place): Place[] {
  return place.columns ?? [place];
}

/**
 * The backups of the fields the plan removes, taken before anything is written; `failed`: one that
 * could not be taken (the apply is refused: nothing is removed without a copy).
 */
export async function backupRemoved(
  options: ApplyOptions,
): Promise<{ taken: TakenBackup[]; failed?: AppRefusal }> {
  if (options.shadow === true || options.allowDataLoss !== true) return { taken: [] };
  const taken: TakenBackup[] = [];
  for (const app of options.plan.apps) {
    if (app.id === null) continue;
    const fields = removedFields(app);
    if (fields.length === 0) continue;
    try {
      taken.push(
        await takeBackup(
          options,
          { key: app.key, id: app.id },
          fields.map((f) => f.code),
          fields.flatMap(cellsOf),
        ),
      );
    } catch (error) {
      // Ctrl-C while a backup read (a download of a gigabyte, say): it stopped, leaving nothing,
      // and so does the apply, before its first write (stages-before.ts, refuse: interrupted).
      if (options.signal?.aborted === true) return { taken };
      // A file system error (a full disk) threw out of apply as a bug; found by
      // test/reliability/record-save-sweep.test.ts. The backup left nothing (records/ backup.ts).
      const message = `the backup of the values this apply removes (${fields.map((f) => f.code).join(', ')}) could not be taken, so nothing was removed: ${errorText(error)}`;
      return { taken, failed: { kind: 'backup-failed', app: app.key, message } };
    }
  }
  return { taken };
}

/** One app's backup of these fields (or cells), read now. */
export async function takeBackup(
  options: ApplyOptions,
  app: TakenBackup['app'],
  fields: readonly string[],
  cells: readonly BackupField[],
): Promise<TakenBackup> {
  const records = options.records ?? RECORDS;
  const written = await records.backup(
    options.client,
    { app: app.id, appKey: app.key, fields: cells, dir: backupDir(options) },
    { signal: options.signal },
  );
  return { app, fields, cells, written, caughtUp: false };
}

/**
 * What runs just before a deploy step (run-steps.ts): the backups of its apps, not brought up to
 * date yet, brought up to date. The step that first deploys an app is the one that removes its
 * fields (plan/steps.ts: step 1 holds every change but the references held back).
 */
export function catchUpBackups(
  options: ApplyOptions,
  taken: readonly TakenBackup[],
): BeforeDeploy | undefined {
  if (taken.length === 0) return undefined;
  const records = options.records ?? RECORDS;
  return async (apps, signal, emit) => {
    for (const backup of taken) {
      if (backup.caughtUp || !apps.includes(backup.app.key)) continue;
      const spec = {
        app: backup.app.id,
        appKey: backup.app.key,
        fields: backup.cells,
        dir: backupDir(options),
      };
      try {
        backup.written = await records.catchUp(options.client, spec, backup.written, { signal });
      } catch (error) {
        throw new Error(
          `reading again the records of ${backup.app.key} changed since its backup ${noteOf(options, backup).file} was read failed: ${errorText(error)}`,
          { cause: error },
        );
      }
      backup.caughtUp = true;
      await backup.afterCatchUp?.(backup, signal, emit);
    }
  };
}

/** The backups as the result names them, with what each holds now. */
export function backupNotes(
  options: Pick<ApplyOptions, 'project'>,
  taken: readonly TakenBackup[],
): BackupNote[] {
  return taken.map((backup) => noteOf(options, backup));
}

function noteOf(options: Pick<ApplyOptions, 'project'>, { app, fields, written }: TakenBackup): BackupNote {
  return {
    app: app.key,
    fields: [...fields],
    file: relative(options.project.root, written.file).split('\\').join('/'),
    records: written.records,
    values: written.values,
    files: written.files,
  };
}

export function backupDir(options: Pick<ApplyOptions, 'project'>): string {
  return join(
    options.project.root,
    '.appdeploy',
    'backups',
    encodeURIComponent(options.project.environment.name),
  );
}

/** The fields (not options) the plan's data-loss risks remove, where the live fields hold them. */
function removedFields(app: AppPlan): Place[] {
  const before = app.areas.find((a) => a.key === 'fields')?.before;
  return app.risks.flatMap((risk) => {
    if (risk.kind !== 'data-loss' || risk.option !== undefined || risk.notConverted === true) return [];
    const place = findField(before ?? null, risk.field);
    return place ? [place] : [];
  });
}

function findField(fields: Json, code: string): Place | null {
  if (!fields || typeof fields !== 'object' || Array.isArray(fields)) return null;
  for (const [name, def] of Object.entries(fields)) {
    if (!def || typeof def !== 'object' || Array.isArray(def)) continue;
    if (name === code) return { code, table: null, type: typeOf(def), ...columnsOf(name, def) };
    const columns = def.fields;
    if (columns && typeof columns === 'object' && !Array.isArray(columns) && code in columns) {
      return { code, table: name, type: typeOf(columns[code]!) };
    }
  }
  return null;
}

function typeOf(def: Json): string {
  const type = def && typeof def === 'object' && !Array.isArray(def) ? def.type : undefined;
  return typeof type === 'string' ? type : '';
}

/** A table's columns that hold values, as places of their own. */
function columnsOf(table: string, def: { [key: string]: Json }): { columns?: Place[] } {
  const columns = def.fields;
  if (def.type !== 'SUBTABLE' || !columns || typeof columns !== 'object' || Array.isArray(columns)) return {};
  return {
    columns: Object.entries(columns)
      .map(([code, column]) => ({ code, table, type: typeOf(column) }))
      .filter((c) => !COMPUTED.has(c.type)),
  };
}
