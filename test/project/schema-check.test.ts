import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { compileSchema } from '../../src/project/schema-compile.js';
import { validateSchema } from '../../src/project/schema-check.js';
import { parseYaml } from '../../src/project/yaml-source.js';

function check(text: string, schema: 'app' | 'project' = 'app') {
  const { source, problems } = parseYaml({ text, path: '/p/a.yaml', file: 'a.yaml', variables: {} });
  expect(problems).toEqual([]);
  return validateSchema(schema, source).problems.map(
    (p) => `${p.line}:${p.col} ${p.code} ${p.message}${p.hint ? ` (${p.hint})` : ''}`,
  );
}

describe('validateSchema', () => {
  it('accepts a small valid manifest', () => {
    expect(
      check(
        [
          'name: Orders',
          'fields:',
          '  title: { type: SINGLE_LINE_TEXT, label: Title, maxLength: 64 }',
          '  state: { type: DROP_DOWN, label: State, options: { Open: { label: Open } } }',
          '  lines:',
          '    type: SUBTABLE',
          '    label: Lines',
          '    fields:',
          '      qty: { type: NUMBER, label: Qty }',
          'icon: { type: PRESET, key: APP72 }',
        ].join('\n'),
      ),
    ).toEqual([]);
  });

  it('names the property that is wrong for that field type, not every alternative', () => {
    expect(
      check(
        [
          'name: Orders',
          'fields:',
          '  amount:',
          '    type: NUMBER',
          '    label: Amount',
          '    maxLength: 3',
          '  kind: { type: DROP_DOWN, label: Kind }',
          '  what: { type: NUMBR, label: What }',
          '  when: { type: DATE, label: When, defaultValue: tomorrow }',
        ].join('\n'),
      ),
    ).toMatchInlineSnapshot(`
      [
        "6:5 SCHEMA.UNKNOWN_KEY fields.amount.maxLength: unknown key "maxLength" (Allowed here: type, label, noLabel, required, unique, defaultValue, minValue, maxValue, digit, displayScale, unit, unitPosition, lookup, renamedFrom, migrate.)",
        "7:3 SCHEMA.MISSING_KEY fields.kind: missing required key "options"",
        "8:17 SCHEMA.ENUM fields.what.type: must be one of: SINGLE_LINE_TEXT, NUMBER, CALC, MULTI_LINE_TEXT, RICH_TEXT, LINK, CHECK_BOX, MULTI_SELECT, RADIO_BUTTON, DROP_DOWN, DATE, DATETIME, TIME, FILE, USER_SELECT, ORGANIZATION_SELECT, GROUP_SELECT, SUBTABLE, REFERENCE_TABLE, GROUP, RECORD_NUMBER, CREATOR, CREATED_TIME, MODIFIER, UPDATED_TIME, STATUS, STATUS_ASSIGNEE, CATEGORY (Did you mean "NUMBER"?)",
        "9:50 SCHEMA.INVALID fields.when.defaultValue: must be a date such as 2024-04-01 or a date and time such as 2024-04-01T09:00:00Z",
      ]
    `);
  });

  it('says one thing per mistake in migrate: (false, or a map of its options), not the alternatives it is not', () => {
    expect(
      check(
        [
          'name: Tickets',
          'fields:',
          "  a: { type: SINGLE_LINE_TEXT, label: A, migrate: { defualt: 'x' } }",
          '  b: { type: SINGLE_LINE_TEXT, label: B, migrate: { timezone: Asia/Tokyo } }',
          '  c: { type: SINGLE_LINE_TEXT, label: C, migrate: { row: last } }',
          '  d: { type: SINGLE_LINE_TEXT, label: D, migrate: true }',
          '  e: { type: SINGLE_LINE_TEXT, label: E, migrate: keep }',
          '  f: { type: SINGLE_LINE_TEXT, label: F, migrate: false }',
          "  g: { type: SINGLE_LINE_TEXT, label: G, migrate: { default: '', join: ', ', timeZone: UTC, row: new } }",
        ].join('\n'),
      ),
    ).toMatchInlineSnapshot(`
      [
        "3:53 SCHEMA.UNKNOWN_KEY fields.a.migrate.defualt: unknown key "defualt" (Did you mean "default"? Allowed here: timeZone, join, default, row.)",
        "4:53 SCHEMA.UNKNOWN_KEY fields.b.migrate.timezone: unknown key "timezone" (Did you mean "timeZone"? Allowed here: timeZone, join, default, row.)",
        "5:58 SCHEMA.ENUM fields.c.migrate.row: must be one of: first, every, new",
        "6:51 SCHEMA.ENUM fields.d.migrate: must be false",
        "7:51 SCHEMA.INVALID fields.e.migrate: must be false, or a map of how the values are kept (timeZone, join, default, row)",
      ]
    `);
  });

  it('reports wrong types at any depth, unknown keys and missing keys', () => {
    expect(
      check(
        [
          'name: 12',
          'colour: red',
          'views:',
          '  All:',
          '    type: LIST',
          '    fields: title',
          '  Cal: { type: CALENDAR, date: due }',
          'process:',
          '  states:',
          '    Open: { assignee: { type: ONE, entities: [{ entity: { type: USER } }] } }',
          'actions:',
          '  Copy: { destApp: { app: orders, code: X }, mappings: [], entities: [] }',
        ].join('\n'),
      ),
    ).toMatchInlineSnapshot(`
      [
        "2:1 SCHEMA.UNKNOWN_KEY colour: unknown key "colour" (Allowed here: name, description, icon, theme, titleField, numberPrecision, firstMonthOfFiscalYear, enableThumbnails, enableBulkDeletion, enableComments, enableDuplicateRecord, enableInlineRecordEditing, space, thread, fields, layout, views, process, customize, appAcl, recordAcl, fieldAcl, notifications, reports, actions, adminNotes, plugins.)",
        "1:7 SCHEMA.TYPE name: must be text, not a whole number",
        "6:13 SCHEMA.TYPE views.All.fields: must be a list, not text",
        "7:3 SCHEMA.MISSING_KEY views.Cal: missing required key "title"",
        "10:49 SCHEMA.MISSING_KEY process.states.Open.assignee.entities[0].entity: missing required key "code"",
        "12:20 SCHEMA.INVALID actions.Copy.destApp: must name the app as { app: <project key or numeric id> } or { code: <app code> }",
      ]
    `);
  });
});

