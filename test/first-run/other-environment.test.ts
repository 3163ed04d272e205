/**
 * Issue 33 item 1: `init`, then the staging block uncommented as its comment says. An environment
 * the user is not using must not block `local`, whether its variables are unset or empty (as
 * `.env.example` copied to `.env` leaves them); chosen, its problems name the variables to set.
 */
import { copyFile, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTempDir } from '../support/temp-dir.js';
import { appdeploy } from '../support/cli.js';

const dir = useTempDir('other-env', async (at) => {
  expect((await appdeploy(['init', 'my-apps'], at)).code).toBe(0);
  const config = join(at, 'my-apps', 'appdeploy.yaml');
  // Uncomment the staging block, and only it, as its own comment says.
  const text = await readFile(config, 'utf8');
  const uncommented = text.replace(/^ {2}# staging:\n(?: {2}# {3}.*\n)+/m, (block) =>
    block.replace(/^ {2}# /gm, '  '),
  );
  expect(uncommented).toMatch(/^ {2}staging:\n {4}baseUrl: .*\n {4}auth:\n {6}login: \$\{STAGING_LOGIN\}$/m);
  await writeFile(config, uncommented);
});
const project = () => join(dir(), 'my-apps');
// The variables must come from the project's .env alone, whatever the machine running the test has.
const clean = { STAGING_LOGIN: undefined, STAGING_PASSWORD: undefined };

describe('an environment the user is not using', () => {
  it.each([
    ['unset (no .env)', false],
    ['empty (.env.example copied to .env)', true],
  ])(
    'with its variables %s, does not block local',
    async (_name, copyExample) => {
      await rm(join(project(), '.env'), { force: true });
      if (copyExample) await copyFile(join(project(), '.env.example'), join(project(), '.env'));
      const validated = await appdeploy(['validate'], project(), clean);
      expect(validated.stderr).toBe('');
      expect(validated.stdout).toBe('appdeploy.yaml: valid (1 app: tasks, environment local)\n');
      expect(validated.code).toBe(0);
      const planned = await appdeploy(['plan', '--detailed-exitcode'], project(), clean);
      expect(planned.stderr).toBe('');
      expect(planned.code).toBe(2);
    },
    60_000,
  );

  it('chosen with --env and empty variables, names each variable to fill in', async () => {
    await copyFile(join(project(), '.env.example'), join(project(), '.env'));
    const planned = await appdeploy(['plan', '--env', 'staging'], project(), clean);
    expect(planned.code).toBe(1);
    expect(planned.stderr).toMatchInlineSnapshot(`
      "appdeploy.yaml:10:14: variable STAGING_LOGIN is empty
        10 |       login: \${STAGING_LOGIN}
           |              ^
        hint: Give STAGING_LOGIN a value in the environment or in .env beside appdeploy.yaml.

      appdeploy.yaml:11:17: variable STAGING_PASSWORD is empty
        11 |       password: \${STAGING_PASSWORD}
           |                 ^
        hint: Give STAGING_PASSWORD a value in the environment or in .env beside appdeploy.yaml.

      2 problems in 1 file.
      "
    `);
  }, 60_000);

  it('chosen with --env and unset variables, names each variable to set', async () => {
    await rm(join(project(), '.env'), { force: true });
    const planned = await appdeploy(['validate', '--env', 'staging'], project(), clean);
    expect(planned.code).toBe(1);
    expect(planned.stdout).toContain('appdeploy.yaml:10:14: variable STAGING_LOGIN is not set\n');
    expect(planned.stdout).toContain('appdeploy.yaml:11:17: variable STAGING_PASSWORD is not set\n');
    expect(planned.stdout).not.toContain('must not be empty');
  }, 60_000);
});
