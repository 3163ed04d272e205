/**
 * A migration that fails before its swap leaves the app as it was (the old field and every value
 * untouched, the temporary field removed) or, where removing the temporary field fails too, names
 * it; either way the next apply converges with every value kept (issue 36, "How apply does it").
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readStatus, statusText } from '../../src/cli/commands/status.js';
import { exportApps } from '../../src/export/index.js';
import { REQUEST } from './faults.js';
import { useApplyHarness } from './harness.js';
import { migrationStarted } from './migration-start.js';

// One call at a time: the copy's ranges (2,000 records a bulk request) then go out in id order,
// so "the second bulk request" is the one for records 2,001 to 2,600.
const h = useApplyHarness({ clientConcurrency: 1 });
const RECORDS = 2_600;

const V1 = {
  name: 'Tickets',
  fields: { notes: { type: 'MULTI_LINE_TEXT', label: 'Notes' } },
};
const V2 = {
  name: 'Tickets',
  fields: { notes: { type: 'SINGLE_LINE_TEXT', label: 'Notes' } },
};
const BULK = { method: 'POST', path: '^/k/v1/bulkRequest\\.json$' } as const;
const DEPLOY = { method: 'POST', path: '^/k/v1/preview/app/deploy\\.json$' } as const;
const CURSOR = { method: 'POST', path: '^/k/v1/records/cursor\\.json$' } as const;

/** 2,600 records (two bulk requests of the copy), each with a one-line note. */
async function started() {
  return migrationStarted(
    h,
    'tickets',
    { from: V1, to: V2 },
    Array.from({ length: RECORDS }, (_, i) => ({ notes: { value: `note ${i}` } })),
  );
}

async function notes(app: string, field: string): Promise<string[]> {
  const out: [number, string][] = [];
  for await (const r of h.client.records.iterate(app, { fields: ['$id', field] }))
    out.push([Number(r.$id!.value), (r[field]?.value as string | undefined) ?? '']);
  return out.sort((a, b) => a[0] - b[0]).map(([, v]) => v);
}

async function fieldTypes(app: string): Promise<Record<string, string>> {
  const { properties } = await h.client.form.getFields({ app, copy: 'live' });
  return Object.fromEntries(
    Object.entries(properties)
      .filter(([code]) => code.startsWith('notes'))
      .map(([code, def]) => [code, (def as { type: string }).type]),
  );
}

const ORIGINAL = Array.from({ length: RECORDS }, (_, i) => `note ${i}`);

