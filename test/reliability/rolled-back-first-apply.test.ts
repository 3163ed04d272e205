import { afterEach, describe, expect, it } from 'vitest';
import { startApply } from './apply-process.js';
import {
  call,
  EMU_ENV,
  emulatorAndProject,
  holdNextPost,
  writeEmuProject,
  type Cleanups,
} from './emulator-process.js';

/**
 * Issue 32 item 6: the first apply of an app with a process, rolled back (one transient 500 on
 * its deploy call, or Ctrl-C between "Created app" and "Deploying"), leaves the app created and
 * never deployed, with a new app's draft. From then on status, plan, revert and apply worked on
 * it as on any never-deployed app: status says "not deployed", plan (and plan --check) shows the
 * changes, and apply deploys it. Before, the process area's removed-status probe read the live form of that app and
 * every command ended with a bare `[404] [GAIA_AP01]`.
 */
const cleanups: Cleanups = [];
afterEach(async () => {
  for (const clean of cleanups.splice(0).reverse()) await clean();
});

const TICKETS = {
  name: 'Tickets',
  fields: { title: { type: 'SINGLE_LINE_TEXT', label: 'Title' } },
  process: {
    enable: true,
    states: { New: { index: 0 }, Done: { index: 1 } },
    actions: [{ name: 'Finish', from: 'New', to: 'Done' }],
  },
};

async function project(name: string) {
  const { emu, project } = await emulatorAndProject(name, cleanups);
  const run = await writeEmuProject(project.path, emu.url, { tickets: TICKETS });
  return { url: emu.url, root: project.path, run };
}

/** After the rolled-back first apply: every command works on the never-deployed app, and apply deploys it. */
async function expectRecovers(p: Awaited<ReturnType<typeof project>>): Promise<void> {
  // The app was created (the service cannot delete an app) and never went live.
  const apps = (await call(p.url, 'GET', '/k/v1/preview/app/settings.json?app=1')).body;
  expect(apps.name).toBe('Tickets');
  expect((await call(p.url, 'GET', '/k/v1/app/settings.json?app=1')).body.code).toBe('GAIA_AP01');

  const status = await p.run('status');
  expect(status.code, status.stderr).toBe(2);
  expect(status.stdout).toContain(
    'tickets (app 1): not deployed (it exists only as a draft; apply deploys it)',
  );
  const plan = await p.run('plan', '--detailed-exitcode');
  expect(plan.code, plan.stderr).toBe(2);
  expect(plan.stdout).toContain('process');
  // plan --check copies the app (with its latest records) to a local copy and applies there.
  const checked = await p.run('plan', '--check', '--check-records', '5');
  expect(checked.code, checked.stderr).toBe(0);
  expect(checked.stdout + checked.stderr).toContain('Check passed');
  const revert = await p.run('revert', '--yes');
  expect(revert.code, revert.stderr).toBe(0);

  const applied = await p.run('apply', '--yes');
  expect(applied.code, applied.stderr).toBe(0);
  const live = await call(p.url, 'GET', '/k/v1/app/status.json?app=1');
  expect(live.status, JSON.stringify(live.body)).toBe(200);
  expect(Object.keys(live.body.states).sort()).toEqual(['Done', 'New']);
  expect((await p.run('plan', '--detailed-exitcode')).code).toBe(0);
  const after = await p.run('status');
  expect(after.code, after.stdout).toBe(0);
}

describe('a rolled-back first apply of an app with a process', { timeout: 60_000 }, () => {
  it('after one transient 500 on the deploy call: the next commands work and apply deploys it', async () => {
    const p = await project('first-500');
    const fault = await call(p.url, 'POST', '/_emulator/faults', {
      method: 'POST',
      path: '^/k/v1/preview/app/deploy\\.json$',
      status: 500,
      times: 1,
    });
    expect(fault.status).toBe(200);
    const first = await p.run('apply', '--yes');
    expect(first.code, first.stderr).toBe(1);
    expect(first.stdout + first.stderr).toContain('tickets (1): rolled-back');
    await expectRecovers(p);
  });

  it('after Ctrl-C between "Created app" and "Deploying": the next commands work and apply deploys it', async () => {
    const p = await project('first-ctrl-c');
    // The first write of the new app is held, so that Ctrl-C lands while apply writes.
    await holdNextPost(p.url, '^/k/v1/preview/app/form/fields\\.json$', 1500);
    const applying = startApply(p.root, ['--env', 'emu', '--yes'], EMU_ENV, cleanups);
    await applying.waitFor('Created app tickets');
    applying.child.kill('SIGINT');
    const { code } = await applying.exited;
    expect(code, applying.stderr()).toBe(130);
    expect(applying.stderr()).not.toContain('Deploying');
    await expectRecovers(p);
  });
});
