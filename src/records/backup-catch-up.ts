/**
 * A backup brought up to date just before the deploy that destroys its values (issue 36, "Nothing
 * destroyed without a copy"): apply reads the backup before it writes anything, and then writes
 * drafts, installs plug-ins, discards, deploys earlier steps; a record edited or added meanwhile
 * would lose its value without it being in the backup. So, just before that deploy, the records
 * changed since the backup began are read again, as a migration's sweep reads the records updated
 * since its copy began (copy-field.ts, service-time.ts): those updated at or after the service's
 * time before the backup's read (`Updated_datetime >= at`), and those added since (`$id >` the
 * highest id it covered: a record added by an app's administrator may carry an older update time,
 * kintone.dev "Add Records", Limitations). A first look by id and revision picks the ones whose
 * revision moved (or that are new); their lines replace the ones they had, so the backup holds
 * each record once, at its latest revision (the one restore checks), as a backup read at that
 * moment would: a value emptied meanwhile has no line any more.
 *
 * Complete or absent as the backup is: the new attachments are downloaded beside the old ones
 * under names of their own (tagged with the record's revision), then the lines are written whole
 * over the old ones; a kill between leaves the backup as it was, whole. Attachments no line names
 * any more are removed afterwards.
 */
import { readFile, readdir, rm } from 'node:fs/promises';
import { basename, join } from 'node:path';
import type { AppRecord, Client } from '../client/index.js';
import {
  countsOf,
  filesFolderOf,
  holdersOf,
  linesOf,
  writeLines,
  type BackedUpFile,
  type BackupLine,
  type BackupRequest,
  type BackupResult,
} from './backup.js';
import { sweepRecords } from './sweep.js';
import { idOf, revisionOf } from './values.js';

export async function catchUpBackup(
  client: Client,
  request: Pick<BackupRequest, 'app' | 'fields'>,
  backup: BackupResult,
  options: { signal?: AbortSignal | undefined } = {},
): Promise<BackupResult> {
  const { since } = backup;
  const folder = filesFolderOf(backup.file);
  const changed: AppRecord[] = [];
  await sweepRecords(
    client,
    {
      app: request.app,
      fields: holdersOf(request.fields),
      condition:
        since.at === null || since.updatedCode === null
          ? undefined
          : `${since.updatedCode} >= "${since.at}" or $id > ${since.lastId}`,
      probe: (record) => since.revisions.get(idOf(record)) !== revisionOf(record),
      update: (record) => {
        changed.push(record);
        return undefined;
      },
    },
    { signal: options.signal },
  );
  if (changed.length === 0) return backup;
  const old = await readLines(backup.file);
  const again = new Set(changed.map(idOf));
  const lines = old.filter((l) => !again.has(l.id));
  const into = { folder, name: basename(folder) };
  for (const record of changed)
    lines.push(
      ...(await linesOf(client, request, record, { ...into, tag: `r${revisionOf(record)}` }, options)),
    );
  await writeLines(backup.file, lines);
  await removeUnnamed(folder, lines);
  const revisions = new Map(since.revisions);
  for (const record of changed) revisions.set(idOf(record), revisionOf(record));
  return { file: backup.file, ...countsOf(lines), since: { ...since, revisions } };
}

/** The lines (1-based) of a backup holding each record's values, by record id. */
export async function backupLineNumbers(file: string): Promise<Map<string, number[]>> {
  const byId = new Map<string, number[]>();
  (await readLines(file)).forEach((line, i) => byId.set(line.id, [...(byId.get(line.id) ?? []), i + 1]));
  return byId;
}

/**
 * The backup's lines of these records given their revision now, where apply itself wrote them
 * after the backup read them (a migration's window writes the new field only: the old field's
 * values are as backed up), so that `restore` does not take apply's own write for someone's edit.
 * Written whole over the old lines, as every change of a backup is.
 */
export async function rebaseBackup(file: string, revisions: ReadonlyMap<string, string>): Promise<void> {
  if (revisions.size === 0) return;
  const lines = (await readLines(file)).map((l) => {
    const revision = revisions.get(l.id);
    return revision === undefined ? l : { ...l, revision };
  });
  await writeLines(file, lines);
}

async function readLines(file: string): Promise<BackupLine[]> {
  const text = await readFile(file, 'utf8');
  return text
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as BackupLine);
}

/** The attachments of lines replaced: no line names them now. */
async function removeUnnamed(folder: string, lines: readonly BackupLine[]): Promise<void> {
  const named = new Set(
    lines.flatMap((l) => (l.type === 'FILE' ? (l.value as BackedUpFile[]).map((f) => basename(f.path)) : [])),
  );
  const present = await readdir(folder).catch(() => [] as string[]);
  for (const name of present) if (!named.has(name)) await rm(join(folder, name), { force: true });
  if (named.size === 0) await rm(folder, { recursive: true, force: true });
}
