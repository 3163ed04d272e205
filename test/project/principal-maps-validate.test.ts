import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { validateProject } from '../../src/project/index.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function problemsOf(environments: string[]) {
  const dir = mkdtempSync(join(tmpdir(), 'appdeploy-maps-'));
  dirs.push(dir);
  mkdirSync(join(dir, 'apps'));
  writeFileSync(join(dir, 'apps', 'a.yaml'), 'name: A\n');
  writeFileSync(
    join(dir, 'appdeploy.yaml'),
    ['environments:', ...environments, 'apps:', '  a: { manifest: apps/a.yaml }', ''].join('\n'),
  );
  const result = await validateProject({ cwd: dir, dir, env: 'local', variables: {} });
  return result.problems.map((p) => `${p.file}:${p.line}:${p.col} ${p.code} ${p.message}`);
}

describe('validate: the users, groups and organizations maps', () => {
  it.each([
    {
      case: 'accepts codes mapped to codes and to null',
      environments: [
        '  local:',
        '    users: { alice: alice.s, bob: ~ }',
        '    groups: { sales: sales-eu }',
        '    organizations: { hq: ~, lab: ~ }',
      ],
      problems: [],
    },
    {
      case: 'refuses two users mapped to one, at the second',
      environments: ['  local:', '    users:', '      alice: shared', '      bob: shared'],
      problems: [
        'appdeploy.yaml:5:12 PROJECT.PRINCIPAL_MAP environments.local.users.bob: "bob" and "alice" are both mapped to "shared" in environment "local"',
      ],
    },
    {
      case: 'refuses it per kind and environment, not across them',
      environments: [
        '  local:',
        '    groups: { a: x, b: y }',
        '    organizations: { a: x, c: x }',
        '  staging:',
        '    baseUrl: https://s.example.com',
        '    groups: { a: x }',
      ],
      problems: [
        'appdeploy.yaml:4:31 PROJECT.PRINCIPAL_MAP environments.local.organizations.c: "c" and "a" are both mapped to "x" in environment "local"',
      ],
    },
    {
      case: 'refuses an unknown key beside the maps',
      environments: ['  local:', '    user: { alice: bob }'],
      problems: ['appdeploy.yaml:3:5 SCHEMA.UNKNOWN_KEY environments.local.user: unknown key "user"'],
    },
    {
      case: 'refuses a map to a number or a list',
      environments: ['  local:', '    users: { alice: 12, bob: [x] }'],
      problems: [
        'appdeploy.yaml:3:21 SCHEMA.TYPE environments.local.users.alice: must be text or null, not a whole number',
        'appdeploy.yaml:3:30 SCHEMA.TYPE environments.local.users.bob: must be text or null, not a list',
      ],
    },
  ])('$case', async ({ environments, problems }) => {
    expect(await problemsOf(environments)).toEqual(problems);
  });
});
