import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { validateProject } from '../../src/project/index.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function problemsOf(
  environments: string[],
  manifest = 'name: A\n',
  records?: { file: string; text: string },
) {
  const dir = mkdtempSync(join(tmpdir(), 'appdeploy-maps-'));
  dirs.push(dir);
  mkdirSync(join(dir, 'apps'));
  writeFileSync(join(dir, 'apps', 'a.yaml'), manifest);
  if (records) writeFileSync(join(dir, records.file), records.text);
  const app = records
    ? `{ manifest: apps/a.yaml, records: { file: ${records.file}, key: key } }`
    : '{ manifest: apps/a.yaml }';
  writeFileSync(
    join(dir, 'appdeploy.yaml'),
    ['environments:', ...environments, 'apps:', `  a: ${app}`, ''].join('\n'),
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

// A code without an entry keeps its code (README, "Promoting a project through environments"):
// an entry mapping another code to it makes two of the manifests' codes one in that environment.
const NAMING = [
  'name: A',
  'fields:',
  '  owner:',
  '    type: USER_SELECT',
  '    label: Owner',
  '    defaultValue: [{ type: USER, code: alice }, { type: USER, code: bob }]',
  'appAcl:',
  '  - { entity: { type: GROUP, code: sales }, recordViewable: true }',
  '  - { entity: { type: GROUP, code: ops }, recordViewable: true }',
  '',
].join('\n');

describe('validate: a map entry onto a code the manifests name without an entry', () => {
  it.each([
    {
      case: 'refuses alice mapped to bob while the manifest names bob, at the entry',
      environments: ['  local:', '    users: { alice: bob }'],
      problems: [
        'appdeploy.yaml:3:21 PROJECT.PRINCIPAL_MAP environments.local.users.alice: "alice" is mapped to "bob", a user the project names as well (apps/a.yaml:6:69), which keeps its code in environment "local" (no entry for "bob"): both would be "bob" there',
      ],
    },
    {
      case: 'refuses it for groups, in each environment that does it',
      environments: [
        '  local:',
        '    groups: { ops: sales }',
        '  staging:',
        '    baseUrl: https://s.example.com',
        '    groups: { sales: ops }',
      ],
      problems: [
        'appdeploy.yaml:3:20 PROJECT.PRINCIPAL_MAP environments.local.groups.ops: "ops" is mapped to "sales", a group the project names as well (apps/a.yaml:8:36), which keeps its code in environment "local" (no entry for "sales"): both would be "sales" there',
        'appdeploy.yaml:6:22 PROJECT.PRINCIPAL_MAP environments.staging.groups.sales: "sales" is mapped to "ops", a group the project names as well (apps/a.yaml:9:36), which keeps its code in environment "staging" (no entry for "ops"): both would be "ops" there',
      ],
    },
    {
      case: 'accepts a chain, where bob has an entry of its own',
      environments: ['  local:', '    users: { alice: bob, bob: carol }'],
      problems: [],
    },
    {
      case: 'accepts bob left out there, alice taking his code',
      environments: ['  local:', '    users: { alice: bob, bob: ~ }'],
      problems: [],
    },
    {
      case: 'accepts a code no manifest names',
      environments: ['  local:', '    users: { alice: dave }', '    groups: { sales: eng }'],
      problems: [],
    },
  ])('$case', async ({ environments, problems }) => {
    expect(await problemsOf(environments, NAMING)).toEqual(problems);
  });
});

// Filters and record files name people too: the filter's value is mapped (README), and seed maps
// a record's values while export --records maps them back (docs/records.md).
const FILTERED = [
  'name: A',
  'fields:',
  '  key: { type: SINGLE_LINE_TEXT, label: Key, unique: true }',
  '  owner: { type: USER_SELECT, label: Owner }',
  '  team: { type: GROUP_SELECT, label: Team }',
  '  lines:',
  '    type: SUBTABLE',
  '    label: Lines',
  '    fields: { who: { type: USER_SELECT, label: Who } }',
  'views:',
  '  Mine: { type: LIST, filterCond: \'owner in ("alice", "bob")\' }',
  '',
].join('\n');

describe('validate: the same, for codes named in filters and record files', () => {
  it.each([
    {
      case: 'refuses alice mapped to bob while a view filters on bob, at the entry',
      environments: ['  local:', '    users: { alice: bob }'],
      records: undefined,
      problems: [
        'appdeploy.yaml:3:21 PROJECT.PRINCIPAL_MAP environments.local.users.alice: "alice" is mapped to "bob", a user the project names as well (apps/a.yaml:11:35), which keeps its code in environment "local" (no entry for "bob"): both would be "bob" there',
      ],
    },
    {
      case: 'refuses sales mapped to ops while a YAML record file names ops',
      environments: ['  local:', '    groups: { sales: ops }'],
      records: { file: 'a.yaml', text: '- { key: K1, team: sales }\n- { key: K2, team: [ops] }\n' },
      problems: [
        'appdeploy.yaml:3:22 PROJECT.PRINCIPAL_MAP environments.local.groups.sales: "sales" is mapped to "ops", a group the project names as well (a.yaml:2:20), which keeps its code in environment "local" (no entry for "ops"): both would be "ops" there',
      ],
    },
    {
      case: "refuses it for a table's column in a record file",
      environments: ['  local:', '    users: { carol: dave }'],
      records: { file: 'a.yaml', text: '- key: K1\n  lines:\n    - { who: dave }\n' },
      problems: [
        'appdeploy.yaml:3:21 PROJECT.PRINCIPAL_MAP environments.local.users.carol: "carol" is mapped to "dave", a user the project names as well (a.yaml:3:14), which keeps its code in environment "local" (no entry for "dave"): both would be "dave" there',
      ],
    },
    {
      case: 'refuses it for a CSV cell of several users, one a line',
      environments: ['  local:', '    users: { carol: erin }'],
      records: { file: 'a.csv', text: 'key,owner\nK1,"dave\nerin"\n' },
      problems: [
        'appdeploy.yaml:3:21 PROJECT.PRINCIPAL_MAP environments.local.users.carol: "carol" is mapped to "erin", a user the project names as well (a.csv:2:4), which keeps its code in environment "local" (no entry for "erin"): both would be "erin" there',
      ],
    },
    {
      case: 'refuses alice mapped to bob while bob, left out there, stays in a filter',
      environments: ['  local:', '    users: { alice: bob, bob: ~ }'],
      records: undefined,
      problems: [
        'appdeploy.yaml:3:21 PROJECT.PRINCIPAL_MAP environments.local.users.alice: "alice" is mapped to "bob", a user the project names as well (apps/a.yaml:11:35), which a filter keeps as written in environment "local" ("bob" is mapped to null): both would be "bob" there',
      ],
    },
    {
      case: 'accepts a record file naming only codes with entries',
      environments: ['  local:', '    users: { dave: erin, erin: dave }'],
      records: { file: 'a.yaml', text: '- { key: K1, owner: [dave, erin] }\n' },
      problems: [],
    },
  ])('$case', async ({ environments, records, problems }) => {
    expect(await problemsOf(environments, FILTERED, records)).toEqual(problems);
  });
});
