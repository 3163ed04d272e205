import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { startApply, type ApplyProcess } from './apply-process.js';
import {
  call,
  EMU_ENV,
  emulatorAndProject,
  holdNextPost,
  waitDeploy,
  writeEmuProject,
  type Cleanups,
} from './emulator-process.js';

/**
 * Issue 32 item 9: a second Ctrl-C exits at once, cleaning nothing up. Once apply's deploy call
 * has gone out the service may still put it live, so the exit says "outcome unknown" (3, README)
 * and how to find out (`status`); before any deploy call, live is as it was (130, "interrupted
 * before the deploy").
 */
const cleanups: Cleanups = [];
afterEach(async () => {
  for (const clean of cleanups.splice(0).reverse()) await clean();
});

/** A deploy stays PROCESSING this long: room for two Ctrl-Cs while it runs. */
const DEPLOY_MS = 1500;

async function project(name: string) {
  const { emu, project } = await emulatorAndProject(name, cleanups, 'SIGTERM', DEPLOY_MS);
  const orders = { name: 'Orders', fields: { title: { type: 'SINGLE_LINE_TEXT', label: 'Title' } } };
  const run = await writeEmuProject(project.path, emu.url, { orders });
  return { url: emu.url, root: project.path, run };
}

/** Ctrl-C once `at` shows, again once `then` shows; the exit code. */
async function interruptTwice(applying: ApplyProcess, at: string, then: string): Promise<number | null> {
  await applying.waitFor(at);
  applying.child.kill('SIGINT');
  await applying.waitFor(then);
  applying.child.kill('SIGINT');
  return (await applying.exited).code;
}

