/**
 * Issue 21 item 8, through the built CLI: the local environment's app ids live with its data in
 * `.appdeploy/local/ids.json`, never in the committed appdeploy.yaml; deleting `.appdeploy/` (or
 * a fresh clone) starts over instead of breaking every command with `[404] GAIA_AP01`; an old
 * `ids: { local: N }` is moved when the local service has that app and ignored when it does not;
 * an id the service does not have is an error naming the app key and what to do, in any
 * environment.
 */
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { call, startDataEmulator, stop, tempDir as dataDir } from '../reliability/emulator-process.js';
import { useTempDir } from '../support/temp-dir.js';
import { appdeploy, serveProject, stopServing, tempDir } from '../support/cli.js';

let project = '';
const CONFIG = 'environments:\n  local: {}\napps:\n  tasks:\n    manifest: apps/tasks.yaml\n';

useTempDir('local-ids', async (d) => {
  project = join(d, 'p');
  const init = await appdeploy(['init', 'p'], d);
  if (init.code !== 0) throw new Error(init.stderr);
  await writeFile(join(project, 'appdeploy.yaml'), CONFIG);
});

const idsFile = () => join(project, '.appdeploy', 'local', 'ids.json');
const readIds = async () => JSON.parse(await readFile(idsFile(), 'utf8')) as unknown;

async function applyAndSettle(): Promise<void> {
  const applied = await appdeploy(['apply', '--yes'], project);
  expect(applied.code, applied.stderr).toBe(0);
  const planned = await appdeploy(['plan', '--detailed-exitcode'], project);
  expect(planned.code, planned.stdout + planned.stderr).toBe(0);
}

describe('ids of the local environment', { timeout: 120_000 }, () => {
  it('live in .appdeploy/local/ids.json, and deleting .appdeploy/ starts over', async () => {
    await applyAndSettle();
    expect(await readFile(join(project, 'appdeploy.yaml'), 'utf8')).toBe(CONFIG);
    expect(await readIds()).toEqual({ local: { tasks: '1' } });

    await rm(join(project, '.appdeploy'), { recursive: true, force: true });
    const status = await appdeploy(['status'], project);
    expect(status.code, status.stderr).toBe(2);
    expect(status.stdout).toContain('tasks: not created yet (apply creates it)');
    await applyAndSettle();
    expect(await readIds()).toEqual({ local: { tasks: '1' } });
  });

  it('moves an old ids.local the local service has into ids.json, and says so', async () => {
    await rm(idsFile());
    const old = CONFIG.replace('apps/tasks.yaml\n', 'apps/tasks.yaml\n    ids: { local: 1 }\n');
    await writeFile(join(project, 'appdeploy.yaml'), old);
    const planned = await appdeploy(['plan', '--detailed-exitcode'], project);
    expect(planned.code, planned.stdout + planned.stderr).toBe(0);
    expect(planned.stderr).toBe(
      'Note: appdeploy.yaml:6:19: apps.tasks.ids.local: id 1 was moved to .appdeploy/local/ids.json; remove it from appdeploy.yaml: the ids of environment "local" live in .appdeploy/local/ids.json, with the local service\'s data, and are not committed.\n',
    );
    expect(await readIds()).toEqual({ local: { tasks: '1' } });
    const again = await appdeploy(['plan', '--detailed-exitcode'], project);
    expect(again.stderr).toContain('Note: appdeploy.yaml:6:19: apps.tasks.ids.local is not read; remove it');
    await writeFile(join(project, 'appdeploy.yaml'), CONFIG);
  });

  it('ignores an old ids.local in a fresh clone, where the local service has no such app', async () => {
    await rm(join(project, '.appdeploy'), { recursive: true, force: true });
    const old = CONFIG.replace('apps/tasks.yaml\n', 'apps/tasks.yaml\n    ids: { local: 7 }\n');
    await writeFile(join(project, 'appdeploy.yaml'), old);
    const planned = await appdeploy(['plan'], project);
    expect(planned.code, planned.stderr).toBe(0);
    expect(planned.stderr).toContain(
      'apps.tasks.ids.local: id 7 is ignored, the local service has no such app (apply creates it)',
    );
    expect(planned.stdout).toContain('will be created');
    await applyAndSettle();
    expect(await readIds()).toEqual({ local: { tasks: '1' } });
    await writeFile(join(project, 'appdeploy.yaml'), CONFIG);
  });

  it('names the app key and what to do when ids.json names an app the local service lacks', async () => {
    await writeFile(idsFile(), JSON.stringify({ local: { tasks: '42' } }));
    const planned = await appdeploy(['plan'], project);
    expect(planned.code).toBe(1);
    expect(planned.stderr).not.toContain('[404]');
    expect(planned.stderr).toContain(
      'app "tasks" has id 42 in .appdeploy/local/ids.json (environment "local"), but the local service has no app 42',
    );
    expect(planned.stderr).toContain(
      'Remove "tasks" from .appdeploy/local/ids.json to have apply create the app again, or delete .appdeploy/ to start over.',
    );
  });
});

