/**
 * Answers and refusals of the local service that match the hosted platform's, over HTTP:
 * layout sizes per element type, lookup fields with six keys, `unique` dropped where the platform
 * drops it, entity types per area, and the fields PUT refusing STATUS, STATUS_ASSIGNEE and
 * CATEGORY changes. Evidence is cited beside each rule in src/platform and src/emulator.
 */
import { describe, expect, it } from 'vitest';
import { useEmulator } from '../harness.js';
import { ok } from '../records/records-helpers.js';

const emu = useEmulator();

const FIELDS = '/k/v1/preview/app/form/fields.json';
const LAYOUT = '/k/v1/preview/app/form/layout.json';

async function appWith(properties: Record<string, unknown>): Promise<string> {
  const app = await emu.deployedApp();
  await ok(emu.call('POST', FIELDS, { app, properties }));
  return app;
}

const field = (code: string, type: string, extra: Record<string, unknown> = {}) => ({
  [code]: { type, code, label: code, ...extra },
});

describe('layout sizes: only the keys the element type has', () => {
  it.each([
    [
      'MULTI_LINE_TEXT',
      { width: '300', height: '90', innerHeight: '120' },
      { width: '300', innerHeight: '120' },
    ],
    ['RICH_TEXT', { width: '300', height: '90', innerHeight: '120' }, { width: '300', innerHeight: '120' }],
    ['SINGLE_LINE_TEXT', { width: '300', height: '90', innerHeight: '120' }, { width: '300' }],
    ['SPACER', { width: '300', height: '90', innerHeight: '120' }, { width: '300', height: '90' }],
    ['LABEL', { width: '300', height: '90' }, { width: '300' }],
    ['HR', { width: '300', innerHeight: '90' }, { width: '300' }],
  ])('%s answers %j as %j', async (type, given, answered) => {
    const decoration = ['SPACER', 'LABEL', 'HR'].includes(type);
    const app = await appWith(field('f', decoration ? 'SINGLE_LINE_TEXT' : type));
    const element = decoration
      ? {
          type,
          size: given,
          ...(type === 'LABEL' ? { label: 'L' } : type === 'SPACER' ? { elementId: 's' } : {}),
        }
      : { type, code: 'f', size: given };
    const fields = decoration ? [{ type: 'SINGLE_LINE_TEXT', code: 'f' }, element] : [element];
    await ok(emu.call('PUT', LAYOUT, { app, layout: [{ type: 'ROW', fields }] }));
    const { layout } = await ok(emu.call('GET', LAYOUT, { app }));
    expect(layout[0].fields.at(-1).size).toEqual(answered);
  });
});

/** What a lookup field is answered with, sorted. */
const LOOKUP_KEYS = ['code', 'label', 'lookup', 'noLabel', 'required', 'type'];

describe('a lookup field comes back with type, code, label, noLabel, required and lookup only', () => {
  it.each([
    ['SINGLE_LINE_TEXT', { unique: true, defaultValue: 'x', maxLength: '10', minLength: '1' }],
    ['NUMBER', { unique: true, defaultValue: '1', maxValue: '10', digit: true, unit: '$' }],
  ])('%s', async (type, extra) => {
    const source = await appWith(field('key', type));
    await emu.deploy([source]);
    const lookup = { relatedApp: { app: source }, relatedKeyField: 'key', fieldMappings: [] };
    const app = await appWith({
      ...field('copy', type),
      ...field('pick', type, { ...extra, required: true, lookup }),
    });
    const { properties } = await ok(emu.call('GET', FIELDS, { app }));
    expect(Object.keys(properties.pick).sort()).toEqual(LOOKUP_KEYS);
    // A later PUT of a property the lookup does not keep changes nothing.
    await ok(emu.call('PUT', FIELDS, { app, properties: { pick: { unique: true } } }));
    const again = await ok(emu.call('GET', FIELDS, { app }));
    expect(Object.keys(again.properties.pick).sort()).toEqual(LOOKUP_KEYS);
  });
});

describe('unique is kept only on SINGLE_LINE_TEXT, NUMBER, LINK, DATE and DATETIME', () => {
  it.each([
    ['SINGLE_LINE_TEXT', true],
    ['NUMBER', true],
    ['LINK', true],
    ['DATE', true],
    ['DATETIME', true],
    ['MULTI_LINE_TEXT', false],
    ['RICH_TEXT', false],
    ['TIME', false],
    ['CHECK_BOX', false],
    ['USER_SELECT', false],
    ['FILE', false],
  ])('%s keeps it: %s (accepted either way)', async (type, kept) => {
    const extra = ['CHECK_BOX'].includes(type) ? { options: { a: { label: 'a', index: '0' } } } : {};
    const app = await appWith(field('f', type, { ...extra, unique: true }));
    const { properties } = await ok(emu.call('GET', FIELDS, { app }));
    expect(properties.f.unique).toBe(kept ? true : undefined);
  });

  it('still refuses a unique that is not a flag', async () => {
    const app = await emu.deployedApp();
    const res = await emu.call('POST', FIELDS, { app, properties: field('f', 'TIME', { unique: 'yes' }) });
    expect(res.status).toBe(400);
  });
});

