/**
 * A renamed field when the draft goes live: records keep their values under the new code (and
 * under the old one until then), queries follow, and other apps' lookups, related-records tables
 * and copy actions that name the field follow in their draft and live copies.
 */
import { describe, expect, it } from 'vitest';
import { useEmulator } from '../harness.js';
import { appWithFields, addRecords, ok, rec } from '../records/records-helpers.js';
import { FIELDS, ordersApp } from './field-rename-fixtures.js';
import { lookupOf, referenceTableOf } from '../related-fields.js';

const emu = useEmulator();
const get = async (app: string, path: string): Promise<any> => ok(emu.call('GET', path, { app }));

describe('a renamed field going live', () => {
  it("keeps the records' values: under the old code before the deploy, under the new one after", async () => {
    const app = await ordersApp(emu);
    await addRecords(emu, app, [
      rec({ title: 'Widget', amount: 7, lines: [{ value: { qty: { value: 3 } } }] }),
      rec({ title: 'Gadget', amount: 2 }),
    ]);
    await ok(
      emu.call('PUT', FIELDS, {
        app,
        properties: { amount: { code: 'price' }, lines: { fields: { qty: { code: 'quantity' } } } },
      }),
    );
    const query = async (q: string) => emu.call('GET', '/k/v1/records.json', { app, query: q });
    const before = await query('amount > 5');
    expect((before.body.records as any[]).map((r): unknown[] => [r.title.value, r.amount.value])).toEqual([
      ['Widget', '7'],
    ]);
    expect(before.body.records[0].price).toBeUndefined();
    expect((await query('price > 5')).body.code).toBe('GAIA_IQ11');

    await emu.deploy([app]);
    const after = await query('price > 5 order by price desc');
    expect((after.body.records as any[]).map((r): unknown[] => [r.title.value, r.price.value])).toEqual([
      ['Widget', '7'],
    ]);
    const record = after.body.records[0];
    expect(record.amount).toBeUndefined();
    expect(record.doubled.value).toBe('14');
    expect(record.lines.value[0].value).toEqual({ quantity: { type: 'NUMBER', value: '3' } });
    expect((await query('amount > 5')).body.code).toBe('GAIA_IQ11');
    expect((await query('quantity in ("3")')).body.records).toHaveLength(1);
    const updated = await emu.call('PUT', '/k/v1/record.json', {
      app,
      id: record.$id.value,
      record: rec({ price: 9 }),
    });
    expect(updated.status).toBe(200);
    const reread = await emu.call('GET', '/k/v1/record.json', { app, id: record.$id.value });
    expect([reread.body.record.price.value, reread.body.record.doubled.value]).toEqual(['9', '18']);
  });

  it("makes another app's lookup, related table and copy action follow when it goes live", async () => {
    const orders = await ordersApp(emu);
    await addRecords(emu, orders, [rec({ title: 'Widget', amount: 7 })]);
    const shop = await appWithFields(emu, {
      item: {
        type: 'SINGLE_LINE_TEXT',
        lookup: lookupOf(
          orders,
          'title',
          { cost: 'amount' },
          { lookupPickerFields: ['title', 'amount'], filterCond: 'amount > 0', sort: 'amount asc' },
        ),
      },
      cost: { type: 'NUMBER' },
      history: {
        type: 'REFERENCE_TABLE',
        referenceTable: referenceTableOf(orders, ['item', 'title'], ['title', 'amount'], {
          filterCond: 'amount > 0',
          sort: 'amount desc',
        }),
      },
    });
    await ok(
      emu.call('PUT', '/k/v1/preview/app/actions.json', {
        app: shop,
        actions: {
          ToOrders: {
            index: 0,
            destApp: { app: orders },
            mappings: [{ srcType: 'FIELD', srcField: 'cost', destField: 'amount' }],
          },
        },
      }),
    );
    await emu.deploy([shop]);
    const buy = async () =>
      emu.call('POST', '/k/v1/record.json', { app: shop, record: rec({ item: 'Widget' }) });
    const cost = async (id: string): Promise<unknown> =>
      (await ok(emu.call('GET', '/k/v1/record.json', { app: shop, id }))).record.cost.value;

    await ok(
      emu.call('PUT', FIELDS, {
        app: orders,
        properties: { amount: { code: 'price' }, title: { code: 'name' } },
      }),
    );
    // Before the deploy the shop still reads the orders app's live form.
    const early = await buy();
    expect(early.status).toBe(200);
    expect(await cost(early.body.id)).toBe('7');
    expect((await get(shop, FIELDS)).properties.item.lookup.relatedKeyField).toBe('title');

    await emu.deploy([orders]);
    for (const copy of [FIELDS, '/k/v1/app/form/fields.json']) {
      const props = (await get(shop, copy)).properties;
      expect(props.item.lookup).toMatchObject({
        relatedKeyField: 'name',
        fieldMappings: [{ field: 'cost', relatedField: 'price' }],
        lookupPickerFields: ['name', 'price'],
        filterCond: 'price > 0',
        sort: 'price asc',
      });
      expect(props.history.referenceTable).toMatchObject({
        condition: { field: 'item', relatedField: 'name' },
        displayFields: ['name', 'price'],
        filterCond: 'price > 0',
        sort: 'price desc',
      });
    }
    for (const copy of ['/k/v1/preview/app/actions.json', '/k/v1/app/actions.json'])
      expect((await get(shop, copy)).actions.ToOrders.mappings).toEqual([
        { srcType: 'FIELD', srcField: 'cost', destField: 'price' },
      ]);
    const late = await buy();
    expect(late.status).toBe(200);
    expect(await cost(late.body.id)).toBe('7');
  });

  it('is discarded with the rest of the draft by revert: true', async () => {
    const app = await ordersApp(emu);
    await addRecords(emu, app, [rec({ title: 'Widget', amount: 7 })]);
    await ok(emu.call('PUT', FIELDS, { app, properties: { amount: { code: 'price' } } }));
    await emu.deploy([app], true);
    expect((await get(app, FIELDS)).properties.amount).toMatchObject({ code: 'amount' });
    await ok(emu.call('PUT', '/k/v1/preview/app/settings.json', { app, name: 'Deployed later' }));
    await emu.deploy([app]);
    const [record] = (await get(app, '/k/v1/records.json')).records;
    expect(record.amount.value).toBe('7');
  });

  it('follows a rename back and forth, and a field deleted after its rename takes its values with it', async () => {
    const app = await ordersApp(emu);
    await addRecords(emu, app, [rec({ title: 'Widget', amount: 7, due: '2026-01-02' })]);
    await ok(
      emu.call('PUT', FIELDS, { app, properties: { amount: { code: 'price' }, due: { code: 'deadline' } } }),
    );
    await ok(emu.call('PUT', FIELDS, { app, properties: { price: { code: 'cost' } } }));
    await ok(emu.call('PUT', FIELDS, { app, properties: { deadline: { code: 'due' } } }));
    await ok(emu.call('DELETE', FIELDS, { app, fields: ['title'] }));
    // The freed code is a new field: it does not inherit the old values.
    await ok(
      emu.call('POST', FIELDS, { app, properties: { title: { type: 'NUMBER', code: 'title', label: 'T' } } }),
    );
    await emu.deploy([app]);
    const [record] = (await get(app, '/k/v1/records.json')).records;
    expect(record.cost.value).toBe('7');
    expect(record.due.value).toBe('2026-01-02');
    expect(record.title).toBeUndefined();
    expect(record.amount).toBeUndefined();
  });
});
