/**
 * The recorded answers are one app: each says where it came from, and every field code another
 * area names exists in the recorded form fields (so a failure of recorded.test.ts is about the
 * deployer, never about answers that contradict each other).
 */
import { describe, expect, it } from 'vitest';
import { recordedAnswers } from './hosted-fake.js';

const answers = recordedAnswers();
const body = (name: string): Record<string, unknown> => {
  const answer = answers.get(name)?.answer;
  if (answer === undefined) throw new Error(`no recorded answer ${name}`);
  return answer;
};

type FieldProperty = { type: string; code: string; fields?: Record<string, FieldProperty> };
const properties = body('form-fields').properties as Record<string, FieldProperty>;
const fieldCodes = new Set(
  Object.values(properties).flatMap((f) => [f.code, ...Object.keys(f.fields ?? {})]),
);

/** Every value of `key` anywhere below `node`. */
function valuesOf(node: unknown, key: string): unknown[] {
  if (Array.isArray(node)) return node.flatMap((item) => valuesOf(item, key));
  if (node === null || typeof node !== 'object') return [];
  return Object.entries(node as Record<string, unknown>).flatMap(([name, value]) => [
    ...(name === key ? [value] : []),
    ...valuesOf(value, key),
  ]);
}

/** The codes of FIELD_ENTITY entities anywhere below `node`. */
function fieldEntities(node: unknown): unknown[] {
  return valuesOf(node, 'entity')
    .filter((e) => (e as { type?: unknown }).type === 'FIELD_ENTITY')
    .map((e) => (e as { code?: unknown }).code);
}

/** The field code a sort or a simple condition starts with (`Record_number desc`). */
const leadingCode = (text: unknown): string[] =>
  typeof text === 'string' && text !== '' ? [text.split(' ')[0]!] : [];

const views = Object.values(body('views').views as Record<string, Record<string, unknown>>);

/** Field codes named by each area, as the platform's answers name them. */
const namedCodes: [string, unknown[]][] = [
  ['settings titleField', [(body('settings').titleField as { code: string }).code]],
  ['layout', valuesOf(body('form-layout').layout, 'code')],
  ['views', [...views.flatMap((v) => v.fields as string[]), ...views.flatMap((v) => leadingCode(v.sort))]],
  ['views filterCond', views.flatMap((v) => leadingCode(v.filterCond))],
  ['process assignees', fieldEntities(body('status').states)],
  [
    'record ACL',
    [
      ...fieldEntities(body('record-acl').rights),
      ...valuesOf(body('record-acl').rights, 'filterCond').flatMap(leadingCode),
    ],
  ],
  [
    'field ACL',
    [
      ...(body('field-acl').rights as { code: string }[]).map((right) => right.code),
      ...fieldEntities(body('field-acl').rights),
    ],
  ],
  ['general notifications', fieldEntities(body('notifications-general').notifications)],
  ['per-record notifications', fieldEntities(body('notifications-per-record').notifications)],
  [
    'reminder notifications',
    [
      ...fieldEntities(body('notifications-reminder').notifications),
      ...valuesOf(body('notifications-reminder').notifications, 'timing').map(
        (t) => (t as { code: string }).code,
      ),
    ],
  ],
  ['reports', valuesOf(body('reports').reports, 'code')],
  ['actions', valuesOf(body('actions').actions, 'srcField')],
];

describe('the recorded answers', () => {
  it.each([...answers.keys()])('%s says where it came from and what was changed', (name) => {
    const recorded = answers.get(name)!;
    expect(recorded.source.length).toBeGreaterThan(0);
    expect(recorded.source.every((s) => typeof s === 'string' && s.length > 20)).toBe(true);
    expect(Array.isArray(recorded.changes)).toBe(true);
    if (name !== 'app') expect(recorded.answer.revision).toBe('24');
  });

  it.each(namedCodes)('%s name fields the form has', (_area, codes) => {
    expect(codes.length).toBeGreaterThan(0);
    expect(codes.filter((code) => !fieldCodes.has(String(code)))).toEqual([]);
  });

  it('places every field on the layout but the system and process ones', () => {
    const notPlaced = ['STATUS', 'STATUS_ASSIGNEE', 'CATEGORY', 'CREATED_TIME'];
    const placed = new Set(valuesOf(body('form-layout').layout, 'code'));
    const missing = Object.values(properties).filter(
      (f) => !notPlaced.includes(f.type) && !placed.has(f.code),
    );
    expect(missing.map((f) => f.code)).toEqual([]);
  });

  it('has process management on, the fields of its status on, and one built-in view', () => {
    expect(body('status').enable).toBe(true);
    expect(
      [properties.Status, properties.Assignee].map((f) => f && (f as { enabled?: unknown }).enabled),
    ).toEqual([true, true]);
    expect(views.filter((v) => 'builtinType' in v).map((v) => [v.builtinType, v.filterCond])).toEqual([
      ['ASSIGNEE', 'Assignee in (LOGINUSER())'],
    ]);
  });
});
