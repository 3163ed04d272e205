import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { writeFile } from 'node:fs/promises';
import { startApply } from './apply-process.js';
import {
  bulkRequests,
  call,
  EMU_ENV,
  emulatorAndProject,
  holdBulkAnswer,
  writeEmuProject,
  type Cleanups,
} from './emulator-process.js';

/**
 * Issue 36: kill -9 of the CLI (the built `appdeploy apply`) in the middle of a migration's copy,
 * as the service holds the answer of a bulk write it carried out. The temporary field is live,
 * the recovery record holds the copy's progress; `status` says so, and the next apply resumes the
 * copy, swaps, and ends with every value kept and a plan with nothing left to do.
 */
const cleanups: Cleanups = [];
afterEach(async () => {
  for (const clean of cleanups.splice(0).reverse()) await clean();
});

const V1 = { name: 'Tickets', fields: { notes: { type: 'MULTI_LINE_TEXT', label: 'Notes' } } };
const V2 = { name: 'Tickets', fields: { notes: { type: 'SINGLE_LINE_TEXT', label: 'Notes' } } };
// Three bulk requests of the copy (2,000 records each at most: records/ sweeps $id ranges of four
// reads of 500), sent one after another: the apply runs with --concurrency 1.
const RECORDS = 5000;

/** Records whose temporary field holds a value: those the copy's writes carried out. */
async function copied(url: string, app: string): Promise<number> {
  const query = encodeURIComponent('notes__migrating != "" limit 1');
  const read = await call(url, 'GET', `/k/v1/records.json?app=${app}&query=${query}&totalCount=true`);
  return read.status === 200 ? Number((read.body as { totalCount: string }).totalCount) : 0;
}

async function notes(url: string, app: string): Promise<string[]> {
  const out: [number, string][] = [];
  for (let last = 0; ;) {
    const query = encodeURIComponent(`$id > ${last} order by $id asc limit 500`);
    const page = (await call(url, 'GET', `/k/v1/records.json?app=${app}&query=${query}`)).body.records as {
      $id: { value: string };
      notes?: { value: string };
    }[];
    if (page.length === 0) return out.map(([, v]) => v);
    for (const r of page) out.push([Number(r.$id.value), r.notes?.value ?? '']);
    last = Number(page.at(-1)!.$id.value);
  }
}

describe('an apply killed with kill -9 during a migration copy', { timeout: 180_000 }, () => {
  it('the next apply resumes the copy, swaps, and keeps every value', async () => {
    const { emu, project } = await emulatorAndProject('killed-mid-copy', cleanups, 'SIGKILL');
    const root = project.path;
    const run = await writeEmuProject(root, emu.url, { tickets: V1 });
    const first = await run('apply', '--yes');
    expect(first.code, first.stderr).toBe(0);
    const apps = (await call(emu.url, 'GET', '/k/v1/apps.json')).body.apps as { appId: string }[];
    const app = apps[0]!.appId;
    const values = Array.from({ length: RECORDS }, (_, i) => `note ${i}`);
    for (let i = 0; i < RECORDS; i += 100) {
      const added = await call(emu.url, 'POST', '/k/v1/records.json', {
        app,
        records: values.slice(i, i + 100).map((value) => ({ notes: { value } })),
      });
      expect(added.status).toBe(200);
    }
    await writeFile(join(root, 'apps', 'tickets.yaml'), stringify(V2));

    // The copy's second bulk write is carried out, and its answer held: the kill comes first.
    const before = await bulkRequests(emu.url);
    await holdBulkAnswer(emu.url, 1, 20_000);
    const applying = startApply(root, ['--env', 'emu', '--yes', '--concurrency', '1'], EMU_ENV, cleanups);
    const recordPath = join(root, '.appdeploy', 'apply-emu.json');
    const deadline = Date.now() + 60_000;
    // The service counts a request as it arrives, before carrying it out: wait for its records too.
    while ((await bulkRequests(emu.url)) - before < 2 || (await copied(emu.url, app)) < 4000) {
      if (Date.now() > deadline) throw new Error(`the copy's second write never came: ${applying.stderr()}`);
      await new Promise((r) => setTimeout(r, 5));
    }
    applying.child.kill('SIGKILL');
    await applying.exited;
    await call(emu.url, 'DELETE', '/_emulator/faults');

    // The temporary field is live, the old field untouched, the progress recorded.
    const fields = (await call(emu.url, 'GET', `/k/v1/app/form/fields.json?app=${app}`)).body.properties;
    expect(fields.notes.type).toBe('MULTI_LINE_TEXT');
    expect(fields.notes__migrating.type).toBe('SINGLE_LINE_TEXT');
    expect(await notes(emu.url, app)).toEqual(values);
    const record = JSON.parse(await readFile(recordPath, 'utf8'));
    expect(record.migrations).toMatchObject([
      {
        key: 'tickets',
        field: 'notes',
        temporary: 'notes__migrating',
        progress: { lastId: '2000', written: 2000 },
      },
    ]);
    const status = await run('status');
    expect(status.stdout).toContain('An apply was interrupted');
    expect(status.stdout).toContain(
      'a migration of tickets field notes under way: its values being copied into notes__migrating (live; 2,000 records written, up to record 2000)',
    );
    const plan = await run('plan');
    expect(plan.stdout).toContain('an earlier apply began it: apply copies again, then swaps');

    const applied = await run('apply', '--yes');
    expect(applied.code, applied.stdout + applied.stderr).toBe(0);
    // Resumed after record 2,000: the second bulk request (records 2,001 to 4,000) was carried out
    // before the kill (its answer lost), so only the last 1,000 records are written now; the 2,000
    // before the frontier are read again by the sweep (the copy had updated them) and hold theirs.
    expect(applied.stdout).toContain(
      'Migrated tickets field notes: 1,000 records copied, 4,000 already there',
    );
    const after = (await call(emu.url, 'GET', `/k/v1/app/form/fields.json?app=${app}`)).body.properties;
    expect(after.notes.type).toBe('SINGLE_LINE_TEXT');
    expect(after.notes__migrating).toBeUndefined();
    expect(await notes(emu.url, app)).toEqual(values);
    expect(existsSync(recordPath)).toBe(false);
    expect((await run('plan', '--detailed-exitcode')).code).toBe(0);
  });
});
