/**
 * Issue 21 item 17, through the built CLI: the `$schema` modelines that `init` and `export`
 * write point at a file that exists in the project's setting (the schema inside
 * node_modules/appdeploy when the project has appdeploy as a dependency, the repository's
 * schema/ inside this repository), and a project that has neither gets no modeline rather than
 * an address that does not exist.
 */
import { existsSync } from 'node:fs';
import { cp, mkdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appdeploy, ROOT, tempDir } from '../support/cli.js';

const MODELINE = /^# yaml-language-server: \$schema=(\S+)$/;

let dir = '';
/** The local service's data of an applied one-app project, to export from. */
let data = '';
const inRepository = join(ROOT, 'test', 'first-run', `.modelines-${process.pid}`);

beforeAll(async () => {
  dir = await tempDir('modelines');
  const source = join(dir, 'source');
  await mkdir(join(source, 'apps'), { recursive: true });
  await writeFile(join(source, 'apps', 'tasks.yaml'), 'name: Tasks\n');
  await writeFile(
    join(source, 'appdeploy.yaml'),
    'environments:\n  local: {}\napps:\n  tasks: { manifest: apps/tasks.yaml }\n',
  );
  const applied = await appdeploy(['apply', '--yes'], source);
  expect(applied.code, applied.stderr).toBe(0);
  data = join(source, '.appdeploy');
}, 120_000);

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
  await rm(inRepository, { recursive: true, force: true });
});

/** The schema a file's first line names, as a path relative to the file; null without a modeline. */
async function modelineTarget(file: string): Promise<string | null> {
  const first = (await readFile(file, 'utf8')).split('\n')[0] ?? '';
  return MODELINE.exec(first)?.[1] ?? null;
}

async function initAndExport(project: string): Promise<Record<string, string | null>> {
  const init = join(project, 'started');
  expect((await appdeploy(['init', init], project)).code).toBe(0);
  const exported = join(project, 'exported');
  await mkdir(exported);
  await cp(data, join(exported, '.appdeploy'), { recursive: true });
  const result = await appdeploy(['export', '--all'], exported);
  expect(result.code, result.stderr).toBe(0);
  const files = {
    'started/appdeploy.yaml': join(init, 'appdeploy.yaml'),
    'started/apps/tasks.yaml': join(init, 'apps', 'tasks.yaml'),
    'started/records/tasks.yaml': join(init, 'records', 'tasks.yaml'),
    'exported/appdeploy.yaml': join(exported, 'appdeploy.yaml'),
    'exported/apps/tasks.yaml': join(exported, 'apps', 'tasks.yaml'),
  };
  const targets: Record<string, string | null> = {};
  for (const [name, file] of Object.entries(files)) {
    const target = await modelineTarget(file);
    // Never an address (the schema's $id is no published file), always a file that is there.
    if (target !== null) expect(existsSync(resolve(dirname(file), target)), `${name}: ${target}`).toBe(true);
    targets[name] = target;
  }
  return targets;
}

describe('schema modelines of init and export', () => {
  it('a project with appdeploy in node_modules: the installed schema', async () => {
    const project = join(dir, 'with-dependency');
    await mkdir(join(project, 'node_modules'), { recursive: true });
    // What `npm install <tarball or git URL>` (or npm link) leaves: the package in node_modules.
    await symlink(ROOT, join(project, 'node_modules', 'appdeploy'), 'dir');
    expect(await initAndExport(project)).toEqual({
      'started/appdeploy.yaml': '../node_modules/appdeploy/schema/project.schema.json',
      'started/apps/tasks.yaml': '../../node_modules/appdeploy/schema/app.schema.json',
      'started/records/tasks.yaml': '../../node_modules/appdeploy/schema/records.schema.json',
      'exported/appdeploy.yaml': '../node_modules/appdeploy/schema/project.schema.json',
      'exported/apps/tasks.yaml': '../../node_modules/appdeploy/schema/app.schema.json',
    });
  }, 60_000);

  it("a project inside this repository: the repository's schema/", async () => {
    await mkdir(inRepository, { recursive: true });
    expect(await initAndExport(inRepository)).toEqual({
      'started/appdeploy.yaml': '../../../../schema/project.schema.json',
      'started/apps/tasks.yaml': '../../../../../schema/app.schema.json',
      'started/records/tasks.yaml': '../../../../../schema/records.schema.json',
      'exported/appdeploy.yaml': '../../../../schema/project.schema.json',
      'exported/apps/tasks.yaml': '../../../../../schema/app.schema.json',
    });
  }, 60_000);

  it('a project that holds no schema: no modeline, and the files still validate', async () => {
    const project = join(dir, 'bare');
    await mkdir(project);
    expect(await initAndExport(project)).toEqual({
      'started/appdeploy.yaml': null,
      'started/apps/tasks.yaml': null,
      'started/records/tasks.yaml': null,
      'exported/appdeploy.yaml': null,
      'exported/apps/tasks.yaml': null,
    });
    expect((await appdeploy(['validate'], join(project, 'started'))).code).toBe(0);
    expect((await appdeploy(['validate'], join(project, 'exported'))).code).toBe(0);
  }, 60_000);
});
