/**
 * The window of a migration (docs/migrations.md, "The window"): a record edited in the old field
 * after the copy's last sweep and before the swap is in the backup, brought up to date just before
 * the swap's deploy, and after the swap apply writes it into the new field too, converted, at the
 * revision the backup read it at: an edit made after the swap is never overwritten, but named
 * with the backup's lines that hold the value from before. Another client edits, empties and adds
 * records while apply writes the swap's draft (its deletion of the old field: after the copy and
 * the backup's first read, before the deploy), and edits one again once the swap is live.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Client } from '../../src/client/index.js';
import { useApplyHarness } from './harness.js';

const h = useApplyHarness();

const SUBJECT = { type: 'SINGLE_LINE_TEXT', label: 'Subject' };
const NOTES = { type: 'SINGLE_LINE_TEXT', label: 'Notes' };
const withNotes = { name: 'Tickets', fields: { subject: SUBJECT, notes: NOTES } };
const notesMulti = {
  name: 'Tickets',
  fields: { subject: SUBJECT, notes: { ...NOTES, type: 'MULTI_LINE_TEXT' } },
};

/**
 * The apply's client: its first deletion of fields in a draft (the swap's) first lets `beforeSwap`
 * run; the first deploy status after it that says every app is done lets `afterSwap` run.
 */
function swapHooks(client: Client, beforeSwap: () => Promise<void>, afterSwap?: () => Promise<void>): Client {
  let deleted = false;
  let after = false;
  const hook = <T extends object>(
    target: T,
    name: string,
    around: (call: () => Promise<unknown>) => Promise<unknown>,
  ) =>
    new Proxy(target, {
      get(t, key) {
        const value = Reflect.get(t, key, t) as unknown;
        if (typeof value !== 'function') return value;
        const bound = (value as (...a: unknown[]) => unknown).bind(t);
        return key === name ? (...args: unknown[]) => around(() => Promise.resolve(bound(...args))) : bound;
      },
    });
  const form = hook(client.form, 'deleteFields', async (call) => {
    if (!deleted) {
      deleted = true;
      await beforeSwap();
    }
    return call();
  });
  const apps = hook(client.apps, 'getDeployStatus', async (call) => {
    const answer = (await call()) as { apps: { status: string }[] };
    if (deleted && !after && afterSwap && answer.apps.every((a) => a.status === 'SUCCESS')) {
      after = true;
      await afterSwap();
    }
    return answer;
  });
  return new Proxy(client, {
    get: (target, key) =>
      key === 'form' ? form : key === 'apps' ? apps : (Reflect.get(target, key, target) as unknown),
  });
}

async function notesOf(app: string): Promise<Record<string, unknown>> {
  const notes: Record<string, unknown> = {};
  for await (const r of h.client.records.iterate(app, { fields: ['$id', 'notes'] }))
    notes[r.$id!.value as string] = r.notes?.value ?? '';
  return notes;
}

/** Three records in `from`, the project rewritten to `to`, and its plan. */
async function migratingWithRecords(
  from: Record<string, unknown> = withNotes,
  to: Record<string, unknown> = notesMulti,
) {
  const project = await h.writeProject({ apps: { tickets: from } });
  expect((await h.apply(project, await h.plan(project))).exitCode).toBe(0);
  const loaded = await h.load(project.root);
  const app = loaded.apps[0]!.id!;
  await h.client.records.addAll(app, [
    { subject: { value: 'one' }, notes: { value: 'first' } },
    { subject: { value: 'two' }, notes: { value: 'second' } },
    { subject: { value: 'three' }, notes: { value: 'third' } },
  ]);
  const v2 = await h.rewriteManifests(loaded, { tickets: to });
  return { app, v2, plan: await h.plan(v2) };
}

/** Another client's edits in the window: one edited, one emptied, one added. */
const windowEdits = (app: string) => async () => {
  await h.client.records.updateRecord({ app, id: '1', record: { notes: { value: 'edited in the window' } } });
  await h.client.records.updateRecord({ app, id: '2', record: { notes: { value: '' } } });
  await h.client.records.addAll(app, [
    { subject: { value: 'four' }, notes: { value: 'added in the window' } },
  ]);
};

