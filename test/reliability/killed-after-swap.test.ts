import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { startApply } from './apply-process.js';
import { call, EMU_ENV, emulatorAndProject, writeEmuProject, type Cleanups } from './emulator-process.js';

/**
 * kill -9 of the built `appdeploy apply` of a migration once its swap went live, while it waits for
 * the contract deploy's status (the service holds its answers): the temporary field is gone, every
 * value is in the field of its final code, and the recovery record still holds the migration's
 * progress. `status` said the migration was under way, "its values being copied into
 * notes__migrating (live ...)", a field the service no longer has. It now says only what the
 * service still holds, and the next apply finds nothing to do and removes the record.
 */
const cleanups: Cleanups = [];
afterEach(async () => {
  for (const clean of cleanups.splice(0).reverse()) await clean();
});

const V1 = { name: 'Tickets', fields: { notes: { type: 'MULTI_LINE_TEXT', label: 'Notes' } } };
const V2 = { name: 'Tickets', fields: { notes: { type: 'SINGLE_LINE_TEXT', label: 'Notes' } } };
const RECORDS = 1000;

async function liveFields(url: string): Promise<Record<string, { type: string }>> {
  return (await call(url, 'GET', '/k/v1/app/form/fields.json?app=1')).body.properties as Record<
    string,
    { type: string }
  >;
}

describe('an apply killed with kill -9 after its migration swap went live', { timeout: 120_000 }, () => {
  it('status says nothing of a migration under way, and the next apply removes the record', async () => {
    const { emu, project } = await emulatorAndProject('killed-after-swap', cleanups, 'SIGKILL');
    const root = project.path;
    const run = await writeEmuProject(root, emu.url, { tickets: V1 });
    expect((await run('apply', '--yes')).code).toBe(0);
    for (let i = 0; i < RECORDS; i += 100) {
      const records = Array.from({ length: 100 }, (_, j) => ({ notes: { value: `note ${i + j}` } }));
      expect((await call(emu.url, 'POST', '/k/v1/records.json', { app: '1', records })).status).toBe(200);
    }
    await writeFile(join(root, 'apps', 'tickets.yaml'), stringify(V2));

    const applying = startApply(root, ['--env', 'emu', '--yes'], EMU_ENV, cleanups);
    const deadline = Date.now() + 60_000;
    const until = async (what: string, done: () => Promise<boolean>) => {
      while (!(await done())) {
        if (Date.now() > deadline) throw new Error(`${what} never came: ${applying.stderr()}`);
        await new Promise((r) => setTimeout(r, 5));
      }
    };
    // The expand went live and the copy is under way: from now on every deploy status answer is held.
    const record = join(root, '.appdeploy', 'apply-emu.json');
    await until('the copy', async () =>
      (await readFile(record, 'utf8').catch(() => '')).includes('"migrations"'),
    );
    await call(emu.url, 'POST', '/_emulator/faults', {
      method: 'GET',
      path: '^/k/v1/preview/app/deploy\\.json$',
      answerDelayMs: 30_000,
    });
    // The contract went live: the temporary field is the field of its final code now.
    await until('the swap', async () => {
      const fields = await liveFields(emu.url);
      return !('notes__migrating' in fields) && fields.notes?.type === 'SINGLE_LINE_TEXT';
    });
    applying.child.kill('SIGKILL');
    await applying.exited;
    await call(emu.url, 'DELETE', '/_emulator/faults');
    expect(existsSync(join(root, '.appdeploy', 'apply-emu.json'))).toBe(true);

    const json = JSON.parse((await run('status', '--format', 'json')).stdout);
    expect(json.interruptedApply.migrations).toEqual([]);
    const status = await run('status');
    expect(status.stdout).not.toContain('notes__migrating');
    expect(status.stdout).toContain('Nothing of it is left to finish');

    const applied = await run('apply', '--yes');
    expect(applied.code, applied.stdout + applied.stderr).toBe(0);
    expect(existsSync(join(root, '.appdeploy', 'apply-emu.json'))).toBe(false);
    expect((await run('status')).code).toBe(0);
    expect((await run('plan', '--detailed-exitcode')).code).toBe(0);
  });
});
