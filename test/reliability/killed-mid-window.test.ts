import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { startApply } from './apply-process.js';
import { call, EMU_ENV, emulatorAndProject, writeEmuProject, type Cleanups } from './emulator-process.js';

/**
 * kill -9 of the CLI (the built `appdeploy apply`) after a migration's swap went live, while it
 * writes into the new field the records another client edited in the old field between the copy
 * and the swap (docs/migrations.md, "The window"): the service carried out the first write and
 * holds its answer. The recovery record keeps the writes left; `status` says so; the next apply,
 * whose plan is empty, writes them (the first, already in, is found holding its value, not taken
 * for someone's edit), and ends with every value and the record gone.
 */
const cleanups: Cleanups = [];
afterEach(async () => {
  for (const clean of cleanups.splice(0).reverse()) await clean();
});

const NOTES = { type: 'SINGLE_LINE_TEXT', label: 'Notes' };
const V1 = { name: 'Tickets', fields: { notes: NOTES } };
const V2 = { name: 'Tickets', fields: { notes: { ...NOTES, type: 'MULTI_LINE_TEXT' } } };

async function requests(url: string, key: string): Promise<number> {
  const { requests: counts } = (await call(url, 'GET', '/_emulator/stats')).body as {
    requests: Record<string, number>;
  };
  return counts[key] ?? 0;
}

async function until(what: string, ok: () => Promise<boolean>, stderr: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (!(await ok())) {
    if (Date.now() > deadline) throw new Error(`${what} never came: ${stderr()}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

async function notes(url: string, app: string): Promise<Record<string, string>> {
  const query = encodeURIComponent('order by $id asc limit 500');
  const page = (await call(url, 'GET', `/k/v1/records.json?app=${app}&query=${query}`)).body.records as {
    $id: { value: string };
    notes?: { value: string };
  }[];
  return Object.fromEntries(page.map((r) => [r.$id.value, r.notes?.value ?? '']));
}

const put = (url: string, app: string, id: string, value: string) =>
  call(url, 'PUT', '/k/v1/record.json', { app, id, record: { notes: { value } } });

describe('an apply killed with kill -9 while it writes a migration window', { timeout: 180_000 }, () => {
  it('the next apply writes the rest, and every edit made before the swap is in the new field', async () => {
    const { emu, project } = await emulatorAndProject('killed-mid-window', cleanups, 'SIGKILL');
    const root = project.path;
    const run = await writeEmuProject(root, emu.url, { tickets: V1 });
    expect((await run('apply', '--yes')).code).toBe(0);
    const app = ((await call(emu.url, 'GET', '/k/v1/apps.json')).body.apps as { appId: string }[])[0]!.appId;
    const added = await call(emu.url, 'POST', '/k/v1/records.json', {
      app,
      records: ['first', 'second', 'third'].map((value) => ({ notes: { value } })),
    });
    expect(added.status).toBe(200);
    await writeFile(join(root, 'apps', 'tickets.yaml'), stringify(V2));

    // The swap's deletion of the old field held 3 s: the copy and the backup's first read are done.
    const deletion = 'DELETE /k/v1/preview/app/form/fields.json';
    const armed = await call(emu.url, 'POST', '/_emulator/faults', {
      method: 'DELETE',
      path: '^/k/v1/preview/app/form/fields\\.json$',
      delayMs: 3000,
      times: 1,
    });
    expect(armed.status).toBe(200);
    const applying = startApply(root, ['--env', 'emu', '--yes'], EMU_ENV, cleanups);
    await until(
      'the swap',
      async () => (await requests(emu.url, deletion)) >= 1,
      () => applying.stderr(),
    );
    // Another client edits, empties and adds meanwhile.
    expect((await put(emu.url, app, '1', 'edited in the window')).status).toBe(200);
    expect((await put(emu.url, app, '2', '')).status).toBe(200);
    const fourth = await call(emu.url, 'POST', '/k/v1/record.json', {
      app,
      record: { notes: { value: 'added in the window' } },
    });
    expect(fourth.body.id).toBe('4');
    // The first write after the swap carried out, its answer held: the kill comes first.
    const writes = await requests(emu.url, 'PUT /k/v1/record.json');
    const held = await call(emu.url, 'POST', '/_emulator/faults', {
      method: 'PUT',
      path: '^/k/v1/record\\.json$',
      answerDelayMs: 20_000,
      times: 1,
    });
    expect(held.status).toBe(200);
    await until(
      'the first window write',
      async () =>
        (await requests(emu.url, 'PUT /k/v1/record.json')) > writes &&
        (await notes(emu.url, app))['1'] === 'edited in the window',
      () => applying.stderr(),
    );
    applying.child.kill('SIGKILL');
    await applying.exited;
    await call(emu.url, 'DELETE', '/_emulator/faults');

    // Swapped; the record keeps the three writes (the first carried out, its answer never read).
    const fields = (await call(emu.url, 'GET', `/k/v1/app/form/fields.json?app=${app}`)).body.properties;
    expect(fields.notes.type).toBe('MULTI_LINE_TEXT');
    expect(fields.notes__migrating).toBeUndefined();
    expect(await notes(emu.url, app)).toEqual({
      '1': 'edited in the window',
      '2': 'second',
      '3': 'third',
      '4': '',
    });
    const recordPath = join(root, '.appdeploy', 'apply-emu.json');
    const record = JSON.parse(await readFile(recordPath, 'utf8'));
    expect(record.window).toMatchObject([
      { key: 'tickets', field: 'notes', temporary: 'notes__migrating', written: 0, edited: [] },
    ]);
    expect(record.window[0].writes.map((w: { id: string }) => w.id)).toEqual(['1', '2', '4']);
    const status = await run('status');
    expect(status.stdout).toContain(
      `a migration of tickets field notes swapped, with 3 records edited in its old field before the swap still to write into it (their values are in ${record.window[0].backup})`,
    );
    expect(status.stdout).toContain('finishes it: it writes those records into the new field');

    const applied = await run('apply', '--yes');
    expect(applied.code, applied.stdout + applied.stderr).toBe(0);
    expect(applied.stdout).toContain(
      'After the swap, 3 records edited in the old field between the copy and the swap were written into tickets field notes.',
    );
    expect(applied.stdout).not.toContain('changed after apply read it');
    expect(await notes(emu.url, app)).toEqual({
      '1': 'edited in the window',
      '2': '',
      '3': 'third',
      '4': 'added in the window',
    });
    expect(existsSync(recordPath)).toBe(false);
    expect((await run('plan', '--detailed-exitcode')).code).toBe(0);
  });
});
