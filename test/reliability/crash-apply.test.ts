import { spawn } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { BIN } from '../support/cli.js';
import { appdeploy, type Run } from '../support/cli.js';
import { call, startDataEmulator, stop, tempDir } from './emulator-process.js';

/**
 * kill -9 of the local service (a separate process with --data) while a whole `appdeploy apply`
 * (the built CLI) is deploying two apps, then a restart on the same data: the store opens, each
 * app is wholly at its old or wholly at its new settings (one deploy call is all or nothing
 * across its apps, platform-facts), and a second apply converges (a fresh plan is empty).
 */
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const clean of cleanups.splice(0).reverse()) await clean();
});

/** A deploy stays PROCESSING this long: room to kill the service in the middle of one. */
const DEPLOY_MS = 400;
const APPS = ['orders', 'stock'];
const rows = (codes: string[]) => codes.map((code) => ({ type: 'ROW', fields: [{ code }] }));
const OLD = (key: string) => ({
  name: `${key} v1`,
  fields: { title: { type: 'SINGLE_LINE_TEXT', label: 'Title' } },
  layout: rows(['title']),
});
// The new version changes three areas: the name, a new field, and the layout.
const NEW = (key: string) => ({
  name: `${key} v2`,
  fields: {
    title: { type: 'SINGLE_LINE_TEXT', label: 'Title' },
    amount: { type: 'NUMBER', label: 'Amount' },
  },
  layout: rows(['amount', 'title']),
});
// Secrets in the environment, as a CI run gives them (README, Environments and secrets).
const ENV = { EMU_LOGIN: 'admin', EMU_PASSWORD: 'admin' };

async function writeProject(root: string, version: (key: string) => object): Promise<void> {
  await mkdir(join(root, 'apps'), { recursive: true });
  for (const key of APPS) await writeFile(join(root, 'apps', `${key}.yaml`), stringify(version(key)));
}

async function initProject(root: string, url: string): Promise<void> {
  await writeProject(root, OLD);
  const environments = {
    emu: { baseUrl: url, auth: { login: '${EMU_LOGIN}', password: '${EMU_PASSWORD}' } },
  };
  const apps = Object.fromEntries(APPS.map((key) => [key, { manifest: `apps/${key}.yaml` }]));
  await writeFile(join(root, 'appdeploy.yaml'), stringify({ environments, apps }));
}

/** `appdeploy apply` started as its own process, so the test can act while it runs. */
function startApply(root: string, timeout: string): Promise<Run> {
  const child = spawn(process.execPath, [BIN, 'apply', '--env', 'emu', '--yes', '--timeout', timeout], {
    cwd: root,
    env: { ...process.env, NO_COLOR: '1', ...ENV },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  cleanups.push(() => void child.kill('SIGKILL'));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code: code ?? 1, stdout, stderr })));
}

/** The live name, field codes and layout of an app. */
async function live(url: string, app: string): Promise<{ name: string; fields: string[]; layout: string[] }> {
  const settings = await call(url, 'GET', `/k/v1/app/settings.json?app=${app}`);
  const fields = await call(url, 'GET', `/k/v1/app/form/fields.json?app=${app}`);
  const layout = await call(url, 'GET', `/k/v1/app/form/layout.json?app=${app}`);
  for (const res of [settings, fields, layout]) expect(res.status, JSON.stringify(res.body)).toBe(200);
  const custom = Object.values(fields.body.properties as Record<string, { code: string; type: string }>)
    .filter((f) => ['SINGLE_LINE_TEXT', 'NUMBER'].includes(f.type))
    .map((f) => f.code)
    .sort();
  const shown = (layout.body.layout as { fields: { code: string }[] }[]).flatMap((r) =>
    r.fields.map((f) => f.code),
  );
  return { name: settings.body.name, fields: custom, layout: shown };
}

/**
 * The live state of every app, read while no deploy ended. It takes six calls; a deploy that
 * ends between them shows some before it and some after (as reads on the hosted platform would),
 * which says nothing of whether the deploy itself was whole: such a read is made again.
 */