describe('a second Ctrl-C during apply', { timeout: 60_000 }, () => {
  it('once the deploy call has gone out: exit 3, outcome unknown, and status says what went live', async () => {
    const p = await project('twice-deploying');
    const applying = startApply(p.root, ['--env', 'emu', '--yes'], EMU_ENV, cleanups);
    const code = await interruptTwice(applying, 'Deploying orders', 'cannot be stopped');
    expect(code, applying.stderr()).toBe(3);
    expect(applying.stderr()).toContain(
      'Outcome unknown: a deploy call has gone out and the service may still put it live. Run `npx appdeploy status --env emu` to find out what is live.',
    );
    // The deploy did go live after the exit: "interrupted before the deploy" would have been untrue.
    expect(await waitDeploy(p.url, '1')).toBe('SUCCESS');
    expect((await call(p.url, 'GET', '/k/v1/app/settings.json?app=1')).body.name).toBe('Orders');
    const status = await p.run('status');
    expect(status.stdout).toContain('orders (app 1): in sync');
    // The record stays until a run finds nothing left: apply, finding no changes, removes it, so
    // that status is in sync again (it was exit 2 for good: "apply finishes it", and apply found
    // nothing to do and left the record).
    expect(status.stdout).toContain('An apply was interrupted');
    const again = await p.run('apply', '--yes');
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toContain(
      'Note: every app matches its manifest with no pending draft: nothing an interrupted apply began is left to finish, so its record (.appdeploy/apply-emu.json) is removed.',
    );
    // No draft is pending (the deploy took it live): a note of one to discard would be untrue.
    expect(again.stderr).not.toContain('is the one an interrupted apply wrote');
    expect(existsSync(join(p.root, '.appdeploy', 'apply-emu.json'))).toBe(false);
    const settled = await p.run('status');
    expect(settled.code, settled.stdout).toBe(0);
    expect(settled.stdout).toContain('In sync: every app matches its manifest, with no pending draft.');
    expect((await p.run('plan', '--detailed-exitcode')).code).toBe(0);
  });

  it('once the deploy call has gone out: status says the deploy still runs, to wait rather than apply', async () => {
    const p = await project('twice-deploy-stuck');
    const first = await p.run('apply', '--yes');
    expect(first.code, first.stderr).toBe(0);
    const v2 = { name: 'Orders', fields: { title: { type: 'SINGLE_LINE_TEXT', label: 'Headline' } } };
    await writeFile(join(p.root, 'apps', 'orders.yaml'), stringify(v2));
    // The next deploy of orders stays PROCESSING whatever the clock (docs/local-service.md).
    const stuck = await call(p.url, 'POST', '/_emulator/deploy-outcome', { app: '1', outcome: 'STUCK' });
    expect(stuck.status, JSON.stringify(stuck.body)).toBe(200);
    const applying = startApply(p.root, ['--env', 'emu', '--yes'], EMU_ENV, cleanups);
    expect(
      await interruptTwice(applying, 'Waiting for the deploy', 'cannot be stopped'),
      applying.stderr(),
    ).toBe(3);

    const status = await p.run('status');
    expect(status.code, status.stdout).toBe(2);
    expect(status.stdout).toContain('last deployment PROCESSING');
    expect(status.stdout).toContain('pending draft in fields (written by the interrupted apply)');
    expect(status.stdout).toContain(
      'A deploy of orders is still running: run `npx appdeploy status --env emu` again once it ends (apply refuses to start until then).',
    );
    // Neither "apply makes the apps match" nor "revert discards changes made outside appdeploy".
    expect(status.stdout).not.toContain('finishes it');
    expect(status.stdout).not.toContain('makes the apps match');
    expect(status.stdout).not.toContain('made outside appdeploy');
  });

  it('once the deploy went live, while apply checks it: exit 3, and the apps are said to be live, not deploying', async () => {
    const p = await project('twice-verifying');
    const applying = startApply(p.root, ['--env', 'emu', '--yes'], EMU_ENV, cleanups);
    await applying.waitFor('Deploying orders');
    // The reads of live that check the result are held: room for two Ctrl-Cs while apply checks.
    const held = await call(p.url, 'POST', '/_emulator/faults', {
      method: 'GET',
      path: '^/k/v1/app/',
      delayMs: 5000,
      times: 20,
    });
    expect(held.status, JSON.stringify(held.body)).toBe(200);
    const code = await interruptTwice(applying, 'Checking that orders now match the manifests', 'stopping');
    expect(code, applying.stderr()).toBe(3);
    expect(applying.stderr()).toContain(
      '  orders: live (its deploy succeeded); being checked against its manifest: `npx appdeploy status --env emu` says whether it matches\n' +
        'Outcome unknown: the deploy went live and was being checked against the manifests. Run `npx appdeploy status --env emu` to find out whether every app matches.',
    );
    expect(applying.stderr()).not.toContain('may still put it live');
    expect(applying.stderr()).not.toContain('it may go live');
  });

  it('before any deploy call: exit 130, nothing went live', async () => {
    const p = await project('twice-writing');
    await holdNextPost(p.url, '^/k/v1/preview/app/form/fields\\.json$', 3000);
    // The rollback's revert call is held too, so that the second Ctrl-C lands while apply still runs.
    await holdNextPost(p.url, '^/k/v1/preview/app/deploy\\.json$', 3000);
    const applying = startApply(p.root, ['--env', 'emu', '--yes'], EMU_ENV, cleanups);
    const code = await interruptTwice(applying, 'Created app orders', 'Rolling back orders');
    expect(code, applying.stderr()).toBe(130);
    expect(applying.stderr()).toContain('Nothing went live (no deploy call had gone out).');
    expect(applying.stderr()).not.toContain('Deploying');
    expect((await call(p.url, 'GET', '/k/v1/app/settings.json?app=1')).body.code).toBe('GAIA_AP01');
  });

  it('during a migration, after its first deploy went live: exit 3, and it says what the migration left', async () => {
    // Found by the interrupt sweep: a second Ctrl-C while apply removed a migration's temporary
    // field (the first Ctrl-C had stopped the copy) said "the deploy went live and was being
    // checked against the manifests", which it was not.
    const p = await project('twice-migrating');
    const text = (label: string, type = 'MULTI_LINE_TEXT') => ({ type, label });
    const v1 = { name: 'Orders', fields: { title: text('Title', 'SINGLE_LINE_TEXT'), notes: text('Notes') } };
    await writeFile(join(p.root, 'apps', 'orders.yaml'), stringify(v1));
    const first = await p.run('apply', '--yes');
    expect(first.code, first.stderr).toBe(0);
    const records = Array.from({ length: 50 }, (_, i) => ({ notes: { value: `note ${i}` } }));
    const added = await call(p.url, 'POST', '/k/v1/records.json', { app: '1', records });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const v2 = {
      name: 'Orders',
      fields: { title: v1.fields.title, notes: text('Notes', 'SINGLE_LINE_TEXT') },
    };
    await writeFile(join(p.root, 'apps', 'orders.yaml'), stringify(v2));
    // The copy's write and the removal of the temporary field are held: room for each Ctrl-C.
    await holdNextPost(p.url, '^/k/v1/bulkRequest\\.json$', 3000);
    const held = await call(p.url, 'POST', '/_emulator/faults', {
      method: 'DELETE',
      path: '^/k/v1/preview/app/form/fields\\.json$',
      delayMs: 3000,
      times: 1,
    });
    expect(held.status, JSON.stringify(held.body)).toBe(200);
    const applying = startApply(p.root, ['--env', 'emu', '--yes'], EMU_ENV, cleanups);
    const code = await interruptTwice(
      applying,
      'orders: copying the values of notes',
      'orders: removing the temporary field of notes',
    );
    expect(code, applying.stderr()).toBe(3);
    expect(applying.stderr().trim().split('\n').at(-1)).toBe(
      "Outcome unknown: the migration's first deploy went live (its temporary field added) and apply was removing that field again; the removal may still go live. The old field is untouched. Run `npx appdeploy status --env emu` to see where each app is; `npx appdeploy apply --env emu` finishes the migration.",
    );
    expect(applying.stderr()).not.toContain('being checked');
    // As it says: the next apply finishes the migration.
    const again = await p.run('apply', '--yes');
    expect(again.code, again.stdout + again.stderr).toBe(0);
    expect((await p.run('plan', '--detailed-exitcode')).code).toBe(0);
  });
});
