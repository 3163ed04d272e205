import { describe, expect, it } from 'vitest';
import { NUMBER_ANSWERED, TEXT_ANSWERED } from './answered-defaults.js';
import { useEmulator } from '../harness.js';
import { lookupOf, referenceTableOf } from '../related-fields.js';

const emu = useEmulator();

const FIELDS = '/k/v1/preview/app/form/fields.json';
const LAYOUT = '/k/v1/preview/app/form/layout.json';

const TITLE = { type: 'SINGLE_LINE_TEXT', code: 'title', label: 'Title', maxLength: 40 };
const ITEMS = {
  type: 'SUBTABLE',
  code: 'items',
  label: 'Items',
  fields: { qty: { type: 'NUMBER', code: 'qty', label: 'Qty' } },
};

async function appWithFields(): Promise<string> {
  const app = await emu.deployedApp();
  const res = await emu.call('POST', FIELDS, { app, properties: { title: TITLE, items: ITEMS } });
  expect(res.status).toBe(200);
  return app;
}

describe('form fields', () => {
  it('adds fields to the draft only, each appended to the layout in a row of its own', async () => {
    const app = await appWithFields();
    const draft = await emu.call('GET', FIELDS, { app, lang: 'en' });
    expect(draft.body.revision).toBe('2');
    expect(draft.body.properties.title).toEqual({ ...TEXT_ANSWERED, ...TITLE, maxLength: '40' });
    expect(draft.body.properties.items.fields.qty).toEqual({ ...NUMBER_ANSWERED, ...ITEMS.fields.qty });
    const layout = await emu.call('GET', LAYOUT, { app });
    expect(layout.body.layout).toEqual([
      { type: 'ROW', fields: [{ type: 'SINGLE_LINE_TEXT', code: 'title', size: { width: '193' } }] },
      { type: 'SUBTABLE', code: 'items', fields: [{ type: 'NUMBER', code: 'qty', size: { width: '193' } }] },
    ]);
    const live = await emu.call('GET', '/k/v1/app/form/fields.json', { app });
    expect(live.body.properties.title).toBeUndefined();
    expect((await emu.call('GET', '/k/v1/app/form/layout.json', { app })).body).toEqual({
      layout: [],
      revision: '1',
    });
    await emu.deploy([app]);
    const deployed = await emu.call('GET', '/k/v1/app/form/fields.json', { app });
    expect(deployed.body).toEqual({ ...draft.body, revision: '2' });
  });

  it.each([
    ['an existing code', { Record_number: { ...TITLE, code: 'Record_number' } }, 'properties.Record_number'],
    ['an unknown type', { x: { type: 'BLOB', code: 'x', label: 'X' } }, 'properties.x.type'],
    ['a system type', { x: { type: 'CREATOR', code: 'x', label: 'X' } }, 'properties.x.type'],
    ['no label', { x: { type: 'NUMBER', code: 'x' } }, 'properties.x.label'],
    ['a code other than its key', { x: { ...TITLE, code: 'y' } }, 'properties.x.code'],
    [
      'a property of another type',
      { x: { type: 'NUMBER', code: 'x', label: 'X', protocol: 'WEB' } },
      'properties.x.protocol',
    ],
    [
      'a bad enum value',
      { x: { type: 'LINK', code: 'x', label: 'X', protocol: 'FTP' } },
      'properties.x.protocol',
    ],
    [
      'a default that is not an option',
      {
        c: {
          type: 'CHECK_BOX',
          code: 'c',
          label: 'C',
          options: { a: { label: 'a', index: 0 } },
          defaultValue: ['a', 'b'],
        },
      },
      'properties.c.defaultValue[1]',
    ],
    ['a bad code', { '1x': { type: 'NUMBER', code: '1x', label: 'X' } }, 'properties.1x'],
    [
      'a table inside a table',
      { t: { type: 'SUBTABLE', code: 't', label: 'T', fields: { u: ITEMS } } },
      'properties.t.fields.u.type',
    ],
    [
      'a lookup mapping to an unknown field',
      {
        x: {
          ...TITLE,
          code: 'x',
          lookup: lookupOf(1, 'Record_number', { ghost: 'Record_number' }),
        },
      },
      'properties.x.lookup.fieldMappings[0].field',
    ],
    [
      'a lookup key that the related app does not have',
      { x: { ...TITLE, code: 'x', lookup: { relatedApp: { app: 1 }, relatedKeyField: 'ghost' } } },
      'properties.x.lookup.relatedKeyField',
    ],
    [
      'a related-records table showing a field the related app does not have',
      {
        r: {
          type: 'REFERENCE_TABLE',
          code: 'r',
          label: 'R',
          referenceTable: referenceTableOf(
            '1',
            ['Record_number', 'Record_number'],
            ['Record_number', 'ghost'],
          ),
        },
      },
      'properties.r.referenceTable.displayFields[1]',
    ],
  ])('refuses a field with %s', async (_case, properties, path) => {
    const app = await emu.deployedApp();
    const res = await emu.call('POST', FIELDS, { app, properties });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('CB_VA01');
    expect(Object.keys(res.body.errors)).toEqual([path]);
  });

  it('changes fields in place; the type cannot change, a code only to one no field uses', async () => {
    const app = await appWithFields();
    const ok = await emu.call('PUT', FIELDS, {
      app,
      properties: {
        title: { label: 'Heading' },
        items: { fields: { note: { type: 'SINGLE_LINE_TEXT', code: 'note', label: 'Note' } } },
      },
    });
    expect(ok.body).toEqual({ revision: '3' });
    const props = (await emu.call('GET', FIELDS, { app })).body.properties;
    expect(props.title).toMatchObject({ label: 'Heading', maxLength: '40', type: 'SINGLE_LINE_TEXT' });
    expect(Object.keys(props.items.fields)).toEqual(['qty', 'note']);
    const layout = (await emu.call('GET', LAYOUT, { app })).body.layout;
    expect(layout[1].fields.map((f: { code: string }) => f.code)).toEqual(['qty', 'note']);
    for (const [properties, path] of [
      [{ title: { type: 'NUMBER' } }, 'properties.title.type'],
      [{ title: { code: 'qty' } }, 'properties.title.code'],
      [{ ghost: { label: 'G' } }, 'properties.ghost'],
      [{ items: { fields: { qty: null } } }, 'properties.items.fields.qty'],
      [
        { items: { fields: { title: { type: 'NUMBER', code: 'title', label: 'T' } } } },
        'properties.items.fields.title',
      ],
    ] as const) {
      const res = await emu.call('PUT', FIELDS, { app, properties });
      expect([res.status, Object.keys(res.body.errors)]).toEqual([400, [path]]);
    }
  });

  it('deletes fields: they leave the form, the layout and view columns; system fields stay', async () => {
    const app = await appWithFields();
    await emu.call('PUT', '/k/v1/preview/app/views.json', {
      app,
      views: { V: { type: 'LIST', index: 0, fields: ['Record_number', 'title'] } },
    });
    const del = await emu.call('DELETE', FIELDS, { app, fields: ['title', 'qty'] });
    expect(del.body).toEqual({ revision: '4' });
    const props = (await emu.call('GET', FIELDS, { app })).body.properties;
    expect(props.title).toBeUndefined();
    expect(props.items.fields).toEqual({});
    expect((await emu.call('GET', LAYOUT, { app })).body.layout).toEqual([
      { type: 'SUBTABLE', code: 'items', fields: [] },
    ]);
    const views = (await emu.call('GET', '/k/v1/preview/app/views.json', { app })).body.views;
    expect(views.V.fields).toEqual(['Record_number']);
    for (const [fields, message] of [
      [['Record_number'], /system field/],
      [['ghost'], /does not exist/],
    ] as const) {
      const res = await emu.call('DELETE', FIELDS, { app, fields });
      expect(res.status).toBe(400);
      expect(res.body.errors['fields[0]'].messages[0]).toMatch(message);
    }
  });

  it('takes the values of a deleted field out of every record when the deploy happens, not before', async () => {
    const app = await appWithFields();
    await emu.deploy([app]);
    const added = await emu.call('POST', '/k/v1/record.json', { app, record: { title: { value: 'kept?' } } });
    expect(added.status).toBe(200);
    const read = async () =>
      (await emu.call('GET', '/k/v1/record.json', { app, id: added.body.id })).body.record as Record<
        string,
        unknown
      >;
    await emu.call('DELETE', FIELDS, { app, fields: ['title'] });
    expect((await read()).title).toEqual({ type: 'SINGLE_LINE_TEXT', value: 'kept?' });
    await emu.deploy([app]);
    expect((await read()).title).toBeUndefined();
  });

  it('answers the deprecated combined form API with an array of field definitions', async () => {
    const app = await appWithFields();
    const draft = await emu.call('GET', '/k/v1/preview/form.json', { app });
    expect(draft.status).toBe(200);
    expect(draft.body.properties).toEqual(
      expect.arrayContaining([expect.objectContaining({ code: 'title' })]),
    );
    expect(Object.keys(draft.body)).toEqual(['properties']);
    const live = await emu.call('GET', '/k/v1/form.json', { app });
    expect(live.body.properties.map((p: { code: string }) => p.code)).not.toContain('title');
  });
});

