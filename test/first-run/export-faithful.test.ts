/**
 * Issue 21 items 14 and 15, through the built CLI on the embedded local service.
 *
 * 14: what export writes validates and plans to no changes: the files the service holds are
 * downloaded by default (`--no-files` leaves them out and says so), a value holding `${` is
 * written `$${` (docs/manifests.md: "`$${` writes a literal `${`"), and a manifest that says
 * `${VAR}` keeps saying it where the value did not change.
 * 15: export never discards a local edit silently: where the manifest (or a file it names)
 * differs from the service in an area export would rewrite, it refuses for that app, naming the
 * areas, unless --force.
 */
import { cp, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTempDir } from '../support/temp-dir.js';
import { appdeploy } from '../support/cli.js';

let source = '';

const MANIFEST = `# the tasks app
name: \${APP_NAME}
description: 'costs $\${PRICE} per seat'
fields:
  title: { type: SINGLE_LINE_TEXT, label: Title }
  due: { type: DATE, label: \${DUE_LABEL:-Due} }
customize:
  desktop:
    js: [{ type: FILE, path: tasks/app.js }]
    css: [{ type: FILE, path: tasks/app.css }]
`;
const APP_JS = "console.log('tasks');\n";
const APP_CSS = '.tasks { color: red; }\n';

const dir = useTempDir('export-faithful', async (d) => {
  source = join(d, 'source');
  await mkdir(join(source, 'apps', 'tasks'), { recursive: true });
  await writeFile(join(source, 'apps', 'tasks.yaml'), MANIFEST);
  await writeFile(join(source, 'apps', 'tasks', 'app.js'), APP_JS);
  await writeFile(join(source, 'apps', 'tasks', 'app.css'), APP_CSS);
  await writeFile(join(source, '.env'), 'APP_NAME=Tasks\n');
  await writeFile(
    join(source, 'appdeploy.yaml'),
    'environments:\n  local: {}\napps:\n  tasks: { manifest: apps/tasks.yaml }\n',
  );
  const applied = await appdeploy(['apply', '--yes'], source);
  expect(applied.code, applied.stderr).toBe(0);
});

/** An empty folder with the local service's data of the source project. */
async function folderWithData(name: string): Promise<string> {
  const target = join(dir(), name);
  await mkdir(target);
  await cp(join(source, '.appdeploy'), join(target, '.appdeploy'), { recursive: true });
  return target;
}

describe('export writes what the service holds, faithfully', () => {
  it('into a new project: files downloaded, ${ escaped; it validates and plans to no changes', async () => {
    const target = await folderWithData('new');
    const exported = await appdeploy(['export', '--all'], target);
    expect(exported.code, exported.stderr).toBe(0);
    expect(exported.stderr).toBe('[1/1] tasks (app 1): created apps/tasks.yaml\n');
    const manifest = await readFile(join(target, 'apps', 'tasks.yaml'), 'utf8');
    expect(manifest).toContain('description: costs $${PRICE} per seat\n');
    expect(manifest).toContain(
      [
        'customize:',
        '  desktop:',
        '    js: [ { type: FILE, path: tasks/app.js } ]',
        '    css: [ { type: FILE, path: tasks/app.css } ]',
      ].join('\n'),
    );
    expect(await readFile(join(target, 'apps', 'tasks', 'app.js'), 'utf8')).toBe(APP_JS);
    expect(await readFile(join(target, 'apps', 'tasks', 'app.css'), 'utf8')).toBe(APP_CSS);
    const validated = await appdeploy(['validate'], target);
    expect(validated.code, validated.stdout + validated.stderr).toBe(0);
    const planned = await appdeploy(['plan', '--detailed-exitcode'], target);
    expect(planned.code, planned.stdout + planned.stderr).toBe(0);
  });

  it('--no-files leaves the files out and says so; --files is still accepted', async () => {
    const target = await folderWithData('no-files');
    const exported = await appdeploy(['export', '--all', '--no-files'], target);
    expect(exported.code, exported.stderr).toBe(0);
    expect(exported.stderr).toContain(
      '    note: customize: 2 files left out (--no-files): app.js, app.css; export without --no-files to keep them (apply would remove them)\n',
    );
    const manifest = await readFile(join(target, 'apps', 'tasks.yaml'), 'utf8');
    expect(manifest).not.toContain('FILE');
    expect((await appdeploy(['validate'], target)).code).toBe(0);

    const alias = await folderWithData('files-alias');
    const withFiles = await appdeploy(['export', '--all', '--files'], alias);
    expect(withFiles.code, withFiles.stderr).toBe(0);
    expect(withFiles.stderr).toContain(
      '--files: files are downloaded by default; the flag is no longer needed',
    );
    expect(await readFile(join(alias, 'apps', 'tasks', 'app.js'), 'utf8')).toBe(APP_JS);
  });

  it('over a manifest saying ${VAR} and $${: no byte changes', async () => {
    const exported = await appdeploy(['export', '--app', 'tasks'], source);
    expect(exported.code, exported.stderr).toBe(0);
    expect(exported.stdout).toContain('1 unchanged');
    expect(await readFile(join(source, 'apps', 'tasks.yaml'), 'utf8')).toBe(MANIFEST);
  });

  it('refuses to overwrite local edits, naming the areas; --force takes the service, ${VAR} kept', async () => {
    // The service gets the label Heading; the manifest then says Title again (an edit not applied).
    const relabelled = MANIFEST.replace('label: Title', 'label: Heading');
    await writeFile(join(source, 'apps', 'tasks.yaml'), relabelled);
    expect((await appdeploy(['apply', '--yes'], source)).code).toBe(0);
    await writeFile(join(source, 'apps', 'tasks.yaml'), MANIFEST);
    // And a file the manifest names is edited locally.
    const editedJs = "console.log('tasks, edited');\n";
    await writeFile(join(source, 'apps', 'tasks', 'app.js'), editedJs);

    const refused = await appdeploy(['export', '--app', 'tasks'], source);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      '[1/1] tasks (app 1): refused: apps/tasks.yaml differs from the service in fields, customize, which export would overwrite',
    );
    expect(refused.stderr).toContain('npx appdeploy plan');
    expect(refused.stderr).toContain('--force');
    expect(await readFile(join(source, 'apps', 'tasks.yaml'), 'utf8')).toBe(MANIFEST);
    expect(await readFile(join(source, 'apps', 'tasks', 'app.js'), 'utf8')).toBe(editedJs);

    const forced = await appdeploy(['export', '--app', 'tasks', '--force'], source);
    expect(forced.code, forced.stderr).toBe(0);
    expect(await readFile(join(source, 'apps', 'tasks.yaml'), 'utf8')).toBe(relabelled);
    expect(await readFile(join(source, 'apps', 'tasks', 'app.js'), 'utf8')).toBe(APP_JS);
    const planned = await appdeploy(['plan', '--detailed-exitcode'], source);
    expect(planned.code, planned.stdout + planned.stderr).toBe(0);
  });
});