describe('options written as a list', () => {
  it.each([
    [
      '[New, Open, Closed]',
      '3:52 SCHEMA.TYPE fields.state.options: must be a map, not a list (Write each option as a key with its label (their order is the order written): options: { New: { label: New }, Open: { label: Open }, Closed: { label: Closed } }.)',
    ],
    [
      '[Low, Normal, High, Urgent]',
      '3:52 SCHEMA.TYPE fields.state.options: must be a map, not a list (Write each option as a key with its label (their order is the order written): options: { Low: { label: Low }, Normal: { label: Normal }, High: { label: High }, ... }.)',
    ],
    [
      '["In progress", "a: b"]',
      '3:52 SCHEMA.TYPE fields.state.options: must be a map, not a list (Write each option as a key with its label (their order is the order written): options: { In progress: { label: In progress }, "a: b": { label: "a: b" } }.)',
    ],
    ['[{ label: New }]', '3:52 SCHEMA.TYPE fields.state.options: must be a map, not a list'],
  ])('%s: the hint writes them as the map the manifest takes', (options, expected) => {
    expect(
      check(
        ['name: Orders', 'fields:', `  state: { type: DROP_DOWN, label: State, options: ${options} }`].join(
          '\n',
        ),
      ),
    ).toEqual([expected]);
  });
});

describe('layout element types', () => {
  it.each([
    ['a misspelt decoration', '{ type: LABLE, label: Hi }', 'LABEL'],
    ['a misspelt field type', '{ code: amount, type: NUMBR }', 'NUMBER'],
  ])('%s is one error: the value is not in the set', (_what, element, near) => {
    const problems = check(`name: Orders\nlayout:\n  - type: ROW\n    fields: [${element}]\n`);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(
      new RegExp(
        `^4:\\d+ SCHEMA.ENUM layout\\[0\\].fields\\[0\\].type: must be one of: LABEL, SPACER, HR, SINGLE_LINE_TEXT, .* \\(Did you mean "${near}"\\?\\)$`,
      ),
    );
  });

  it('are the decorations and every field type a row can show', () => {
    const schema = JSON.parse(readFileSync(new URL('../../schema/app.schema.json', import.meta.url), 'utf8'));
    const fieldTypes: string[] = schema.$defs.field.properties.type.enum;
    const notInRows = ['SUBTABLE', 'GROUP', 'STATUS', 'STATUS_ASSIGNEE', 'CATEGORY'];
    expect(schema.$defs.layoutElementType.enum).toEqual([
      'LABEL',
      'SPACER',
      'HR',
      ...fieldTypes.filter((t) => !notInRows.includes(t)),
    ]);
  });
});

describe('the schema files', () => {
  it.each(['app', 'project'] as const)('%s.schema.json is valid JSON Schema 2020-12', (name) => {
    expect(() => compileSchema(name, { checkSchema: true })).not.toThrow();
  });

  it.each(['app', 'project'] as const)('%s.schema.json describes every property editors show', (name) => {
    const schema = JSON.parse(
      readFileSync(new URL(`../../schema/${name}.schema.json`, import.meta.url), 'utf8'),
    ) as { $defs: Record<string, Record<string, unknown>> };
    const missing: string[] = [];
    const definition = (ref: unknown): Record<string, unknown> | undefined =>
      typeof ref === 'string' && ref.startsWith('#/$defs/')
        ? schema.$defs[ref.slice('#/$defs/'.length)]
        : undefined;
    const walk = (node: unknown, where: string): void => {
      if (Array.isArray(node)) return node.forEach((n, i) => walk(n, `${where}/${i}`));
      if (node === null || typeof node !== 'object') return;
      const props = (node as { properties?: Record<string, Record<string, unknown>> }).properties;
      for (const [key, prop] of Object.entries(props ?? {})) {
        // Described by itself, or by the definition it refers to.
        const described = 'description' in prop || 'description' in (definition(prop.$ref) ?? {});
        if (!described) missing.push(`${where}/properties/${key}`);
      }
      for (const [key, child] of Object.entries(node))
        // An `if` only selects a branch: editors never show its properties.
        if (key !== 'if') walk(child, `${where}/${key}`);
    };
    walk(schema, '#');
    expect(missing).toEqual([]);
  });
});
