/**
 * Interim, replaced by branch engine at merge: every value of some fields written to a backup
 * before a deploy deletes them (a migration's old field, a field removed with --allow-data-loss):
 * JSON Lines, one line per record and field holding a value (app, record id, revision, field
 * code, table, type, value), attachments downloaded beside it. Read through a cursor, the fields
 * backed up and `$id`, `$revision` only.
 */
import { mkdir, writeFile, appendFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Client } from '../client/index.js';
import { heldValues, text } from './values.js';
import type { BackupResult, BackupSpec } from './types.js';

export async function backupFieldValues(client: Client, spec: BackupSpec): Promise<BackupResult> {
  await mkdir(spec.dir, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const file = join(spec.dir, `${spec.appKey}-${stamp}.jsonl`);
  await writeFile(file, '');
  const result: BackupResult = { file, records: 0, values: 0, files: 0 };
  const fields = [...new Set(['$id', '$revision', ...spec.fields.map((f) => f.table ?? f.code)])];
  let lines: string[] = [];
  for await (const record of client.records.iterate(spec.app, { fields })) {
    const id = text(record.$id?.value);
    const revision = text(record.$revision?.value);
    let any = false;
    for (const field of spec.fields)
      for (const value of heldValues(record, field)) {
        any = true;
        result.values++;
        lines.push(
          JSON.stringify({
            app: spec.app,
            record: id,
            revision,
            field: field.code,
            table: field.table,
            type: field.type,
            value,
          }),
        );
        if (field.type === 'FILE') result.files += await downloadFiles(client, spec.dir, stamp, value);
      }
    if (any) result.records++;
    if (lines.length >= 500) {
      await appendFile(file, `${lines.join('\n')}\n`);
      lines = [];
    }
  }
  if (lines.length > 0) await appendFile(file, `${lines.join('\n')}\n`);
  return result;
}

/** A FILE value's attachments, each saved as `<stamp>-files/<fileKey>-<name>`. */
async function downloadFiles(client: Client, dir: string, stamp: string, value: unknown): Promise<number> {
  if (!Array.isArray(value)) return 0;
  const folder = join(dir, `${stamp}-files`);
  await mkdir(folder, { recursive: true });
  let saved = 0;
  for (const entry of value as { fileKey?: string; name?: string }[]) {
    if (!entry.fileKey) continue;
    const { data } = await client.files.download({ fileKey: entry.fileKey });
    await writeFile(join(folder, `${entry.fileKey}-${(entry.name ?? 'file').replace(/[\\/]/g, '_')}`), data);
    saved++;
  }
  return saved;
}
