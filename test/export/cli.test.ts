/**
 * The built CLI, once, on the embedded local service: a project is applied, its local service's
 * data copied into an empty folder, and `appdeploy export --all` there creates appdeploy.yaml
 * (with the local environment) and a manifest that plans to no changes; exporting again over
 * the hand-written project changes no byte; a bad selection exits 1.
 */
import { cp, mkdtemp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appdeploy, ROOT } from '../support/cli.js';
import { stringify } from 'yaml';
import { snapshotFiles } from './harness.js';

const run = (args: string[]) => appdeploy(args, ROOT);

const dirs: string[] = [];
let source = '';

beforeAll(async () => {
  source = await mkdtemp(join(tmpdir(), 'appdeploy-cli-export-'));
  dirs.push(source);
  await mkdir(join(source, 'apps'));
  const tasks = {
    name: 'Tasks',
    fields: { title: { type: 'SINGLE_LINE_TEXT', label: 'Title' }, due: { type: 'DATE', label: 'Due' } },
    layout: [{ type: 'ROW', fields: [{ code: 'title' }, { code: 'due' }] }],
  };
  await writeFile(join(source, 'apps', 'tasks.yaml'), `# the tasks app\n${stringify(tasks)}`);
  await writeFile(
    join(source, 'appdeploy.yaml'),
    '# tasks, kept in git\nenvironments:\n  local: {}\napps:\n  tasks: { manifest: apps/tasks.yaml }\n',
  );
  const applied = await run(['apply', '-C', source, '--yes']);
  expect(applied.code, applied.stderr).toBe(0);
}, 120_000);

afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

describe('appdeploy export (built CLI)', () => {
  it('exports into a folder without a project, which then plans to no changes', async () => {
    const target = await mkdtemp(join(tmpdir(), 'appdeploy-cli-export-new-'));
    dirs.push(target);
    await cp(join(source, '.appdeploy'), join(target, '.appdeploy'), { recursive: true });
    const result = await run(['export', '-C', target, '--all', '--format', 'json']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toBe('[1/1] tasks (app 1): created apps/tasks.yaml\n');
    const json = JSON.parse(result.stdout) as {
      projectFile: unknown;
      apps: { key: string; status: string }[];
    };
    expect(json.projectFile).toEqual({ path: 'appdeploy.yaml', status: 'created' });
    expect(json.apps.map((a) => [a.key, a.status])).toEqual([['tasks', 'created']]);
    const config = await readFile(join(target, 'appdeploy.yaml'), 'utf8');
    // A temporary folder holds no schema: no modeline (issue 21 item 17).
    expect(config).toMatch(/^environments:\n/);
    expect(config).toContain('  local: {}');
    // The local service's ids live with its data, never in appdeploy.yaml (issue 21 item 8).
    expect(config).toContain('tasks: { manifest: apps/tasks.yaml }');
    expect(config).not.toContain('ids:');
    const ids = JSON.parse(await readFile(join(target, '.appdeploy', 'local', 'ids.json'), 'utf8')) as {
      local?: Record<string, string>;
    };
    expect(ids.local?.tasks).toBe('1');
    const manifest = await readFile(join(target, 'apps', 'tasks.yaml'), 'utf8');
    expect(manifest).toMatch(/^name: Tasks\n/);
    const planned = await run(['plan', '-C', target, '--detailed-exitcode']);
    expect(planned.code, planned.stdout + planned.stderr).toBe(0);
    expect(planned.stderr).not.toContain('Note:');
    const files = await snapshotFiles(target);
    expect((await run(['export', '-C', target, '--app', 'tasks'])).code).toBe(0);
    expect(await snapshotFiles(target)).toEqual(files);
  });

  it('over the hand-written project changes no byte, and prints a summary', async () => {
    const before = await snapshotFiles(source);
    const result = await run(['export', '-C', source, '--app', 'tasks']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toBe(
      'Exported 1 app (live, environment local): 1 unchanged; appdeploy.yaml unchanged.\n',
    );
    expect(await snapshotFiles(source)).toEqual(before);
  });

  it('exits 1 without a selection, or with an app the service does not have', async () => {
    const none = await run(['export', '-C', source]);
    expect(none.code).toBe(1);
    expect(none.stderr).toContain('choose the apps with one of --app, --space or --all');
    const missing = await run(['export', '-C', source, '--app', '999']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('no app 999 on the service');
  });
});