const USER = { type: 'USER', code: 'admin' };
const CREATOR = { type: 'CREATOR' };
const CREATED_BY = { type: 'FIELD_ENTITY', code: 'Created_by' };

describe('entity types per area (official types: app/right.d.ts, app/notification.d.ts)', () => {
  const appAcl = (entity: object) => [
    '/k/v1/preview/app/acl.json',
    { rights: [{ entity }] },
    'rights[0].entity.type',
  ];
  const recordAcl = (entity: object) => [
    '/k/v1/preview/record/acl.json',
    { rights: [{ filterCond: '', entities: [{ entity: USER }, { entity }] }] },
    'rights[0].entities[1].entity.type',
  ];
  const fieldAcl = (entity: object) => [
    '/k/v1/preview/field/acl.json',
    { rights: [{ code: 'Record_number', entities: [{ entity, accessibility: 'READ' }] }] },
    'rights[0].entities[0].entity.type',
  ];
  const general = (entity: object) => [
    '/k/v1/preview/app/notifications/general.json',
    { notifications: [{ entity, recordAdded: true }] },
    'notifications[0].entity.type',
  ];
  const perRecord = (entity: object) => [
    '/k/v1/preview/app/notifications/perRecord.json',
    { notifications: [{ filterCond: '', title: 't', targets: [{ entity }] }] },
    'notifications[0].targets[0].entity.type',
  ];
  const reminder = (entity: object) => [
    '/k/v1/preview/app/notifications/reminder.json',
    {
      notifications: [
        {
          timing: { code: 'Created_datetime', daysLater: 0, hoursLater: 1 },
          title: 't',
          targets: [{ entity }],
        },
      ],
    },
    'notifications[0].targets[0].entity.type',
  ];

  it.each([
    ['app ACL', appAcl, [USER, CREATOR, { type: 'GROUP', code: 'everyone' }], [CREATED_BY]],
    ['record ACL', recordAcl, [USER, CREATED_BY], [CREATOR]],
    ['field ACL', fieldAcl, [USER, CREATED_BY], [CREATOR]],
    ['general notifications', general, [USER, CREATED_BY], [CREATOR]],
    ['per-record notifications', perRecord, [USER, CREATED_BY], [CREATOR]],
    ['reminder notifications', reminder, [USER, CREATED_BY], [CREATOR]],
  ] as const)('%s', async (_area, write, allowed, refused) => {
    const app = await emu.deployedApp();
    for (const entity of allowed) {
      const [path, body] = write(entity) as [string, object, string];
      const res = await emu.call('PUT', path, { app, ...body });
      expect([entity, res.status]).toEqual([entity, 200]);
    }
    for (const entity of refused) {
      const [path, body, key] = write(entity) as [string, object, string];
      const res = await emu.call('PUT', path, { app, ...body });
      expect([entity, res.status, res.body.code, Object.keys(res.body.errors ?? {})]).toEqual([
        entity,
        400,
        'CB_VA01',
        [key],
      ]);
    }
  });
});

describe('the fields PUT cannot change STATUS, STATUS_ASSIGNEE or CATEGORY', () => {
  it.each([
    ['Status', { label: 'State' }, 'properties.Status.label'],
    ['Status', { code: 'State' }, 'properties.Status.code'],
    ['Assignee', { label: 'Who' }, 'properties.Assignee.label'],
    ['Assignee', { noLabel: true }, 'properties.Assignee.noLabel'],
    ['Categories', { code: 'Kinds' }, 'properties.Categories.code'],
  ])('%s with %j: 400 CB_VA01 at %s, nothing changes', async (code, change, key) => {
    const app = await emu.deployedApp();
    const before = await ok(emu.call('GET', FIELDS, { app }));
    const res = await emu.call('PUT', FIELDS, { app, properties: { [code]: change } });
    expect([res.status, res.body.code, Object.keys(res.body.errors)]).toEqual([400, 'CB_VA01', [key]]);
    expect(await ok(emu.call('GET', FIELDS, { app }))).toEqual(before);
  });

  it('a PUT that repeats them as they are is accepted; other system fields can still be relabelled', async () => {
    const app = await emu.deployedApp();
    const res = await emu.call('PUT', FIELDS, {
      app,
      properties: { Status: { type: 'STATUS', label: 'Status' }, Created_by: { label: 'Author' } },
    });
    expect(res.status).toBe(200);
  });

  it('answers the refusal in Japanese to a Japanese caller', async () => {
    const app = await emu.deployedApp();
    const res = await emu.call(
      'PUT',
      FIELDS,
      { app, properties: { Status: { label: 'x' } } },
      { headers: { 'Accept-Language': 'ja' } },
    );
    expect(res.body.errors['properties.Status.label'].messages[0]).toContain('変更できません');
  });
});
