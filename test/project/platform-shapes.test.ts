/**
 * validate refuses, at file:line:col with the fix, what the hosted platform would silently drop
 * or refuse: `unique` on a type that does not keep it (platform-facts-verified), a layout size
 * key the element's type does not have (the official client's layout types), and an entity type
 * an area does not take (the official client's app/right.d.ts and app/notification.d.ts).
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { validateProject } from '../../src/project/index.js';

const BASE = 'test/project/fixtures/broken/acl-record-creator';
const temp = mkdtempSync(join(tmpdir(), 'appdeploy-shapes-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

/** The corpus project with its one mistake fixed (record ACL names the owner field), then `edit`. */
async function problemsOf(edit: (orders: string) => string) {
  const dir = join(temp, Math.random().toString(36).slice(2));
  cpSync(BASE, dir, { recursive: true });
  const file = join(dir, 'apps/orders.yaml');
  const fixed = readFileSync(file, 'utf8').replace(
    'entities: [{ entity: { type: CREATOR }, viewable: true }]',
    'entities: [{ entity: { type: FIELD_ENTITY, code: owner }, viewable: true }]',
  );
  writeFileSync(file, edit(fixed));
  const result = await validateProject({ cwd: dir, variables: {} });
  return result.problems.map((p) => ({
    code: p.code,
    at: `${p.file}:${p.line}:${p.col}`,
    message: p.message,
    hint: p.hint,
  }));
}

const addField = (def: string) => (text: string) =>
  text
    .replace(
      '  company: { type: SINGLE_LINE_TEXT, label: Company }\n  amount',
      `  company: { type: SINGLE_LINE_TEXT, label: Company }\n  notes: ${def}\n  amount`,
    )
    .replace(
      'fields: [{ code: title }, { code: customer }, { code: company }]',
      'fields: [{ code: title }, { code: customer }, { code: company }, { code: notes }]',
    );

describe('validate: what the hosted platform would not keep', () => {
  it('the fixed base project is valid', async () => {
    expect(await problemsOf((t) => t)).toEqual([]);
  });

  it.each([
    ['MULTI_LINE_TEXT', '{ type: MULTI_LINE_TEXT, label: Notes, unique: true }'],
    ['CHECK_BOX', '{ type: CHECK_BOX, label: Notes, options: { a: { label: A } }, unique: true }'],
    ['TIME', '{ type: TIME, label: Notes, unique: true }'],
  ])('unique on %s', async (type, def) => {
    const problems = await problemsOf(addField(def));
    expect([type, problems]).toEqual([
      type,
      [
        {
          code: 'SCHEMA.UNKNOWN_KEY',
          at: expect.stringMatching(/^apps\/orders\.yaml:16:\d+$/),
          message: 'fields.notes.unique: unknown key "unique"',
          hint: 'The service keeps unique only on SINGLE_LINE_TEXT, NUMBER, LINK, DATE and DATETIME and silently drops it on other types; remove it.',
        },
      ],
    ]);
  });

  it.each([
    [
      'height on a MULTI_LINE_TEXT field',
      '{ code: notes, size: { width: 300, height: 90 } }',
      'MULTI_LINE_TEXT has no size "height" (it has width and innerHeight)',
      'height is for a SPACER',
    ],
    [
      'innerHeight on a SINGLE_LINE_TEXT field',
      '{ code: notes, size: { width: 300, innerHeight: 90 } }',
      'SINGLE_LINE_TEXT has no size "innerHeight" (it has width)',
      'innerHeight is for a MULTI_LINE_TEXT or RICH_TEXT field',
    ],
    [
      'height on a LABEL',
      '{ type: LABEL, label: Hi, size: { width: 300, height: 20 } }',
      'LABEL has no size "height" (it has width)',
      'height is for a SPACER',
    ],
  ])('layout: %s', async (_case, element, message, hint) => {
    const type = element.includes('innerHeight') ? 'SINGLE_LINE_TEXT' : 'MULTI_LINE_TEXT';
    const problems = await problemsOf((t) =>
      addField(`{ type: ${type}, label: Notes }`)(t).replace(
        '{ code: notes }',
        element === ''
          ? '{ code: notes }'
          : element.startsWith('{ type: LABEL')
            ? `{ code: notes }, ${element}`
            : element,
      ),
    );
    expect(problems).toEqual([
      {
        code: 'LAYOUT.SIZE',
        at: expect.stringMatching(/^apps\/orders\.yaml:\d+:\d+$/),
        message: expect.stringContaining(message),
        hint: expect.stringContaining(hint),
      },
    ]);
  });

  it.each([
    [
      'CREATOR in a per-record notification',
      'targets: [{ entity: { type: FIELD_ENTITY, code: owner } }]\n  reminder',
      'targets: [{ entity: { type: CREATOR } }]\n  reminder',
      'notifications.perRecord.notifications[0].targets[0].entity.type: entity type CREATOR is not allowed here; use USER, GROUP, ORGANIZATION, FIELD_ENTITY',
    ],
    [
      'CREATOR in a reminder',
      'targets: [{ entity: { type: FIELD_ENTITY, code: owner } }]\nreports',
      'targets: [{ entity: { type: CREATOR } }]\nreports',
      'notifications.reminder.notifications[0].targets[0].entity.type: entity type CREATOR is not allowed here; use USER, GROUP, ORGANIZATION, FIELD_ENTITY',
    ],
    [
      'FIELD_ENTITY in the app ACL',
      '{ entity: { type: CREATOR }, appEditable: true',
      '{ entity: { type: FIELD_ENTITY, code: owner }, appEditable: true',
      'appAcl[0].entity.type: entity type FIELD_ENTITY is not allowed here; use USER, GROUP, ORGANIZATION, CREATOR',
    ],
    [
      'CREATOR in the field ACL',
      '{ entity: { type: GROUP, code: everyone }, accessibility: READ }',
      '{ entity: { type: CREATOR }, accessibility: READ }',
      'fieldAcl[0].entities[0].entity.type: entity type CREATOR is not allowed here; use USER, GROUP, ORGANIZATION, FIELD_ENTITY',
    ],
  ])('entity types: %s', async (_case, from, to, message) => {
    const problems = await problemsOf((t) => {
      expect(t).toContain(from);
      return t.replace(from, to);
    });
    expect(problems).toEqual([
      {
        code: 'ENTITY.TYPE',
        at: expect.stringMatching(/^apps\/orders\.yaml:\d+:\d+$/),
        message,
        hint: expect.any(String),
      },
    ]);
  });
});
