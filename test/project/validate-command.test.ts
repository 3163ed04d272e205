import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Problem } from '../../src/project/index.js';
import { runMain } from '../support/main-in-process.js';

const BROKEN = 'test/project/fixtures/broken';
const VALID = 'examples/crm';
const temp = mkdtempSync(join(tmpdir(), 'appdeploy-validate-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

const run = (...args: string[]) => runMain(['validate', ...args]);

/** A copy of a broken case to change further, in a temporary folder. */
function copyCase(name: string): string {
  const dir = join(temp, `${name}-${Math.random().toString(36).slice(2)}`);
  cpSync(join(BROKEN, name), dir, { recursive: true });
  return dir;
}

/** Case `name` with `file` written as `content`, validated: exit 1 and nothing on stderr. */
async function refusedWith(name: string, file: string, content: string) {
  const dir = copyCase(name);
  writeFileSync(join(dir, file), content);
  const { code, out, err } = await run('-C', dir);
  expect(code).toBe(1);
  expect(err).toBe('');
  return { dir, out };
}

describe('appdeploy validate', () => {
  it('exits 0 and says so for a valid project', async () => {
    const { code, out } = await run('-C', VALID);
    expect(code).toBe(0);
    expect(out).toBe('examples/crm/appdeploy.yaml: valid (2 apps: customers, deals, environment local)\n');
  });

  it.each([
    ['malformed YAML', 'yaml-syntax', 'apps/orders.yaml:42:3: invalid YAML'],
    ['a bracket left open at the end', 'yaml-open-at-end', 'apps/orders.yaml:100:47: invalid YAML'],
    ['nesting past 100 levels', 'yaml-too-deep', 'apps/orders.yaml:101:109: maps and lists nest'],
    [
      'a wrong type at depth',
      'schema-wrong-type-deep',
      'apps/orders.yaml:53:13: views.Open.fields: must be a list, not text',
    ],
    ['an unknown key', 'schema-unknown-key', 'apps/orders.yaml:2:1: colour: unknown key "colour"'],
    ['a binary file', 'file-binary', 'appdeploy.yaml:7:26: apps.customers.manifest: '],
    ['an unset variable', 'variable-unset', 'apps/orders.yaml:1:14: variable ORDERS_SUFFIX is not set'],
  ])('ends %s in a located error and exit 1, never a stack', async (_what, name, expected) => {
    const { code, out, err } = await run('-C', join(BROKEN, name));
    expect(code).toBe(1);
    expect(out).toContain(`${BROKEN}/${name}/${expected}`);
    expect(out).toMatch(/\n {2}\d+ \| .*\n {2} +\| +\^\n/);
    expect(err).toBe('');
  });

  it('refuses a 10 MB manifest without reading it, at the line that names it', async () => {
    const { out } = await refusedWith(
      'schema-unknown-key',
      'apps/customers.yaml',
      'name: x\n' + '#'.repeat(10 * 1024 * 1024),
    );
    expect(out).toContain(
      'appdeploy.yaml:7:26: apps.customers.manifest: apps/customers.yaml is 10.0 MB, more than the 1.0 MB a manifest may have',
    );
  });

  it('refuses a 12 MB .env as it refuses a manifest, without reading it', async () => {
    const { dir, out } = await refusedWith(
      'variable-unset-in-chosen-environment',
      '.env',
      'STAGING_PASSWORD=' + 'x'.repeat(12 * 1024 * 1024),
    );
    expect(out).toContain(
      `${dir}/.env:1:1: ${dir}/.env is 12.0 MB, more than the 1.0 MB a .env file may have\n  hint: .env holds NAME=value lines`,
    );
    const json = JSON.parse((await run('-C', dir, '--format', 'json')).out) as { problems: Problem[] };
    expect(json.problems.map((p) => [p.code, p.file, p.line, p.col])).toEqual([
      ['FILE.TOO_LARGE', `${dir}/.env`, 1, 1],
    ]);
  });

  it('says a binary .env is not text, and prints none of its bytes', async () => {
    const { code, out, err } = await run('-C', join(BROKEN, 'dotenv-binary'));
    expect(code).toBe(1);
    expect(err).toBe('');
    const env = `${BROKEN}/dotenv-binary/.env`;
    expect(out).toBe(
      `${env}:1:1: ${env} is not a UTF-8 text file\n  hint: Save .env as UTF-8 text with NAME=value lines.\n\n1 problem in 1 file.\n`,
    );
  });

  it('prints the text format with the source line, a caret and the hint', async () => {
    const { out } = await run('-C', join(BROKEN, 'lookup-unknown-key-field'));
    expect(out.replaceAll(`${BROKEN}/lookup-unknown-key-field/`, '')).toMatchInlineSnapshot(`
      "apps/orders.yaml:11:24: fields.customer.lookup.relatedKeyField: no field "cod" in app "customers"
        11 |       relatedKeyField: cod
           |                        ^
        hint: Did you mean "code"?

      1 problem in 1 file.
      "
    `);
  });

  it('prints the documented JSON format', async () => {
    const { code, out } = await run('-C', join(BROKEN, 'view-filter-option'), '--format', 'json');
    expect(code).toBe(1);
    expect(JSON.parse(out)).toEqual({
      valid: false,
      config: `${BROKEN}/view-filter-option/appdeploy.yaml`,
      environment: 'local',
      apps: ['customers', 'orders'],
      problems: [
        {
          code: 'QUERY.OPTION',
          message:
            'views.Open.filterCond: "Closed" is not an option of "state" (DROP_DOWN); its options are "Open", "Done".',
          file: `${BROKEN}/view-filter-option/apps/orders.yaml`,
          line: 54,
          col: 27,
          path: 'views.Open.filterCond',
        },
      ],
    });
    const valid = await run('-C', VALID, '--format', 'json');
    expect(JSON.parse(valid.out)).toMatchObject({ valid: true, environment: 'local', problems: [] });
  });

  it('resolves variables of the chosen environment only, from .env and the environment', async () => {
    const dir = copyCase('variable-unset-in-chosen-environment');
    expect((await run('-C', dir)).out).toContain('variable STAGING_PASSWORD is not set');
    expect((await run('-C', dir, '--env', 'local')).code).toBe(0);
    writeFileSync(join(dir, '.env'), '# kept out of git\nexport STAGING_PASSWORD="s3cret"\n');
    const withDotEnv = await run('-C', dir);
    expect(withDotEnv.code).toBe(0);
    expect(withDotEnv.out).not.toContain('s3cret');
  });

  it('says which environments exist when --env names another', async () => {
    const { code, out } = await run('-C', VALID, '--env', 'prod');
    expect(code).toBe(1);
    expect(out).toContain('appdeploy.yaml:5:1: environment "prod" is not defined; defined: local, staging');
  });

  it('takes the project file from --config', async () => {
    const { code } = await run('--config', `${VALID}/appdeploy.yaml`);
    expect(code).toBe(0);
  });

  it('is a user error, not a bug, when there is no project file', async () => {
    const { code, err } = await run('-C', temp);
    expect(code).toBe(1);
    expect(err).toMatch(/^Error: no appdeploy.yaml in .*\n/);
    expect(err.replace(/^.*\n/, '')).toBe(
      [
        '  Run in the project directory, or point at it with -C DIR or --config FILE. To start a project',
        '  here: `npx appdeploy init .` (a new one), or `npx appdeploy export --all` (from the apps of the',
        '  local service; for your own service, first write appdeploy.yaml with',
        '  environments: { staging: { baseUrl: https://example.cybozu.com, auth: { login: ${STAGING_LOGIN}, password: ${STAGING_PASSWORD} } } }',
        '  and add --env staging).',
        '',
      ].join('\n'),
    );
  });
});
