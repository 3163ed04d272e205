import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateProject } from '../../src/project/index.js';
import type { Path } from '../../src/project/problems.js';
import { wellFormedParts } from '../../src/project/well-formed.js';

describe('validate after schema errors', () => {
  it('lists the problems of every stage at once, and no echoes of a schema error', async () => {
    // appdeploy.yaml: a malformed environment (ids may still name it) and an app whose manifest
    // is not text (references to it stay silent). customers.yaml: schema errors in one field and
    // one view, beside semantic mistakes elsewhere; the malformed field is named by the layout, a
    // view, a filter and another app's lookup without complaint. deals.yaml: only a semantic one.
    const result = await validateProject({ cwd: 'test/project/fixtures/multi-stage', variables: {} });
    expect(result.problems.map((p) => `${p.file}:${p.line}:${p.col} ${p.code} ${p.message}`)).toEqual([
      'appdeploy.yaml:4:10 SCHEMA.TYPE environments.bogus: must be a map, not a whole number',
      'appdeploy.yaml:8:24 SCHEMA.TYPE apps.archive.manifest: must be text, not a whole number',
      'apps/customers.yaml:2:1 SCHEMA.UNKNOWN_KEY colour: unknown key "colour"',
      'apps/customers.yaml:5:54 SCHEMA.UNKNOWN_KEY fields.company.maxValue: unknown key "maxValue"',
      'apps/customers.yaml:11:19 FIELD.DEFAULT_NOT_AN_OPTION fields.tier.defaultValue: default value "Silver" is not one of the options',
      'apps/customers.yaml:18:29 FIELD.UNKNOWN views.All.fields[2]: no field "region" in this app',
      'apps/customers.yaml:20:33 SCHEMA.TYPE views.Broken.fields: must be a list, not text',
      'apps/deals.yaml:9:24 FIELD.UNKNOWN fields.customer.lookup.relatedKeyField: no field "cod" in app "customers"',
    ]);
    expect(result.appKeys).toEqual(['customers', 'deals', 'archive']);
    // The environment that failed may be the one meant: none is chosen rather than a wrong one.
    expect(result.environment).toBeNull();
    expect(result.project).toBeNull();
  });

  it('still checks the queries over an app one of whose fields failed the schema', async () => {
    // fields.company fails the schema; queries naming it stay silent, other unknown fields do not,
    // in the app's own view and in another app's lookup into it.
    const dir = mkdtempSync(join(tmpdir(), 'appdeploy-well-formed-'));
    try {
      cpSync('test/project/fixtures/multi-stage', dir, { recursive: true });
      const edit = (file: string, from: string, to: string) => {
        const text = readFileSync(join(dir, file), 'utf8');
        expect(text).toContain(from);
        writeFileSync(join(dir, file), text.replace(from, to));
      };
      edit(
        'apps/customers.yaml',
        'filterCond: company like "Acme"',
        'filterCond: company like "Acme" and cde = "EU"',
      );
      edit(
        'apps/deals.yaml',
        '      relatedKeyField: cod\n',
        '      relatedKeyField: cod\n      filterCond: company like "A" and tierr in ("Gold")\n',
      );
      const result = await validateProject({ cwd: dir, variables: {} });
      const queries = result.problems.filter((p) => p.code.startsWith('QUERY.'));
      expect(queries.map((p) => `${p.file}:${p.line}:${p.col} ${p.code} ${p.message} / ${p.hint}`)).toEqual([
        'apps/customers.yaml:19:41 QUERY.UNKNOWN_FIELD views.All.filterCond: no field "cde" in this app / Did you mean "code"?',
        'apps/deals.yaml:10:40 QUERY.UNKNOWN_FIELD fields.customer.lookup.filterCond: no field "tierr" in app "customers" / Did you mean "tier"?',
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('an environment one of whose connection settings fails the schema', () => {
  // A setting nothing else reads (proxy, ca, ...) is left out alone: the environment is still
  // chosen, and its other settings, variables and files are still checked (docs/validate.md).
  const files = {
    'appdeploy.yaml': [
      'environments:',
      '  staging:',
      '    baseUrl: https://staging.example.com',
      '    auth: { login: deploy, password: ${STAGING_PASSWORD} }',
      '    proxy: 12',
      '    ca: certs/missing.pem',
      '    timeZone: Not/AZone',
      '  prod:',
      '    baseUrl: https://prod.example.com',
      '    auth: { login: deploy, password: secret }',
      '    concurrency: many',
      '    timeZone: Mars/Olympus',
      'apps:',
      '  notes: { manifest: apps/notes.yaml }',
      '',
    ].join('\n'),
    'apps/notes.yaml':
      'name: Notes\nfields:\n  title: { type: SINGLE_LINE_TEXT, label: Title, maxLength: 3, minLength: 9 }\n',
    '.env': '# nothing set\n',
  };

  it('lists every problem of the environment at once, each at its line and column', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'appdeploy-well-formed-'));
    try {
      for (const [file, text] of Object.entries(files)) {
        mkdirSync(join(dir, file, '..'), { recursive: true });
        writeFileSync(join(dir, file), text);
      }
      const result = await validateProject({ cwd: dir, env: 'staging', variables: {} });
      expect(result.problems.map((p) => `${p.file}:${p.line}:${p.col} ${p.code} ${p.message}`)).toEqual([
        'appdeploy.yaml:4:38 VARIABLE.UNSET variable STAGING_PASSWORD is not set',
        'appdeploy.yaml:5:12 SCHEMA.TYPE environments.staging.proxy: must be text, not a whole number',
        'appdeploy.yaml:6:9 FILE.NOT_FOUND environments.staging.ca: file "certs/missing.pem" does not exist',
        'appdeploy.yaml:7:15 ENVIRONMENT.TIME_ZONE environments.staging.timeZone: "Not/AZone" is not a time zone',
        'appdeploy.yaml:11:18 SCHEMA.TYPE environments.prod.concurrency: must be a whole number, not text',
        'appdeploy.yaml:12:15 ENVIRONMENT.TIME_ZONE environments.prod.timeZone: "Mars/Olympus" is not a time zone',
        'apps/notes.yaml:3:75 FIELD.RANGE fields.title.minLength: minLength 9 is greater than maxLength 3',
      ]);
      expect(result.environment?.name).toBe('staging');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('wellFormedParts', () => {
  const manifest = {
    name: 'Orders',
    fields: { a: { type: 'NUMBER' }, b: { type: 'DATE' } },
    layout: [{ type: 'ROW', fields: [] }],
    views: { All: { type: 'LIST' } },
  };
  const named = ['fields', 'views'];
  it.each<[string, Path[], unknown, Path[]]>([
    ['nothing failed: the value itself', [], manifest, []],
    [
      'an entry of a named map: that entry only',
      [['fields', 'b', 'type']],
      { ...manifest, fields: { a: { type: 'NUMBER' } } },
      [['fields', 'b']],
    ],
    [
      'an item of a list: the whole area',
      [['layout', 0, 'fields']],
      { name: 'Orders', fields: manifest.fields, views: manifest.views },
      [['layout']],
    ],
    [
      'a named map itself: the whole area',
      [['views']],
      { name: 'Orders', fields: manifest.fields, layout: manifest.layout },
      [['views']],
    ],
    [
      'several errors in one entry: that entry once',
      [
        ['fields', 'a', 'type'],
        ['fields', 'a'],
      ],
      { ...manifest, fields: { b: { type: 'DATE' } } },
      [['fields', 'a']],
    ],
    ['the whole file: nothing', [[]], null, []],
  ])('%s', (_what, failed, value, dropped) => {
    expect(wellFormedParts(manifest, failed, named)).toEqual({ value, dropped });
  });

  it('leaves out a detached setting alone, or with its whole entry when that failed too', () => {
    const config = {
      environments: { a: { baseUrl: 'https://a', proxy: 1, ca: 2 }, b: { proxy: 1, locale: 'x' } },
    };
    const detached = { environments: ['proxy', 'ca'] };
    const failed: Path[] = [
      ['environments', 'a', 'proxy'],
      ['environments', 'a', 'ca'],
      ['environments', 'b', 'proxy'],
      ['environments', 'b', 'locale'],
    ];
    expect(wellFormedParts(config, failed, ['environments'], detached)).toEqual({
      value: { environments: { a: { baseUrl: 'https://a' } } },
      dropped: [
        ['environments', 'a', 'proxy'],
        ['environments', 'a', 'ca'],
        ['environments', 'b'],
      ],
    });
    expect(config.environments.a).toEqual({ baseUrl: 'https://a', proxy: 1, ca: 2 });
  });

  it('leaves the value it was given untouched', () => {
    const before = structuredClone(manifest);
    wellFormedParts(manifest, [['fields', 'a'], ['views']], named);
    expect(manifest).toEqual(before);
  });

  it('is nothing for a file that is not a map', () => {
    expect(wellFormedParts([1, 2], [], named)).toEqual({ value: null, dropped: [] });
    expect(wellFormedParts(null, [], named)).toEqual({ value: null, dropped: [] });
  });
});