describe('an id the service does not have, in an environment with a baseUrl', { timeout: 60_000 }, () => {
  it('is an error at its place in appdeploy.yaml, naming the app key and what to do', async () => {
    const data = dataDir('appdeploy-unknown-id-data-');
    const emu = await startDataEmulator(data.path);
    try {
      const root = await tempDir('unknown-id');
      await appdeploy(['init', 'p'], root);
      const config = `environments:\n  emu:\n    baseUrl: ${emu.url}\n    auth: { login: admin, password: admin }\napps:\n  tasks: { manifest: apps/tasks.yaml, ids: { emu: 5 } }\n`;
      await writeFile(join(root, 'p', 'appdeploy.yaml'), config);
      expect((await call(emu.url, 'GET', '/k/v1/preview/app/settings.json?app=5')).body.code).toBe(
        'GAIA_AP01',
      );
      for (const command of ['plan', 'status', 'apply']) {
        const run = await appdeploy(
          [command, '--yes'].slice(0, command === 'apply' ? 2 : 1),
          join(root, 'p'),
        );
        expect(run.code, run.stderr).toBe(1);
        expect(run.stderr).toContain(
          'appdeploy.yaml:6:51: app "tasks" has id 5 in environment "emu", but the service has no app 5 (or this user cannot see it)',
        );
        expect(run.stderr).toContain(
          'Correct apps.tasks.ids.emu in appdeploy.yaml, or remove it to have apply create the app.',
        );
      }
      await rm(root, { recursive: true, force: true });
    } finally {
      await stop(emu);
      data.remove();
    }
  });

  it('a damaged ids.json: its hint is a way out that keeps the local apps, and the way it names works', async () => {
    await writeFile(join(project, 'appdeploy.yaml'), CONFIG);
    await rm(join(project, '.appdeploy'), { recursive: true, force: true });
    await applyAndSettle();
    await writeFile(idsFile(), '{"local": {"tasks": ');
    const planned = await appdeploy(['plan'], project);
    expect(planned.code).toBe(1);
    expect(planned.stderr).toContain('appdeploy emulator -C .` serves the local apps');
    // The command the hint names serves the data despite the damaged file, and lists the apps.
    const served = serveProject(project);
    try {
      const url = await served.url;
      const listed = await fetch(`${url}/k/v1/apps.json`, {
        headers: { 'X-Cybozu-Authorization': Buffer.from('admin:admin').toString('base64') },
      });
      const { apps } = (await listed.json()) as { apps: { appId: string; name: string }[] };
      expect(apps.map((app) => [app.appId, app.name])).toEqual([['1', 'Tasks']]);
    } finally {
      await stopServing(served.child);
    }
    // Written again as the hint shows it: the app is the same one, and nothing is created.
    await writeFile(idsFile(), '{"local": {"tasks": "1"}}');
    const again = await appdeploy(['plan', '--detailed-exitcode'], project);
    expect(again.code, again.stdout + again.stderr).toBe(0);
  });
});
