/**
 * Nothing destroyed without a copy, up to the deploy that destroys it (issue 36; docs/migrations.md,
 * "The window"): a record another client edits, empties or adds after apply read the backup and
 * before the deploy that removes the field is in the backup as it is when that deploy is asked
 * for, each record once, with the revision restore checks. The other client acts while apply
 * writes the draft that removes the field (its Update Form Fields deletion, held until the edits
 * are in): after the backup's first read, before the deploy call. The removal allowed with
 * --allow-data-loss and the old field of a migration alike; then the field added again and the
 * backup restored, every record back with its latest value.
 */
import { readdir, readFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RECORDS } from '../../src/apply/migrate-records.js';
import type { MigrationRecords } from '../../src/apply/index.js';
import type { Client } from '../../src/client/index.js';
import { restoreFieldValues } from '../../src/records/index.js';
import { useApplyHarness } from './harness.js';

const h = useApplyHarness();

const SUBJECT = { type: 'SINGLE_LINE_TEXT', label: 'Subject' };
const NOTES = { type: 'SINGLE_LINE_TEXT', label: 'Notes' };
const withNotes = { name: 'Tickets', fields: { subject: SUBJECT, notes: NOTES } };
const withoutNotes = { name: 'Tickets', fields: { subject: SUBJECT } };
const notesMulti = {
  name: 'Tickets',
  fields: { subject: SUBJECT, notes: { ...NOTES, type: 'MULTI_LINE_TEXT' } },
};

