/**
 * A table removed with --allow-data-loss (docs/migrations.md, "Backups and restore"): its values
 * are backed up before the deploy, file attachments downloaded as for any FILE field, and once
 * the table is added again `restore` puts every cell back, the files uploaded again. Each line is
 * one value of one record, with the table and row of a cell (the backup's shape).
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { restoreFieldValues } from '../../src/records/index.js';
import { useApplyHarness } from './harness.js';

const h = useApplyHarness();

const withParts = {
  name: 'Tickets',
  fields: {
    title: { type: 'SINGLE_LINE_TEXT', label: 'Title' },
    parts: {
      type: 'SUBTABLE',
      label: 'Parts',
      fields: {
        note: { type: 'SINGLE_LINE_TEXT', label: 'Note' },
        scan: { type: 'FILE', label: 'Scan' },
      },
    },
  },
};
const withoutParts = { name: 'Tickets', fields: { title: withParts.fields.title } };

describe('a table removed with --allow-data-loss', () => {
  it('is backed up cell by cell, its files downloaded, and restored once added again', async () => {
    const project = await h.writeProject({ apps: { tickets: withParts } });
    const first = await h.apply(project, await h.plan(project));
    expect(first.exitCode, first.message).toBe(0);
    const loaded = await h.load(project.root);
    const id = loaded.apps[0]!.id!;
    const { fileKey } = await h.client.files.upload(Buffer.from('the scanned page'), { name: 'scan.txt' });
    await h.client.records.addAll(id, [
      {
        title: { value: 'one' },
        parts: { value: [{ value: { note: { value: 'first' }, scan: { value: [{ fileKey }] } } }] },
      },
    ]);

    const removed = await h.rewriteManifests(loaded, { tickets: withoutParts });
    const applied = await h.apply(removed, await h.plan(removed), { allowDataLoss: true });
    expect(applied, applied.message).toMatchObject({ outcome: 'applied' });
    expect(applied.backups).toMatchObject([{ app: 'tickets', fields: ['parts'], records: 1, files: 1 }]);
    const backupFile = join(removed.root, applied.backups![0]!.file);
    const lines = (await readFile(backupFile, 'utf8'))
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines.map((l) => [l.field, l.table, l.type])).toEqual([
      ['note', 'parts', 'SINGLE_LINE_TEXT'],
      ['scan', 'parts', 'FILE'],
    ]);

    const again = await h.rewriteManifests(removed, { tickets: withParts });
    const readded = await h.apply(again, await h.plan(again));
    expect(readded, readded.message).toMatchObject({ outcome: 'applied' });
    const restored = await restoreFieldValues(h.client, { backupFile });
    expect(restored).toMatchObject({ restored: 1 });
    const { record } = await h.client.records.getRecord({ app: id, id: '1' });
    const [row] = record.parts!.value as { value: Record<string, { value: unknown }> }[];
    expect(row!.value.note!.value).toBe('first');
    const [scan] = row!.value.scan!.value as { fileKey: string; name: string }[];
    expect(scan!.name).toBe('scan.txt');
    const { data } = await h.client.files.download({ fileKey: scan!.fileKey });
    expect(Buffer.from(data).toString()).toBe('the scanned page');
  });
});

describe("restoring a migration's backup", () => {
  it('says where the field is now when a migration moved it, instead of "add it again"', async () => {
    const top = {
      name: 'Tickets',
      fields: { title: withParts.fields.title, note: withParts.fields.parts.fields.note },
    };
    const project = await h.writeProject({ apps: { tickets: top } });
    const first = await h.apply(project, await h.plan(project));
    expect(first.exitCode, first.message).toBe(0);
    const loaded = await h.load(project.root);
    const id = loaded.apps[0]!.id!;
    await h.client.records.addAll(id, [{ note: { value: 'kept' } }]);
    const moved = await h.rewriteManifests(loaded, {
      tickets: {
        name: 'Tickets',
        fields: {
          title: top.fields.title,
          parts: { ...withParts.fields.parts, fields: { note: top.fields.note } },
        },
      },
    });
    const applied = await h.apply(moved, await h.plan(moved));
    expect(applied, applied.message).toMatchObject({ outcome: 'applied' });
    await expect(
      restoreFieldValues(h.client, { backupFile: join(moved.root, applied.backups![0]!.file) }),
    ).rejects.toMatchObject({
      code: 'RESTORE.FIELD_MISSING',
      message: `App ${id} has no field note at the top level to restore into: note is a column of the table parts now.`,
    });
  });
});
