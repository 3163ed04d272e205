/**
 * Nothing destroyed without a copy: before an apply that removes fields holding values (allowed
 * with --allow-data-loss), every value of those fields is written to a backup in the project
 * (records/ backupFieldValues: `.appdeploy/backups/<env>/`), named in the apply's result.
 */
import { join, relative } from 'node:path';
import type { Json } from '../areas/types.js';
import type { AppPlan } from '../plan/index.js';
import { RECORDS } from './migrate-records.js';
import type { ApplyOptions, BackupNote } from './types.js';

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

export async function backupRemoved(options: ApplyOptions): Promise<BackupNote[]> {
  if (options.shadow === true || options.allowDataLoss !== true) return [];
  const records = options.records ?? RECORDS;
  const dir = backupDir(options);
  const notes: BackupNote[] = [];
  for (const app of options.plan.apps) {
    if (app.id === null) continue;
    const fields = removedFields(app);
    if (fields.length === 0) continue;
    const written = await records.backup(options.client, {
      app: app.id,
      appKey: app.key,
      fields: fields.flatMap(cellsOf),
      dir,
    });
    notes.push(backupNote(options, app.key, fields, written));
  }
  return notes;
}

export function backupDir(options: Pick<ApplyOptions, 'project'>): string {
  return join(
    options.project.root,
    '.appdeploy',
    'backups',
    encodeURIComponent(options.project.environment.name),
  );
}

export function backupNote(
  options: Pick<ApplyOptions, 'project'>,
  app: string,
  fields: readonly Place[],
  written: { file: string; records: number; values: number; files: number },
): BackupNote {
  return {
    app,
    fields: fields.map((f) => f.code),
    file: relative(options.project.root, written.file).split('\\').join('/'),
    records: written.records,
    values: written.values,
    files: written.files,
  };
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
