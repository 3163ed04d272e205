/**
 * Issue 21 item 16, through the built CLI on the embedded local service: `export --all` starts a
 * project in a folder whose appdeploy.yaml names only an environment (no `apps` yet), and every
 * hint about starting a project says exactly what to write.
 */
import { cp, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTempDir } from '../support/temp-dir.js';
import { appdeploy } from '../support/cli.js';

let source = '';

const dir = useTempDir('export-start', async (d) => {
  source = join(d, 'source');
  await mkdir(join(source, 'apps'), { recursive: true });
  await writeFile(
    join(source, 'apps', 'tasks.yaml'),
    'name: Tasks\nfields:\n  title: { type: SINGLE_LINE_TEXT, label: Title }\n',
  );
  await writeFile(
    join(source, 'appdeploy.yaml'),
    'environments:\n  local: {}\napps:\n  tasks: { manifest: apps/tasks.yaml }\n',
  );
  const applied = await appdeploy(['apply', '--yes'], source);
  expect(applied.code, applied.stderr).toBe(0);
});

describe('starting a project with export', () => {
  it('export --all where appdeploy.yaml names only an environment: apps added, plan empty', async () => {
    const target = join(dir(), 'only-environment');
    await mkdir(target);
    // The local service's data of the applied project, as a team's own service would be.
    await cp(join(source, '.appdeploy'), join(target, '.appdeploy'), { recursive: true });
    const config = '# our apps\nenvironments:\n  local: {}\n';
    await writeFile(join(target, 'appdeploy.yaml'), config);
    expect((await appdeploy(['validate'], target)).code).toBe(0);

    const exported = await appdeploy(['export', '--all'], target);
    expect(exported.code, exported.stderr).toBe(0);
    expect(exported.stdout).toContain('1 created; appdeploy.yaml updated.');
    const written = await readFile(join(target, 'appdeploy.yaml'), 'utf8');
    // What was there stays as written; the apps come after it.
    expect(written.startsWith(config)).toBe(true);
    expect(written).toMatch(/^apps:\n {2}tasks: \{ manifest: apps\/tasks\.yaml/m);
    const planned = await appdeploy(['plan', '--detailed-exitcode'], target);
    expect(planned.code, planned.stdout + planned.stderr).toBe(0);
  });

  it('export --env NAME without a project file says what to write, exactly', async () => {
    const target = join(dir(), 'empty');
    await mkdir(target);
    const refused = await appdeploy(['export', '--all', '--env', 'staging'], target);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      [
        'Write appdeploy.yaml with that environment, for example:',
        'environments:',
        '  staging:',
        '    baseUrl: https://example.cybozu.com',
        '    auth: { login: ${STAGING_LOGIN}, password: ${STAGING_PASSWORD} }',
        'then run again: `npx appdeploy export --env staging --all`',
      ].join('\n'),
    );
  });

  it('a command outside a project names the two ways to start one', async () => {
    const target = join(dir(), 'nothing');
    await mkdir(target);
    const planned = await appdeploy(['plan'], target);
    expect(planned.code).toBe(1);
    expect(planned.stderr).toContain('npx appdeploy init');
    expect(planned.stderr).toContain('npx appdeploy export --all');
  });
});
