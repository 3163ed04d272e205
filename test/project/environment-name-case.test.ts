/**
 * Environment names that differ only in case would share their files under .appdeploy/ on the
 * file systems that ignore case (macOS and Windows by default): validate refuses them.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { validateProject } from '../../src/project/index.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function problemsOf(names: string[]) {
  const dir = mkdtempSync(join(tmpdir(), 'appdeploy-env-case-'));
  dirs.push(dir);
  mkdirSync(join(dir, 'apps'));
  writeFileSync(join(dir, 'apps', 'a.yaml'), 'name: A\n');
  const environments = names.map((name, i) => `  ${name}: { baseUrl: 'https://s${i}.example.com' }`);
  writeFileSync(
    join(dir, 'appdeploy.yaml'),
    ['environments:', ...environments, 'apps:', '  a: { manifest: apps/a.yaml }', ''].join('\n'),
  );
  const result = await validateProject({ cwd: dir, dir, env: names[0], variables: {} });
  return result.problems
    .filter((p) => p.code === 'PROJECT.ENVIRONMENT_CASE')
    .map((p) => `${p.file}:${p.line}:${p.col} ${p.code} ${p.message}`);
}

describe('validate: environment names differing only in case', () => {
  it.each([
    { names: ['prod', 'staging'], problems: [] },
    { names: ['prod', 'prod-eu', 'prod_eu'], problems: [] },
    {
      names: ['prod', 'Prod'],
      problems: [
        'appdeploy.yaml:3:3 PROJECT.ENVIRONMENT_CASE environments.Prod: "Prod" and "prod" differ only in case',
      ],
    },
    {
      names: ['Staging', 'dev', 'STAGING', 'staging'],
      problems: [
        'appdeploy.yaml:4:3 PROJECT.ENVIRONMENT_CASE environments.STAGING: "STAGING" and "Staging" differ only in case',
        'appdeploy.yaml:5:3 PROJECT.ENVIRONMENT_CASE environments.staging: "staging" and "Staging" differ only in case',
      ],
    },
  ])('$names', async ({ names, problems }) => {
    expect(await problemsOf(names)).toEqual(problems);
  });
});