/** The apply's client, whose field deletions in a draft first let `meanwhile` run (once). */
function deletingAfter(client: Client, meanwhile: () => Promise<void>): Client {
  let ran = false;
  const form = new Proxy(client.form, {
    get(target, key) {
      const value = Reflect.get(target, key, target) as unknown;
      if (typeof value !== 'function') return value;
      // The client's classes keep their state in private fields: each method called on itself.
      if (key !== 'deleteFields') return (value as (...a: unknown[]) => unknown).bind(target);
      return async (...args: unknown[]) => {
        if (!ran) {
          ran = true;
          await meanwhile();
        }
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  return new Proxy(client, {
    get: (target, key) => (key === 'form' ? form : (Reflect.get(target, key, target) as unknown)),
  });
}

type Line = { id: string; revision: string; field: string; value: unknown };

async function linesOf(root: string, file: string): Promise<Line[]> {
  return (await readFile(join(root, file), 'utf8'))
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Line);
}

const CASES = [
  { name: 'a field removed with --allow-data-loss', next: withoutNotes, again: withNotes },
  { name: "a migration's old field", next: notesMulti, again: null },
] as const;

describe('the backup holds the values as they are when the removing deploy is asked for', () => {
  it.each(CASES)('$name', async ({ next, again }) => {
    const project = await h.writeProject({ apps: { tickets: withNotes } });
    expect((await h.apply(project, await h.plan(project))).exitCode).toBe(0);
    const loaded = await h.load(project.root);
    const app = loaded.apps[0]!.id!;
    await h.client.records.addAll(app, [
      { subject: { value: 'one' }, notes: { value: 'first' } },
      { subject: { value: 'two' }, notes: { value: 'second' } },
      { subject: { value: 'three' }, notes: { value: 'third' } },
    ]);

    const v2 = await h.rewriteManifests(loaded, { tickets: next });
    const plan = await h.plan(v2);
    // Another client, once the backup is read and while apply writes the draft that removes notes.
    const client = deletingAfter(h.client, async () => {
      await h.client.records.updateRecord({
        app,
        id: '1',
        record: { notes: { value: 'edited after the backup' } },
      });
      await h.client.records.updateRecord({ app, id: '2', record: { notes: { value: '' } } });
      await h.client.records.addAll(app, [
        { subject: { value: 'four' }, notes: { value: 'added after the backup' } },
      ]);
    });
    const applied = await h.apply(v2, plan, { client, allowDataLoss: true });
    expect(applied, applied.message).toMatchObject({ outcome: 'applied' });
    await h.expectConverged(v2);

    expect(applied.backups).toHaveLength(1);
    const backup = applied.backups![0]!;
    expect(backup).toMatchObject({ app: 'tickets', fields: ['notes'], records: 3, values: 3, files: 0 });
    const revisions = new Map<string, string>();
    for await (const r of h.client.records.iterate(app, { fields: ['$id', '$revision'] }))
      revisions.set(r.$id!.value as string, r.$revision!.value as string);
    // Each record once, with its value and revision when the deploy was asked for; record 2, emptied, holds none.
    expect((await linesOf(v2.root, backup.file)).map((l) => [l.id, l.field, l.value, l.revision])).toEqual([
      ['1', 'notes', 'edited after the backup', revisions.get('1')],
      ['3', 'notes', 'third', revisions.get('3')],
      ['4', 'notes', 'added after the backup', revisions.get('4')],
    ]);
    expect(applied.message).toContain(`(3 values of 3 records) are backed up in ${backup.file}`);

    if (again === null) return;
    // The field added again: restore writes every record back, none "edited since".
    const readded = await h.rewriteManifests(v2, { tickets: again });
    expect((await h.apply(readded, await h.plan(readded))).outcome).toBe('applied');
    const restored = await restoreFieldValues(h.client, { backupFile: join(v2.root, backup.file) });
    expect(restored).toMatchObject({ records: 3, restored: 3, editedSince: [], deletedSince: [] });
    const notes: Record<string, unknown> = {};
    for await (const r of h.client.records.iterate(app, { fields: ['$id', 'notes'] }))
      notes[r.$id!.value as string] = r.notes?.value ?? '';
    expect(notes).toEqual({
      '1': 'edited after the backup',
      '2': '',
      '3': 'third',
      '4': 'added after the backup',
    });
  });
});

describe("an attachment replaced after the backup's read", () => {
  it('is in the backup, downloaded; the one it replaced is not', async () => {
    const SCAN = { type: 'FILE', label: 'Scan' };
    const withScan = { name: 'Tickets', fields: { subject: SUBJECT, scan: SCAN } };
    const project = await h.writeProject({ apps: { tickets: withScan } });
    expect((await h.apply(project, await h.plan(project))).exitCode).toBe(0);
    const loaded = await h.load(project.root);
    const app = loaded.apps[0]!.id!;
    const upload = async (text: string, name: string) => ({
      fileKey: (await h.client.files.upload(Buffer.from(text), { name })).fileKey,
    });
    await h.client.records.addAll(app, [
      { subject: { value: 'one' }, scan: { value: [await upload('the first page', 'page.txt')] } },
      { subject: { value: 'two' }, scan: { value: [await upload('kept as it was', 'kept.txt')] } },
    ]);

    const v2 = await h.rewriteManifests(loaded, {
      tickets: { name: 'Tickets', fields: { subject: SUBJECT } },
    });
    const plan = await h.plan(v2);
    const client = deletingAfter(h.client, async () => {
      const scan = { value: [await upload('the second page', 'page-2.txt')] };
      await h.client.records.updateRecord({ app, id: '1', record: { scan } });
    });
    const applied = await h.apply(v2, plan, { client, allowDataLoss: true });
    expect(applied, applied.message).toMatchObject({ outcome: 'applied' });
    const backup = applied.backups![0]!;
    expect(backup).toMatchObject({ records: 2, values: 2, files: 2 });
    const lines = (await linesOf(v2.root, backup.file)) as (Line & {
      value: { name: string; path: string }[];
    })[];
    const files = await Promise.all(
      lines.map(async (l) => [
        l.id,
        l.value[0]!.name,
        await readFile(join(v2.root, dirname(backup.file), l.value[0]!.path), 'utf8'),
      ]),
    );
    expect(files).toEqual([
      ['1', 'page-2.txt', 'the second page'],
      ['2', 'kept.txt', 'kept as it was'],
    ]);
    // The folder holds the files the lines name, and nothing else.
    const folder = join(v2.root, backup.file.replace(/\.jsonl$/, ''));
    expect((await readdir(folder)).sort()).toEqual(lines.map((l) => basename(l.value[0]!.path)).sort());
  });
});

describe('bringing the backup up to date, stopped', () => {
  const CAUSES = [
    { name: 'by a failed read', interrupt: false, outcome: 'rolled-back', exitCode: 1 },
    { name: 'by an interrupt', interrupt: true, outcome: 'interrupted', exitCode: 130 },
  ] as const;
  it.each(CAUSES)(
    '$name: the drafts reverted, nothing deployed, the backup named as it is; the next apply removes',
    async (c) => {
      const project = await h.writeProject({ apps: { tickets: withNotes } });
      expect((await h.apply(project, await h.plan(project))).exitCode).toBe(0);
      const loaded = await h.load(project.root);
      const app = loaded.apps[0]!.id!;
      await h.client.records.addAll(app, [{ notes: { value: 'first' } }, { notes: { value: 'second' } }]);
      const v2 = await h.rewriteManifests(loaded, { tickets: withoutNotes });
      const before = await h.snapshot([app]);
      const deploys = (await h.serviceCalls())['POST /k/v1/preview/app/deploy.json'];
      const stop = new AbortController();
      const records: MigrationRecords = {
        ...RECORDS,
        catchUp: () => {
          if (c.interrupt) stop.abort();
          return Promise.reject(new Error('the service answered 500'));
        },
      };
      const stopped = await h.apply(v2, await h.plan(v2), {
        allowDataLoss: true,
        records,
        signal: stop.signal,
      });
      expect(stopped, stopped.message).toMatchObject({ outcome: c.outcome, exitCode: c.exitCode });
      if (!c.interrupt)
        expect(stopped.message).toContain(
          `reading again the records of tickets changed since its backup ${stopped.backups![0]!.file} was read failed: the service answered 500`,
        );
      // Only the rollback's revert was deployed: the field and its values are live.
      expect((await h.serviceCalls())['POST /k/v1/preview/app/deploy.json']).toBe(deploys! + 1);
      expect(await h.snapshot([app])).toEqual(before);
      // The backup it took is named, with what its file holds.
      expect(stopped.backups).toMatchObject([{ app: 'tickets', fields: ['notes'], records: 2, values: 2 }]);
      expect((await linesOf(v2.root, stopped.backups![0]!.file)).map((l) => l.value)).toEqual([
        'first',
        'second',
      ]);

      const again = await h.apply(v2, await h.plan(v2), { allowDataLoss: true });
      expect(again, again.message).toMatchObject({
        outcome: 'applied',
        backups: [{ records: 2, values: 2 }],
      });
      await h.expectConverged(v2);
    },
  );
});
