import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { appdeploy } from '../support/cli.js';
import { call, emulatorAndProject, type Cleanups } from './emulator-process.js';

/**
 * Issue 21 item 6: an app that exists only as a draft (created and written by an apply that was
 * killed before its deploy call) is "not deployed": status says so (exit 2), plan shows it, and
 * apply deploys it. The state is made through the service's interface, as that apply left it:
 * the app created, its draft equal to the manifest, its id in appdeploy.yaml, never deployed
 * (a live read answers 404 GAIA_AP01 until the first deploy, platform-facts).
 */
const cleanups: Cleanups = [];
afterEach(async () => {
  for (const clean of cleanups.splice(0).reverse()) await clean();
});

const ENV = { EMU_LOGIN: 'admin', EMU_PASSWORD: 'admin' };
const MANIFEST = {
  name: 'Orders',
  fields: { title: { type: 'SINGLE_LINE_TEXT', label: 'Title' } },
};

describe('an app that was created but never deployed', { timeout: 60_000 }, () => {
  it('is "not deployed" in status (exit 2), shown by plan, and deployed by apply', async () => {
    const { emu, project } = await emulatorAndProject('never-deployed', cleanups);

    const created = await call(emu.url, 'POST', '/k/v1/preview/app.json', { name: 'Orders' });
    const id = String(created.body.app);
    const field = { type: 'SINGLE_LINE_TEXT', code: 'title', label: 'Title' };
    const added = await call(emu.url, 'POST', '/k/v1/preview/app/form/fields.json', {
      app: id,
      properties: { title: field },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect((await call(emu.url, 'GET', `/k/v1/app/settings.json?app=${id}`)).body.code).toBe('GAIA_AP01');

    await mkdir(join(project.path, 'apps'));
    await writeFile(join(project.path, 'apps', 'orders.yaml'), stringify(MANIFEST));
    const environments = {
      emu: { baseUrl: emu.url, auth: { login: '${EMU_LOGIN}', password: '${EMU_PASSWORD}' } },
    };
    const apps = { orders: { manifest: 'apps/orders.yaml', ids: { emu: Number(id) } } };
    await writeFile(join(project.path, 'appdeploy.yaml'), stringify({ environments, apps }));
    const run = (...args: string[]) => appdeploy([...args, '--env', 'emu'], project.path, ENV);

    const status = await run('status');
    expect(status.code, status.stderr).toBe(2);
    expect(status.stdout).toContain(
      `orders (app ${id}): not deployed (it exists only as a draft; apply deploys it)`,
    );
    const json = JSON.parse((await run('status', '--format', 'json')).stdout);
    expect(json.apps[0]).toMatchObject({ key: 'orders', deployed: false, deploy: null, inSync: false });

    const plan = await run('plan', '--detailed-exitcode');
    expect(plan.code, plan.stderr).toBe(2);
    expect(plan.stdout).toContain(
      `# app "orders" (id ${id}) will be deployed: it exists only as a draft (never deployed)`,
    );
    const planJson = JSON.parse((await run('plan', '--format', 'json')).stdout);
    expect(planJson.apps[0]).toMatchObject({ key: 'orders', action: 'deploy' });

    const applied = await run('apply', '--yes');
    expect(applied.code, applied.stderr).toBe(0);
    const live = await call(emu.url, 'GET', `/k/v1/app/form/fields.json?app=${id}`);
    expect(live.status).toBe(200);
    expect(live.body.properties.title).toMatchObject(field);

    const after = await run('status');
    expect(after.code, after.stdout).toBe(0);
    expect(after.stdout).toContain(`orders (app ${id}): in sync; last deployment SUCCESS`);
    expect((await run('plan', '--detailed-exitcode')).code).toBe(0);
  });
});
