import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startApply } from './apply-process.js';
import { call, EMU_ENV, emulatorAndProject, writeEmuProject, type Cleanups } from './emulator-process.js';

/**
 * kill -9 of the built `appdeploy apply --allow-data-loss` while it brings its backup up to date
 * (records/backup-catch-up.ts): after the draft that removes the field is written, before the
 * deploy. Nothing was deployed, so the field and its values are live; the backup the killed run
 * wrote is whole (its first read; the catch-up writes its lines whole or not at all); the next
 * apply discards the draft the killed one wrote, backs up again with the edit made meanwhile, and
 * converges.
 */
const cleanups: Cleanups = [];
afterEach(async () => {
  for (const clean of cleanups.splice(0).reverse()) await clean();
});

const text = (label: string) => ({ type: 'SINGLE_LINE_TEXT', label });
const WITH_NOTES = { name: 'Tickets', fields: { title: text('Title'), notes: text('Notes') } };
const WITHOUT_NOTES = { name: 'Tickets', fields: { title: text('Title') } };

async function waitUntil(what: string, done: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`${what} never came`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

async function requests(url: string, key: string): Promise<number> {
  const { requests } = (await call(url, 'GET', '/_emulator/stats')).body as {
    requests: Record<string, number>;
  };
  return requests[key] ?? 0;
}

async function backupLines(root: string): Promise<{ id: string; value: unknown }[][]> {
  const dir = join(root, '.appdeploy', 'backups', 'emu');
  const files = (await readdir(dir)).filter((f) => f.endsWith('.jsonl')).sort();
  return Promise.all(
    files.map(async (f) =>
      (await readFile(join(dir, f), 'utf8'))
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as { id: string; value: unknown }),
    ),
  );
}

describe('an apply killed with kill -9 while it brings its backup up to date', { timeout: 120_000 }, () => {
  it('leaves the field live and the backup whole; the next apply backs up the edit made meanwhile and converges', async () => {
    const { emu, project } = await emulatorAndProject('killed-mid-catch-up', cleanups, 'SIGKILL');
    const root = project.path;
    const first = await (await writeEmuProject(root, emu.url, { tickets: WITH_NOTES }))('apply', '--yes');
    expect(first.code, first.stderr).toBe(0);
    const added = await call(emu.url, 'POST', '/k/v1/records.json', {
      app: 1,
      records: [{ notes: { value: 'first' } }, { notes: { value: 'second' } }],
    });
    expect(added.status).toBe(200);
    const run = await writeEmuProject(root, emu.url, { tickets: WITHOUT_NOTES }, { tickets: '1' });

    // The draft's deletion is answered late: time to hold the next record read, the catch-up's.
    const deletion = 'DELETE /k/v1/preview/app/form/fields.json';
    const reads = 'GET /k/v1/records.json';
    await call(emu.url, 'POST', '/_emulator/faults', {
      method: 'DELETE',
      path: '^/k/v1/preview/app/form/fields\\.json$',
      answerDelayMs: 1_000,
      times: 1,
    });
    const applying = startApply(root, ['--env', 'emu', '--yes', '--allow-data-loss'], EMU_ENV, cleanups);
    await waitUntil('the deletion', async () => (await requests(emu.url, deletion)) >= 1);
    const readsBefore = await requests(emu.url, reads);
    await call(emu.url, 'POST', '/_emulator/faults', {
      method: 'GET',
      path: '^/k/v1/records\\.json$',
      answerDelayMs: 30_000,
      times: 1,
    });
    // Someone edits a value after the backup's first read; then the catch-up's read, held, and the kill.
    await call(emu.url, 'PUT', '/k/v1/record.json', {
      app: 1,
      id: 1,
      record: { notes: { value: 'edited' } },
    });
    await waitUntil('the catch-up read', async () => (await requests(emu.url, reads)) > readsBefore);
    applying.child.kill('SIGKILL');
    await applying.exited;
    await call(emu.url, 'DELETE', '/_emulator/faults');

    // Nothing deployed: the field and its values are live; the backup the killed run wrote is whole.
    const live = await call(emu.url, 'GET', '/k/v1/app/form/fields.json?app=1');
    expect(Object.keys(live.body.properties)).toContain('notes');
    const [killed] = await backupLines(root);
    expect(killed!.map((l) => [l.id, l.value])).toEqual([
      ['1', 'first'],
      ['2', 'second'],
    ]);

    const applied = await run('apply', '--yes', '--allow-data-loss');
    expect(applied.code, applied.stdout + applied.stderr).toBe(0);
    const [, again] = await backupLines(root);
    expect(again!.map((l) => [l.id, l.value])).toEqual([
      ['1', 'edited'],
      ['2', 'second'],
    ]);
    expect((await run('plan', '--detailed-exitcode')).code).toBe(0);
    const status = await run('status');
    expect(status.code, status.stdout).toBe(0);
  });
});
