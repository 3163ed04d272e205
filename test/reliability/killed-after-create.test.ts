import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startApply } from './apply-process.js';
import {
  call,
  EMU_ENV,
  emulatorAndProject,
  waitDeploy,
  writeEmuProject,
  type Cleanups,
} from './emulator-process.js';

/**
 * Issue 32 item 8: kill -9 of the CLI (the built `appdeploy apply`) right after its create call
 * reached the service, which carried it out and held its answer: the app exists, its id is nowhere in
 * the project, and the recovery record knows its name, creator and the time it was asked for.
 * The next command looks it up (apps by name, creator and creation time) and adopts it when
 * exactly one app matches; when none or several do, it says which and apply creates nothing
 * until told (the id given in the project). Before, apply created a second copy.
 */
const cleanups: Cleanups = [];
afterEach(async () => {
  for (const clean of cleanups.splice(0).reverse()) await clean();
});

const ORDERS = { name: 'Orders', fields: { title: { type: 'SINGLE_LINE_TEXT', label: 'Title' } } };

const config = (root: string, url: string, id?: string) =>
  writeEmuProject(root, url, { orders: ORDERS }, id ? { orders: id } : {});

/** An apply killed right after its create call reached the service; the app is created after the kill. */
async function killedAfterCreate(name: string) {
  const { emu, project } = await emulatorAndProject(name, cleanups, 'SIGKILL');
  const root = project.path;
  const run = await config(root, emu.url);
  await call(emu.url, 'POST', '/_emulator/faults', {
    method: 'POST',
    path: '^/k/v1/preview/app\\.json$',
    answerDelayMs: 1500,
    times: 1,
  });
  const applying = startApply(root, ['--env', 'emu', '--yes'], EMU_ENV, cleanups);
  const deadline = Date.now() + 30_000;
  for (;;) {
    const { requests } = (await call(emu.url, 'GET', '/_emulator/stats')).body;
    if (requests['POST /k/v1/preview/app.json'] >= 1) break;
    if (Date.now() > deadline) throw new Error(`the create call never came: ${applying.stderr()}`);
    await new Promise((r) => setTimeout(r, 5));
  }
  applying.child.kill('SIGKILL');
  await applying.exited;
  expect((await call(emu.url, 'GET', '/k/v1/preview/app/settings.json?app=1')).body.name).toBe('Orders');
  const record = JSON.parse(readFileSync(join(root, '.appdeploy', 'apply-emu.json'), 'utf8'));
  expect(record.creating).toMatchObject([{ key: 'orders', name: 'Orders', id: null, by: 'admin' }]);
  return { url: emu.url, root, run };
}

const draftOf = async (url: string, id: string): Promise<{ name?: string; code?: string }> =>
  (await call(url, 'GET', `/k/v1/preview/app/settings.json?app=${id}`)).body as {
    name?: string;
    code?: string;
  };

async function deploy(url: string, id: string): Promise<void> {
  await call(url, 'POST', '/k/v1/preview/app/deploy.json', { apps: [{ app: id }] });
  expect(await waitDeploy(url, id)).toBe('SUCCESS');
}

describe('an apply killed right after its create call reached the service', { timeout: 60_000 }, () => {
  it('no app matches (never deployed, so not listed): apply creates nothing until the id is given', async () => {
    const w = await killedAfterCreate('created-none');
    // Status says what the next step is: not an apply that would refuse, but the id to give.
    const status = await w.run('status');
    expect(status.code, status.stderr).toBe(2);
    expect(status.stdout).toContain(
      "  - app orders being created: the service's answer (its id) never came back\n",
    );
    expect(status.stdout).toContain(
      '  `npx appdeploy apply --env emu` creates nothing for orders until told which app the service made, if any: give its id in appdeploy.yaml, or, if the service has no such app, delete .appdeploy/apply-emu.json; then `npx appdeploy apply --env emu` finishes it.\n',
    );
    expect(status.stdout).not.toContain('finishes it: it discards');
    const refused = await w.run('apply', '--yes');
    expect(refused.code, refused.stdout + refused.stderr).toBe(1);
    expect(refused.stderr).toContain(
      'no app of that name, creator and time is listed (an app never deployed is not). Apply creates nothing for it until told: give its id in appdeploy.yaml',
    );
    expect(refused.stdout + refused.stderr).toContain(
      'orders: an interrupted apply asked the service to create it at',
    );
    expect((await draftOf(w.url, '2')).code).toBe('GAIA_AP01');

    // Told: the id given in the project.
    await config(w.root, w.url, '1');
    const applied = await w.run('apply', '--yes');
    expect(applied.code, applied.stdout + applied.stderr).toBe(0);
    expect((await draftOf(w.url, '2')).code).toBe('GAIA_AP01');
    expect((await call(w.url, 'GET', '/k/v1/app/settings.json?app=1')).body.name).toBe('Orders');
    expect((await w.run('plan', '--detailed-exitcode')).code).toBe(0);
  });

  it('exactly one app matches: the next command adopts it, says so, and apply converges', async () => {
    const w = await killedAfterCreate('created-one');
    // Someone deployed it meanwhile: now it is listed.
    await deploy(w.url, '1');
    const applied = await w.run('apply', '--yes');
    expect(applied.code, applied.stdout + applied.stderr).toBe(0);
    expect(applied.stderr).toContain(
      'app 1 is the one app of that name, creator and time, so it is app "orders" now, recorded in appdeploy.yaml.',
    );
    expect(await readFile(join(w.root, 'appdeploy.yaml'), 'utf8')).toContain('emu: 1');
    expect((await draftOf(w.url, '2')).code).toBe('GAIA_AP01');
    expect((await w.run('plan', '--detailed-exitcode')).code).toBe(0);
  });

  it('several apps match: it names them and apply creates nothing', async () => {
    const w = await killedAfterCreate('created-several');
    const other = await call(w.url, 'POST', '/k/v1/preview/app.json', { name: 'Orders' });
    expect(other.body.app).toBe('2');
    await deploy(w.url, '1');
    await deploy(w.url, '2');
    const refused = await w.run('apply', '--yes');
    expect(refused.code, refused.stdout + refused.stderr).toBe(1);
    expect(refused.stderr).toContain('apps 1, 2 all match its name, creator and time');
    expect((await draftOf(w.url, '3')).code).toBe('GAIA_AP01');
  });
});