describe('form layout', () => {
  it('replaces the draft layout, live unchanged until deploy', async () => {
    const app = await appWithFields();
    const layout = [
      {
        type: 'GROUP',
        code: 'g',
        layout: [
          {
            type: 'ROW',
            fields: [
              { type: 'LABEL', label: 'Hi' },
              { type: 'SINGLE_LINE_TEXT', code: 'title' },
            ],
          },
        ],
      },
      { type: 'SUBTABLE', code: 'items', fields: [{ type: 'NUMBER', code: 'qty' }] },
    ];
    await emu.call('POST', FIELDS, { app, properties: { g: { type: 'GROUP', code: 'g', label: 'G' } } });
    const res = await emu.call('PUT', LAYOUT, { app, layout });
    expect(res.body).toEqual({ revision: '4' });
    expect((await emu.call('GET', LAYOUT, { app })).body).toEqual({ layout, revision: '4' });
    expect((await emu.call('GET', '/k/v1/app/form/layout.json', { app })).body.layout).toEqual([]);
    await emu.deploy([app]);
    expect((await emu.call('GET', '/k/v1/app/form/layout.json', { app })).body.layout).toEqual(layout);
  });

  it.each([
    [
      'an unknown field',
      [{ type: 'ROW', fields: [{ type: 'NUMBER', code: 'ghost' }] }],
      'layout[0].fields[0].code',
    ],
    [
      'the wrong type',
      [{ type: 'ROW', fields: [{ type: 'NUMBER', code: 'title' }] }],
      'layout[0].fields[0].type',
    ],
    [
      'a field placed twice',
      [
        {
          type: 'ROW',
          fields: [
            { type: 'SINGLE_LINE_TEXT', code: 'title' },
            { type: 'SINGLE_LINE_TEXT', code: 'title' },
          ],
        },
      ],
      'layout[0].fields[1].code',
    ],
    [
      'a table field outside its table',
      [{ type: 'ROW', fields: [{ type: 'NUMBER', code: 'qty' }] }],
      'layout[0].fields[0].code',
    ],
    ['an unknown row type', [{ type: 'COLUMN', fields: [] }], 'layout[0].type'],
    ['an unknown key', [{ type: 'ROW', fields: [], height: 3 }], 'layout[0].height'],
  ])('refuses a layout with %s', async (_case, layout, path) => {
    const app = await appWithFields();
    const res = await emu.call('PUT', LAYOUT, { app, layout });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.errors)).toEqual([path]);
  });
});