describe('a migration that fails before its swap', () => {
  it('a deploy failure at the expand: rolled back, nothing added; the next apply migrates', async () => {
    const { v2, id } = await started();
    await h.control('POST', '/_emulator/deploy-outcome', { app: id, outcome: 'FAIL' });
    const failed = await h.apply(v2, await h.plan(v2));
    expect(failed.outcome).toBe('rolled-back');
    expect(failed.migrations).toMatchObject([{ field: 'notes', outcome: 'not-begun' }]);
    expect(await fieldTypes(id)).toEqual({ notes: 'MULTI_LINE_TEXT' });
    expect(await notes(id, 'notes')).toEqual(ORIGINAL);

    const again = await h.apply(v2, await h.plan(v2));
    expect(again, again.message).toMatchObject({ outcome: 'applied' });
    expect(await fieldTypes(id)).toEqual({ notes: 'SINGLE_LINE_TEXT' });
    expect(await notes(id, 'notes')).toEqual(ORIGINAL);
    await h.expectConverged(v2);
  });

  it('a write failure during the copy (the second bulk request): the temporary field removed, the next apply migrates', async () => {
    const { v2, id } = await started();
    await h.control('POST', '/_emulator/faults', { ...BULK, status: 500, skip: 1 });
    const failed = await h.apply(v2, await h.plan(v2));
    expect(failed, failed.message).toMatchObject({ outcome: 'rolled-back', exitCode: 1 });
    expect(failed.migrations).toMatchObject([{ field: 'notes', outcome: 'cleaned-up' }]);
    // Nothing under way is left to report: the record of the copy's progress went with the field.
    expect(existsSync(join(v2.root, '.appdeploy', 'apply-local.json'))).toBe(false);
    expect(failed.message).toContain(
      'copying the values of tickets field notes into notes__migrating failed',
    );
    expect(await fieldTypes(id)).toEqual({ notes: 'MULTI_LINE_TEXT' });
    expect(await notes(id, 'notes')).toEqual(ORIGINAL);

    await h.control('DELETE', '/_emulator/faults');
    const again = await h.apply(v2, await h.plan(v2));
    expect(again, again.message).toMatchObject({ outcome: 'applied' });
    expect(await notes(id, 'notes')).toEqual(ORIGINAL);
    await h.expectConverged(v2);
  });

  it('Ctrl-C during the copy: said as an interruption, without counts of a copy that went with its field', async () => {
    const { v2, id } = await started();
    const stop = new AbortController();
    const failed = await h.apply(v2, await h.plan(v2), {
      signal: stop.signal,
      // After the copy's first bulk request (2,000 records written): the person presses Ctrl-C.
      onProgress: (event) => {
        if (event.type === 'migration' && (event.written ?? 0) > 0) stop.abort();
      },
    });
    expect(failed.migrations).toMatchObject([{ field: 'notes', outcome: 'cleaned-up' }]);
    // An interrupt with everything put back (exit 130), not a failure rolled back (exit 1): found
    // by the interrupt sweep, where Ctrl-C during the copy exited 1.
    expect(failed.outcome).toBe('interrupted');
    expect(failed.message.replace(/-C \S+ /, '-C <project> ')).toMatchInlineSnapshot(
      `"Copying the values of tickets field notes into notes__migrating was interrupted. Every app is as before (drafts reverted). Run \`npx appdeploy apply -C <project> --env local\` again when ready. Migration of tickets field notes: stopped before the swap; the temporary field notes__migrating was removed, the field and its values are as they were."`,
    );
    expect(await fieldTypes(id)).toEqual({ notes: 'MULTI_LINE_TEXT' });
    expect(await notes(id, 'notes')).toEqual(ORIGINAL);
  });

  it('when removing the temporary field fails too, names it; the next apply resumes the copy and swaps', async () => {
    const { v2, id } = await started();
    await h.control('POST', '/_emulator/faults', { ...BULK, status: 500, skip: 1 });
    // The expand's deploy goes through; the cleanup's deploy (the second call) fails.
    await h.control('POST', '/_emulator/faults', { ...DEPLOY, status: 500, skip: 1, times: 1 });
    const failed = await h.apply(v2, await h.plan(v2));
    expect(failed.outcome).toBe('rollback-failed');
    expect(failed.migrations).toMatchObject([{ field: 'notes', outcome: 'left' }]);
    expect(failed.migrations![0]!.reason).toContain(
      'its temporary field notes__migrating is still on the service',
    );
    // The copy stopped part way: no counts (it wrote 2,000 records, not the "0 records copied" of a placeholder).
    expect(failed.message).toContain(
      'Migration of tickets field notes: its temporary field notes__migrating is still on the service',
    );
    expect(await notes(id, 'notes')).toEqual(ORIGINAL);
    // The recovery record keeps the copy's progress: the first bulk request (ids 1 to 2,000) written.
    const record = JSON.parse(await readFile(join(v2.root, '.appdeploy', 'apply-local.json'), 'utf8')) as {
      migrations: unknown[];
    };
    expect(record.migrations).toMatchObject([
      {
        key: 'tickets',
        id,
        field: 'notes',
        temporary: 'notes__migrating',
        progress: { lastId: '2000', written: 2000 },
      },
    ]);

    await h.control('DELETE', '/_emulator/faults');
    const resumed = await h.plan(v2);
    // The plan says the migration was begun, and apply finishes it.
    expect(resumed.apps[0]!.migrations).toMatchObject([{ state: 'copying', temporary: 'notes__migrating' }]);
    const again = await h.apply(v2, resumed);
    expect(again, again.message).toMatchObject({ outcome: 'applied' });
    // Resumed after record 2,000: the last 600 written; the first 2,000 (read again by the
    // sweep, as the copy updated them) already hold theirs: counted unchanged, not written again.
    expect(again.migrations).toMatchObject([{ outcome: 'migrated', copied: 600, unchanged: 2000 }]);
    expect(await fieldTypes(id)).toEqual({ notes: 'SINGLE_LINE_TEXT' });
    expect(await notes(id, 'notes')).toEqual(ORIGINAL);
    await h.expectConverged(v2);
  });

  it('a deploy failure at the swap: every value in the old field; status says apply finishes the migration, not export', async () => {
    const { v2, id } = await started();
    // The expand's deploy goes through; the swap's (the second call) fails, not carried out.
    await h.control('POST', '/_emulator/faults', { ...DEPLOY, status: 500, skip: 1, times: 1 });
    const failed = await h.apply(v2, await h.plan(v2));
    expect(failed.outcome).toBe('rolled-back');
    expect(failed.migrations).toMatchObject([{ field: 'notes', outcome: 'copied' }]);
    expect(await fieldTypes(id)).toEqual({ notes: 'MULTI_LINE_TEXT', notes__migrating: 'SINGLE_LINE_TEXT' });
    expect(await notes(id, 'notes')).toEqual(ORIGINAL);

    // The temporary field is appdeploy's own work: not drift someone made on the service to keep
    // with export (which would write notes__migrating into the manifest).
    const project = await h.load(v2.root);
    const status = await readStatus(project, h.client, [], 'the local service');
    expect(status.apps[0]).toMatchObject({
      inSync: false,
      migrationsBegun: [{ field: 'notes', temporary: 'notes__migrating' }],
    });
    const text = statusText(status);
    expect(text).not.toContain('export');
    // Nor does export take it, --force or not: the manifest would get notes__migrating, and the
    // next apply would keep it as a field of its own instead of finishing the migration.
    const manifest = await readFile(join(v2.root, 'apps', 'tickets.yaml'), 'utf8');
    const exported = await exportApps({ project, client: h.client, selection: { all: true }, force: true });
    expect(exported.apps).toMatchObject([{ key: 'tickets', status: 'refused' }]);
    expect(exported.apps[0]!.error).toBe(
      `app ${id} holds the temporary field notes__migrating of a field migration an earlier apply began and did not finish (Finish it first: \`npx appdeploy apply -C ${v2.root} --env local\` copies the values again and swaps; then export.)`,
    );
    expect(await readFile(join(v2.root, 'apps', 'tickets.yaml'), 'utf8')).toBe(manifest);
    expect(text).toMatchInlineSnapshot(`
      "Environment "local" on the local service:
        tickets (app 1): drift in fields; a migration an earlier apply began: notes (its temporary field notes__migrating is live beside it: apply copies the values into it, then swaps); last deployment SUCCESS

      1 of 1 app not in sync.
        \`npx appdeploy plan\` shows the differences; \`npx appdeploy apply\` makes the apps match.
        \`npx appdeploy apply\` finishes the migrations an earlier apply began (tickets): it copies the values again, then swaps; until then the old fields keep every value.
      "
    `);

    const again = await h.apply(v2, await h.plan(v2));
    expect(again, again.message).toMatchObject({ outcome: 'applied' });
    expect(await fieldTypes(id)).toEqual({ notes: 'SINGLE_LINE_TEXT' });
    expect(await notes(id, 'notes')).toEqual(ORIGINAL);
    await h.expectConverged(v2);
  });

  it('a failure while planning the swap (after the copy and the backup): a result that says so, the temporary field removed; the next apply migrates', async () => {
    const { v2, id } = await started();
    // The contract's plan reads the records through a cursor (the copy and the backup read by
    // $id pages): every cursor answers 500 until cleared. Found by migration-combos.test.ts.
    const thePlan = await h.plan(v2);
    await h.control('POST', '/_emulator/faults', { ...CURSOR, status: 500 });
    const failed = await h.apply(v2, thePlan);
    expect(failed, failed.message).toMatchObject({ outcome: 'rolled-back', exitCode: 1 });
    expect(failed.message).toContain('planning the swap failed');
    expect(failed.migrations).toMatchObject([{ field: 'notes', outcome: 'cleaned-up' }]);
    expect(await fieldTypes(id)).toEqual({ notes: 'MULTI_LINE_TEXT' });
    // (The records read through a cursor too.)
    await h.control('DELETE', '/_emulator/faults');
    expect(await notes(id, 'notes')).toEqual(ORIGINAL);

    const again = await h.apply(v2, await h.plan(v2));
    expect(again, again.message).toMatchObject({ outcome: 'applied' });
    expect(await notes(id, 'notes')).toEqual(ORIGINAL);
    await h.expectConverged(v2);
  });

  it('a failure of the fields write at the expand: rolled back, the field untouched', async () => {
    const { v2, id } = await started();
    await h.control('POST', '/_emulator/faults', { ...REQUEST.addFields, status: 500 });
    const failed = await h.apply(v2, await h.plan(v2));
    expect(failed.outcome).toBe('rolled-back');
    expect(await fieldTypes(id)).toEqual({ notes: 'MULTI_LINE_TEXT' });
    await h.control('DELETE', '/_emulator/faults');
    const again = await h.apply(v2, await h.plan(v2));
    expect(again, again.message).toMatchObject({ outcome: 'applied' });
    expect(await notes(id, 'notes')).toEqual(ORIGINAL);
  });
});
