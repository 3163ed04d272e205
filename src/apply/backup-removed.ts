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

type Place = { code: string; table: string | null; type: string };

export async function backupRemoved(options: ApplyOptions): Promise<BackupNote[]> {
  if (options.shadow === true || options.allowDataLoss !== true) return [];
  const records = options.records ?? RECORDS;
  const dir = backupDir(options);
  const notes: BackupNote[] = [];
  for (const app of options.plan.apps) {
    if (app.id === null) continue;
    const fields = removedFields(app);
    if (fields.length === 0) continue;
    const written = await records.backup(options.client, { app: app.id, appKey: app.key, fields, dir });
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
    if (name === code) return { code, table: null, type: typeof def.type === 'string' ? def.type : '' };
    const columns = def.fields;
    if (columns && typeof columns === 'object' && !Array.isArray(columns) && code in columns) {
      const column = columns[code] as { type?: Json };
      return { code, table: name, type: typeof column.type === 'string' ? column.type : '' };
    }
  }
  return null;
}
