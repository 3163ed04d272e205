// What the fields API cannot do, so a migration must copy values instead: change a field's type,
// or move a field into, out of or between tables (spec rest-interface.md: "type ... Cannot be
// changed after creation"; field codes are unique across the app, tables included, so naming a
// field's code in another place is a second field of that code). What it can do: add a column to
// an existing table through PUT (kintone.dev Update Form Fields, `properties.{code}.fields`).
import { beforeEach, describe, expect, it } from 'vitest';
import { useEmulator } from '../harness.js';

const emu = useEmulator();
const FIELDS = '/k/v1/preview/app/form/fields.json';
const LAYOUT = '/k/v1/preview/app/form/layout.json';

const number = (code: string) => ({ type: 'NUMBER', code, label: code });
const table = (code: string, fields: Record<string, unknown>) => ({
  type: 'SUBTABLE',
  code,
  label: code,
  fields,
});

let app: string;
beforeEach(async () => {
  app = await emu.deployedApp();
  const res = await emu.call('POST', FIELDS, {
    app,
    properties: {
      title: { type: 'SINGLE_LINE_TEXT', code: 'title', label: 'Title' },
      items: table('items', { qty: number('qty') }),
      other: table('other', { size: number('size') }),
    },
  });
  expect(res.status).toBe(200);
});

describe('the fields API keeps a field where and what it is', () => {
  it.each([
    ['PUT', 'a new type', { title: { type: 'NUMBER' } }, 'properties.title.type'],
    ['PUT', 'a column given at top level (out of its table)', { qty: number('qty') }, 'properties.qty'],
    [
      'PUT',
      'a top-level field given among a table columns (into the table)',
      { items: { fields: { title: { type: 'SINGLE_LINE_TEXT', code: 'title', label: 'T' } } } },
      'properties.items.fields.title',
    ],
    [
      'PUT',
      'a column given among another table columns',
      { other: { fields: { qty: number('qty') } } },
      'properties.other.fields.qty',
    ],
    ['POST', "a column's code added at top level", { qty: number('qty') }, 'properties.qty'],
    [
      'POST',
      "a top-level field's code inside a new table",
      { more: table('more', { title: number('title') }) },
      'properties.more.fields.title',
    ],
    [
      'POST',
      "an existing table's code, to add a column to it",
      { items: table('items', { n: number('n') }) },
      'properties.items',
    ],
  ])(
    '%s refuses %s (400 CB_VA01 at that place), and changes nothing',
    async (method, _case, properties, path) => {
      const before = (await emu.call('GET', FIELDS, { app })).body;
      const res = await emu.call(method, FIELDS, { app, properties });
      expect([res.status, res.body.code, Object.keys(res.body.errors ?? {})]).toEqual([
        400,
        'CB_VA01',
        [path],
      ]);
      expect((await emu.call('GET', FIELDS, { app })).body).toEqual(before);
    },
  );

  it('PUT accepts the type repeated as it is', async () => {
    const res = await emu.call('PUT', FIELDS, {
      app,
      properties: { title: { type: 'SINGLE_LINE_TEXT', label: 'T2' } },
    });
    expect(res.status).toBe(200);
    expect((await emu.call('GET', FIELDS, { app })).body.properties.title).toMatchObject({
      type: 'SINGLE_LINE_TEXT',
      label: 'T2',
    });
  });

  it('PUT adds a new column to an existing table, at the end of its row, its records keeping theirs', async () => {
    await emu.deploy([app]);
    const added = await emu.call('POST', '/k/v1/record.json', {
      app,
      record: { items: { value: [{ value: { qty: { value: '3' } } }] } },
    });
    expect(added.status).toBe(200);
    const res = await emu.call('PUT', FIELDS, {
      app,
      properties: {
        items: {
          type: 'SUBTABLE',
          fields: { note: { type: 'SINGLE_LINE_TEXT', code: 'note', label: 'Note' } },
        },
      },
    });
    expect(res.status).toBe(200);
    expect(Object.keys((await emu.call('GET', FIELDS, { app })).body.properties.items.fields)).toEqual([
      'qty',
      'note',
    ]);
    const layout = (await emu.call('GET', LAYOUT, { app })).body.layout as {
      code?: string;
      fields: { code: string }[];
    }[];
    expect(layout.find((row) => row.code === 'items')?.fields.map((f) => f.code)).toEqual(['qty', 'note']);
    await emu.deploy([app]);
    const { record } = (await emu.call('GET', '/k/v1/record.json', { app, id: added.body.id })).body;
    // The row keeps its cell; whether a read shows the new column empty in rows written before it
    // was added, the evidence found does not say (docs/migrations.md).
    expect(record.items.value[0].value.qty).toEqual({ type: 'NUMBER', value: '3' });
  });
});
