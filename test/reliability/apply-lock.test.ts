import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { startApply } from './apply-process.js';
import { call, EMU_ENV, emulatorAndProject, writeEmuProject, type Cleanups } from './emulator-process.js';

/**
 * One apply at a time per environment from a project folder (cli/apply-lock.ts). An apply started
 * while another runs on a service environment (no local lock there) took the running one's drafts
 * for an interrupted apply's own, discarded them and deployed over them, and the first ended
 * "live is not as before" (exit 4): it is refused instead, naming the pid. A lock left by an apply
 * killed with kill -9 is taken over by the next one, which says so.
 */
const cleanups: Cleanups = [];
afterEach(async () => {
  for (const clean of cleanups.splice(0).reverse()) await clean();
});

const text = (label: string) => ({ type: 'SINGLE_LINE_TEXT', label });
const orders = (label: string) => ({ name: 'Orders', fields: { title: text(label) } });

describe('a second apply of the same environment', { timeout: 120_000 }, () => {
  it('is refused while the first runs, naming it; once that one is killed, its lock is taken over with a note', async () => {
    const { emu, project } = await emulatorAndProject('apply-lock', cleanups, 'SIGKILL');
    const root = project.path;
    const run = await writeEmuProject(root, emu.url, { orders: orders('Title') });
    expect((await run('apply', '--yes')).code).toBe(0);
    await writeFile(join(root, 'apps', 'orders.yaml'), stringify(orders('Headline')));
    // The first apply's fields write is held: it is still writing when the second one starts.
    const fault = await call(emu.url, 'POST', '/_emulator/faults', {
      method: 'PUT',
      path: '^/k/v1/preview/app/form/fields\\.json$',
      delayMs: 60_000,
      drop: true,
      times: 1,
    });
    expect(fault.status, JSON.stringify(fault.body)).toBe(200);
    const first = startApply(root, ['--env', 'emu', '--yes'], EMU_ENV, cleanups);
    await first.waitFor('orders: writing fields');

    const second = await run('apply', '--yes');
    expect(second.code, second.stdout + second.stderr).toBe(1);
    expect(second.stderr).toContain(
      `Error: another apply of environment "emu" is running from this project (pid ${first.child.pid}); wait for it to finish, or stop it\n` +
        '  `npx appdeploy status --env emu` shows what it has done so far. If no such process runs, delete .appdeploy/apply-emu.lock.',
    );
    expect(second.stderr).not.toContain('Discarding');
    // revert would discard the drafts the running apply writes: refused the same way.
    const reverted = await run('revert', '--yes');
    expect(reverted.code, reverted.stdout + reverted.stderr).toBe(1);
    expect(reverted.stderr).toContain(
      `Error: another apply of environment "emu" is running from this project (pid ${first.child.pid}); wait for it to finish, or stop it\n`,
    );
    expect(reverted.stdout).not.toContain('Reverted');
    // status says the apply runs and to wait, not to apply (which is refused meanwhile).
    const meanwhile = await run('status');
    expect(meanwhile.stdout).toMatch(
      new RegExp(`An apply is running \\(pid ${first.child.pid}, started [^)]+\\); what it has done so far:`),
    );
    expect(meanwhile.stdout).toContain(
      '  The apply is still running: run `npx appdeploy status --env emu` again once it ends.',
    );
    expect(meanwhile.stdout).not.toContain('makes the apps match');

    first.child.kill('SIGKILL');
    await first.exited;
    await call(emu.url, 'DELETE', '/_emulator/faults');
    const third = await run('apply', '--yes');
    expect(third.code, third.stdout + third.stderr).toBe(0);
    expect(third.stderr).toContain(
      `Note: .appdeploy/apply-emu.lock was left by pid ${first.child.pid}, which no longer runs (it ended without releasing it: a crash or a kill -9); taken over.`,
    );
    expect((await run('plan', '--detailed-exitcode')).code).toBe(0);
    const status = await run('status');
    expect(status.code, status.stdout).toBe(0);
  });
});