async function wholeLive(url: string, ids: string[]): Promise<Awaited<ReturnType<typeof live>>[]> {
  for (;;) {
    const statuses = JSON.stringify(await deployStatuses(url, ids));
    const state = await Promise.all(ids.map((id) => live(url, id)));
    if (JSON.stringify(await deployStatuses(url, ids)) === statuses) return state;
  }
}

async function deployStatuses(url: string, ids: string[]): Promise<string[]> {
  const res = await call(
    url,
    'GET',
    `/k/v1/preview/app/deploy.json?${ids.map((id) => `apps[]=${id}`).join('&')}`,
  );
  return res.status === 200 ? (res.body.apps as { status: string }[]).map((a) => a.status) : [];
}

describe('kill -9 of the service during a whole appdeploy apply', { timeout: 60_000 }, () => {
  // Restarted at once on the same port, the service is back while the apply still polls its
  // deploy (it retries through the outage); restarted late, the apply has given up at --timeout
  // and says the outcome is unknown (exit 3, README).
  it.each([
    ['as the deploy starts', 'at once', 0],
    ['half-way through the deploy', 'at once', DEPLOY_MS / 2],
    ['half-way through the deploy', 'after the apply gave up', DEPLOY_MS / 2],
  ] as const)(
    'killed %s, restarted %s: whole apps, and a second apply converges',
    async (_when, restart, afterMs) => {
      const data = tempDir('appdeploy-crash-apply-data-');
      const project = tempDir('appdeploy-crash-apply-project-');
      cleanups.push(
        () => data.remove(),
        () => project.remove(),
      );
      let emu = await startDataEmulator(data.path, 0, DEPLOY_MS);
      cleanups.push(() => stop(emu));
      const port = Number(new URL(emu.url).port);
      await initProject(project.path, emu.url);
      const first = await appdeploy(['apply', '--env', 'emu', '--yes'], project.path, ENV);
      expect(first.code, first.stderr).toBe(0);
      const ids = await appIds(emu.url);
      const before = await Promise.all(ids.map((id) => live(emu.url, id)));
      const after = APPS.map(newState);

      await writeProject(project.path, NEW);
      const late = restart !== 'at once';
      const applying = startApply(project.path, late ? '2s' : '1m');
      // Kill the service once the apply's deploy is running (then `afterMs` into it).
      while (!(await deployStatuses(emu.url, ids)).includes('PROCESSING')) await sleep(5);
      await sleep(afterMs);
      await stop(emu, 'SIGKILL');
      if (late) {
        const gaveUp = await applying;
        expect(gaveUp.code, gaveUp.stderr).toBe(3);
      }
      emu = await startDataEmulator(data.path, port, DEPLOY_MS);
      const rightAfter = await wholeLive(emu.url, ids);
      if (!late) {
        // The apply saw its deploy through: applied (0), or, had the deploy failed, rolled back (1).
        const finished = await applying;
        expect([0, 1], finished.stderr).toContain(finished.code);
        if (finished.code === 0) expect(await Promise.all(ids.map((id) => live(emu.url, id)))).toEqual(after);
      }
      while ((await deployStatuses(emu.url, ids)).includes('PROCESSING')) await sleep(20);
      const settled = await Promise.all(ids.map((id) => live(emu.url, id)));
      // One deploy call: both apps wholly at the old version, or both wholly at the new one.
      for (const state of [rightAfter, settled])
        expect([JSON.stringify(before), JSON.stringify(after)]).toContain(JSON.stringify(state));

      const second = await appdeploy(['apply', '--env', 'emu', '--yes'], project.path, ENV);
      expect(second.code, second.stderr).toBe(0);
      expect(await Promise.all(ids.map((id) => live(emu.url, id)))).toEqual(after);
      const plan = await appdeploy(['plan', '--env', 'emu', '--detailed-exitcode'], project.path, ENV);
      expect(plan.code, plan.stdout).toBe(0);
    },
  );
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function newState(key: string) {
  return { name: `${key} v2`, fields: ['amount', 'title'], layout: ['amount', 'title'] };
}

async function appIds(url: string): Promise<string[]> {
  const res = await call(url, 'GET', '/k/v1/apps.json');
  return (res.body.apps as { appId: string; name: string }[])
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((a) => a.appId);
}
