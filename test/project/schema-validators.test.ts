/**
 * The built CLI validates with the schemas precompiled to ajv standalone code
 * (scripts/build-validators.mjs); the source tree compiles them when first used. Both must report
 * the same errors, word for word and in the same order, since validate's problems, their
 * locations and hints are made from them (schema-check.ts).
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parse } from 'yaml';
import { beforeAll, describe, expect, it } from 'vitest';
import { compileSchema, type SchemaName } from '../../src/project/schema-compile.js';
import { ROOT } from '../support/cli.js';

type Validate = ((data: unknown) => boolean) & { errors?: unknown[] | null };

const built = new Map<SchemaName, Validate>();
const compiled = {
  app: compileSchema('app'),
  project: compileSchema('project'),
  plan: compileSchema('plan'),
};

beforeAll(async () => {
  for (const name of ['app', 'project', 'plan'] as const) {
    const url = pathToFileURL(join(ROOT, 'dist/project/validators', `${name}.js`)).href;
    built.set(name, ((await import(url)) as { default: Validate }).default);
  }
}, 120_000);

/** Manifests that fail most of the schema's keywords, and the examples' manifests, which pass. */
const APPS: [string, unknown][] = [
  [
    'wrong types, unknown and missing keys',
    parse(
      'name: 12\ncolour: red\nviews:\n  All: { type: LIST, fields: title }\n  Cal: { type: CALENDAR, date: due }\n' +
        'actions:\n  Copy: { destApp: { app: orders, code: X }, mappings: [], entities: [] }\n',
    ),
  ],
  [
    'a field of the wrong shape for its type',
    parse(
      'name: Orders\nfields:\n  amount: { type: NUMBER, label: Amount, maxLength: 3 }\n  kind: { type: DROP_DOWN, label: Kind }\n' +
        '  what: { type: NUMBR, label: What }\n  when: { type: DATE, label: When, defaultValue: tomorrow }\n',
    ),
  ],
  [
    'empty names and codes (minLength, propertyNames)',
    parse("name: ''\nfields:\n  '': { type: NUMBER, label: '' }\n"),
  ],
  [
    'a misspelt layout element',
    parse('name: Orders\nlayout:\n  - type: ROW\n    fields: [{ type: LABLE, label: Hi }]\n'),
  ],
  ['not a map', null],
  ['a list', [1, 2]],
  ...readdirSync(join(ROOT, 'examples')).flatMap((example) => {
    const dir = join(ROOT, 'examples', example, 'apps');
    if (!existsSync(dir)) return [];
    return readdirSync(dir)
      .filter((f) => f.endsWith('.yaml'))
      .map((f): [string, unknown] => [
        `examples/${example}/apps/${f}`,
        parse(readFileSync(join(dir, f), 'utf8')),
      ]);
  }),
];

const PROJECTS: [string, unknown][] = [
  [
    'unknown keys and wrong types',
    parse('environments:\n  local: { baseUrl: 3, colour: red }\napps:\n  x: { manifest: 12 }\n'),
  ],
  ['no apps', parse('environments: {}\n')],
  ...readdirSync(join(ROOT, 'examples')).flatMap((example): [string, unknown][] => {
    try {
      return [
        [
          `examples/${example}`,
          parse(readFileSync(join(ROOT, 'examples', example, 'appdeploy.yaml'), 'utf8')),
        ],
      ];
    } catch {
      return [];
    }
  }),
];

/** Saved plans `apply PLANFILE` must refuse (it reads them through the plan schema). */
const PLANS: [string, unknown][] = [
  ['not a map', 'plan'],
  ['no apps, plug-ins or summary', { formatVersion: 2, environment: 'local' }],
  [
    'an app of the wrong shape',
    {
      formatVersion: 2,
      environment: 'local',
      apps: [{ key: 3, action: 'explode' }],
      plugins: [],
      summary: {},
    },
  ],
];

describe('the precompiled validators', () => {
  it.each([
    ...APPS.map(([what, data]) => ['app', what, data] as const),
    ...PROJECTS.map(([what, data]) => ['project', what, data] as const),
    ...PLANS.map(([what, data]) => ['plan', what, data] as const),
  ])('%s: %s: the same errors as the schema compiled at run time', (name, _what, data) => {
    const precompiled = built.get(name)!;
    const ok = compiled[name](data);
    expect(precompiled(data)).toBe(ok);
    expect(precompiled.errors ?? null).toEqual(compiled[name].errors ?? null);
  });

  it('are tried on invalid input for both schemas', () => {
    const failing = (name: SchemaName, cases: [string, unknown][]) =>
      cases.filter(([, data]) => !compiled[name](data)).length;
    expect(failing('app', APPS)).toBeGreaterThanOrEqual(6);
    expect(failing('project', PROJECTS)).toBeGreaterThanOrEqual(2);
    expect(failing('plan', PLANS)).toBe(PLANS.length);
  });
});