describe('a record edited in the old field between the last sweep and the swap', () => {
  it('gets its edit in the new field after the swap, converted', async () => {
    const { app, v2, plan } = await migratingWithRecords();
    const applied = await h.apply(v2, plan, { client: swapHooks(h.client, windowEdits(app)) });
    expect(applied, applied.message).toMatchObject({ outcome: 'applied' });
    await h.expectConverged(v2);
    expect(await notesOf(app)).toEqual({
      '1': 'edited in the window',
      '2': '',
      '3': 'third',
      '4': 'added in the window',
    });
    expect(applied.migrations).toMatchObject([{ field: 'notes', outcome: 'migrated' }]);
    expect(applied.window).toEqual([
      { app: 'tickets', field: 'notes', backup: applied.backups![0]!.file, written: 3, editedSince: [] },
    ]);
    expect(applied.message).toContain(
      'After the swap, 3 records edited in the old field between the copy and the swap were written into tickets field notes.',
    );
  });

  it('keeps an edit made after the swap, and names the record with the backup lines to use', async () => {
    const { app, v2, plan } = await migratingWithRecords();
    const client = swapHooks(h.client, windowEdits(app), async () => {
      await h.client.records.updateRecord({
        app,
        id: '1',
        record: { notes: { value: 'edited after the swap' } },
      });
    });
    const applied = await h.apply(v2, plan, { client });
    expect(applied, applied.message).toMatchObject({ outcome: 'applied' });
    await h.expectConverged(v2);
    expect(await notesOf(app)).toEqual({
      '1': 'edited after the swap',
      '2': '',
      '3': 'third',
      '4': 'added in the window',
    });
    const backup = applied.backups![0]!.file;
    expect(applied.window).toEqual([
      { app: 'tickets', field: 'notes', backup, written: 2, editedSince: [{ id: '1', lines: [1] }] },
    ]);
    const lines = (await readFile(join(v2.root, backup), 'utf8')).trim().split('\n');
    expect(JSON.parse(lines[0]!)).toMatchObject({ id: '1', field: 'notes', value: 'edited in the window' });
    expect(applied.message).toContain(
      `Record 1 of tickets changed after apply read it for the swap and is left as it is; its value from before is at line 1 of ${backup}.`,
    );
  });
});

describe('a window write the service refuses', () => {
  it('is named with its reason and the backup lines, and the others are written', async () => {
    const MULTI = { type: 'MULTI_LINE_TEXT', label: 'Notes' };
    const unique = { name: 'Tickets', fields: { subject: SUBJECT, notes: { ...NOTES, unique: true } } };
    const { app, v2, plan } = await migratingWithRecords(
      { name: 'Tickets', fields: { subject: SUBJECT, notes: MULTI } },
      unique,
    );
    // Record 1 takes record 3's value in the window: the new field, unique, refuses it.
    const client = swapHooks(h.client, async () => {
      await h.client.records.updateRecord({ app, id: '1', record: { notes: { value: 'third' } } });
      await h.client.records.updateRecord({ app, id: '2', record: { notes: { value: 'second, edited' } } });
    });
    const applied = await h.apply(v2, plan, { client });
    expect(applied, applied.message).toMatchObject({ outcome: 'applied' });
    await h.expectConverged(v2);
    expect(await notesOf(app)).toEqual({ '1': 'first', '2': 'second, edited', '3': 'third' });
    const backup = applied.backups![0]!.file;
    expect(applied.window).toMatchObject([
      {
        app: 'tickets',
        field: 'notes',
        backup,
        written: 1,
        editedSince: [],
        refused: [{ id: '1', lines: [1] }],
      },
    ]);
    expect(applied.message).toMatch(
      new RegExp(
        `Record 1 of tickets was refused by the service when written into notes \\(.+\\) and is left as it is; its value from before is at line 1 of ${backup.replace(/[.]/g, '\\.')}\\.`,
      ),
    );
  });
});
