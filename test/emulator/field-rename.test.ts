/**
 * A field code changes through `PUT preview/app/form/fields.json` (key = current code, `code` =
 * the new one), as the hosted platform documents: the draft's references follow at once; records,
 * queries and other apps' lookups, related tables and copy actions follow when it goes live.
 */
import { describe, expect, it } from 'vitest';
import { useEmulator } from './harness.js';
import { appWithFields, addRecords, ok, rec } from './records-helpers.js';

const emu = useEmulator();
const FIELDS = '/k/v1/preview/app/form/fields.json';
const ofField = (code: string) => ({ type: 'FIELD_ENTITY', code });

/** The orders app: text, number, date, user selection, a formula and a table. */
async function ordersApp(): Promise<string> {
  return appWithFields(emu, {
    title: { type: 'SINGLE_LINE_TEXT', unique: true },
    amount: { type: 'NUMBER' },
    due: { type: 'DATE' },
    owner: { type: 'USER_SELECT' },
    doubled: { type: 'CALC', expression: 'amount * 2' },
    lines: {
      type: 'SUBTABLE',
      fields: { qty: { type: 'NUMBER', code: 'qty', label: 'Qty' } },
    },
  });
}

/** Every draft area of the orders app naming `amount`, `owner`, `due` or `qty`. */
async function referenceEverything(app: string): Promise<void> {
  const put = (path: string, body: Record<string, unknown>) => ok(emu.call('PUT', path, { app, ...body }));
  await put('/k/v1/preview/app/settings.json', { titleField: { selectionMode: 'MANUAL', code: 'amount' } });
  await put('/k/v1/preview/app/views.json', {
    views: {
      Big: {
        type: 'LIST',
        index: 0,
        fields: ['title', 'amount'],
        filterCond: 'amount > 5',
        sort: 'amount desc',
      },
      Due: { type: 'CALENDAR', index: 1, date: 'due', title: 'amount' },
    },
  });
  await put('/k/v1/preview/app/status.json', {
    enable: true,
    states: {
      Open: { index: 0, assignee: { type: 'ONE', entities: [{ entity: ofField('owner') }] } },
      Done: { index: 1, assignee: { type: 'ONE', entities: [] } },
    },
    actions: [
      {
        name: 'Close',
        from: 'Open',
        to: 'Done',
        filterCond: 'amount >= 1 and qty > 0',
        executableUser: { entities: [{ entity: ofField('owner') }] },
      },
    ],
  });
  await put('/k/v1/preview/record/acl.json', {
    rights: [{ filterCond: 'amount > 100', entities: [{ entity: ofField('owner'), viewable: true }] }],
  });
  await put('/k/v1/preview/field/acl.json', {
    rights: [{ field: 'amount', entities: [{ entity: ofField('owner'), accessibility: 'WRITE' }] }],
  });
  await put('/k/v1/preview/app/notifications/general.json', {
    notifications: [{ entity: ofField('owner'), recordAdded: true }],
  });
  await put('/k/v1/preview/app/notifications/perRecord.json', {
    notifications: [{ filterCond: 'amount > 1', title: 'Big', targets: [{ entity: ofField('owner') }] }],
  });
  await put('/k/v1/preview/app/notifications/reminder.json', {
    notifications: [
      {
        timing: { code: 'due', daysLater: -1, time: '09:00' },
        filterCond: 'amount > 1',
        title: 'Due',
        targets: [{ entity: ofField('owner') }],
      },
    ],
  });
  await put('/k/v1/preview/app/reports.json', {
    reports: {
      Sum: {
        chartType: 'BAR',
        index: 0,
        groups: [{ code: 'due', per: 'MONTH' }],
        aggregations: [{ type: 'SUM', code: 'amount' }],
        filterCond: 'amount > 0',
      },
    },
  });
  await put('/k/v1/preview/app/actions.json', {
    actions: {
      Copy: {
        index: 0,
        destApp: { app },
        mappings: [{ srcType: 'FIELD', srcField: 'amount', destField: 'amount' }],
        filterCond: 'amount > 0',
      },
    },
  });
}

const get = async (app: string, path: string): Promise<any> => ok(emu.call('GET', path, { app }));

describe('renaming a field', () => {
  it('moves every reference in the draft at once, and leaves live alone until the deploy', async () => {
    const app = await ordersApp();
    await referenceEverything(app);
    const res = await emu.call('PUT', FIELDS, {
      app,
      properties: {
        amount: { type: 'NUMBER', code: 'price', label: 'Price' },
        owner: { code: 'responsible' },
        due: { code: 'deadline' },
        lines: { fields: { qty: { code: 'quantity' } } },
      },
    });
    expect(res.status).toBe(200);
    const props = (await get(app, FIELDS)).properties;
    expect(Object.keys(props)).toEqual(expect.arrayContaining(['price', 'responsible', 'deadline']));
    expect(props.amount).toBeUndefined();
    expect(props.price).toMatchObject({ type: 'NUMBER', code: 'price', label: 'Price' });
    expect(props.doubled.expression).toBe('price * 2');
    expect(props.lines.fields).toEqual({ quantity: expect.objectContaining({ code: 'quantity' }) });
    const layout = (await get(app, '/k/v1/preview/app/form/layout.json')).layout;
    expect(JSON.stringify(layout)).not.toMatch(/"(amount|owner|due|qty)"/);
    expect(layout).toContainEqual({
      type: 'SUBTABLE',
      code: 'lines',
      fields: [expect.objectContaining({ code: 'quantity' })],
    });

    expect((await get(app, '/k/v1/preview/app/settings.json')).titleField).toEqual({
      selectionMode: 'MANUAL',
      code: 'price',
    });
    const views = (await get(app, '/k/v1/preview/app/views.json')).views;
    expect(views.Big).toMatchObject({
      fields: ['title', 'price'],
      filterCond: 'price > 5',
      sort: 'price desc',
    });
    expect(views.Due).toMatchObject({ date: 'deadline', title: 'price' });
    const process = await get(app, '/k/v1/preview/app/status.json');
    expect(process.states.Open.assignee.entities).toEqual([{ entity: ofField('responsible') }]);
    expect(process.actions[0]).toMatchObject({
      filterCond: 'price >= 1 and quantity > 0',
      executableUser: { entities: [{ entity: ofField('responsible') }] },
    });
    expect((await get(app, '/k/v1/preview/record/acl.json')).rights).toEqual([
      { filterCond: 'price > 100', entities: [{ entity: ofField('responsible'), viewable: true }] },
    ]);
    expect((await get(app, '/k/v1/preview/field/acl.json')).rights).toEqual([
      {
        field: 'price',
        code: 'price',
        entities: [{ entity: ofField('responsible'), accessibility: 'WRITE' }],
      },
    ]);
    expect((await get(app, '/k/v1/preview/app/notifications/general.json')).notifications[0].entity).toEqual(
      ofField('responsible'),
    );
    expect((await get(app, '/k/v1/preview/app/notifications/perRecord.json')).notifications[0]).toMatchObject(
      {
        filterCond: 'price > 1',
        targets: [{ entity: ofField('responsible') }],
      },
    );
    expect((await get(app, '/k/v1/preview/app/notifications/reminder.json')).notifications[0]).toMatchObject({
      timing: { code: 'deadline' },
      filterCond: 'price > 1',
      targets: [{ entity: ofField('responsible') }],
    });
    expect((await get(app, '/k/v1/preview/app/reports.json')).reports.Sum).toMatchObject({
      groups: [{ code: 'deadline', per: 'MONTH' }],
      aggregations: [{ type: 'SUM', code: 'price' }],
      filterCond: 'price > 0',
    });
    // The copy action's destination is this app's live form: its destField follows at deploy.
    expect((await get(app, '/k/v1/preview/app/actions.json')).actions.Copy).toMatchObject({
      mappings: [{ srcType: 'FIELD', srcField: 'price', destField: 'amount' }],
      filterCond: 'price > 0',
    });

    // Live is untouched until the deploy; then it is the draft, destination fields included.
    expect((await get(app, '/k/v1/app/form/fields.json')).properties.amount).toMatchObject({
      code: 'amount',
    });
    expect((await get(app, '/k/v1/app/views.json')).views.Big).toBeUndefined();
    expect(await emu.deploy([app])).toEqual({ [app]: 'SUCCESS' });
    expect((await get(app, '/k/v1/app/views.json')).views.Big.sort).toBe('price desc');
    expect((await get(app, '/k/v1/app/actions.json')).actions.Copy.mappings).toEqual([
      { srcType: 'FIELD', srcField: 'price', destField: 'price' },
    ]);
  });

  it("keeps the records' values: under the old code before the deploy, under the new one after", async () => {
    const app = await ordersApp();
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
    const orders = await ordersApp();
    await addRecords(emu, orders, [rec({ title: 'Widget', amount: 7 })]);
    const shop = await appWithFields(emu, {
      item: {
        type: 'SINGLE_LINE_TEXT',
        lookup: {
          relatedApp: { app: orders },
          relatedKeyField: 'title',
          fieldMappings: [{ field: 'cost', relatedField: 'amount' }],
          lookupPickerFields: ['title', 'amount'],
          filterCond: 'amount > 0',
          sort: 'amount asc',
        },
      },
      cost: { type: 'NUMBER' },
      history: {
        type: 'REFERENCE_TABLE',
        referenceTable: {
          relatedApp: { app: orders },
          condition: { field: 'item', relatedField: 'title' },
          displayFields: ['title', 'amount'],
          filterCond: 'amount > 0',
          sort: 'amount desc',
        },
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
    const app = await ordersApp();
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
    const app = await ordersApp();
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

  it.each([
    ['a code another field uses', { amount: { code: 'title' } }, 'properties.amount.code'],
    ['a code of a field inside a table', { amount: { code: 'qty' } }, 'properties.amount.code'],
    ['an invalid code', { amount: { code: '1st price' } }, 'properties.amount.code'],
    ['a code over 128 characters', { amount: { code: 'x'.repeat(129) } }, 'properties.amount.code'],
    ['a code that is not a string', { amount: { code: 12 } }, 'properties.amount.code'],
    [
      "a table's field taking a code from outside the table",
      { lines: { fields: { qty: { code: 'amount' } } } },
      'properties.lines.fields.qty.code',
    ],
    [
      'two fields taking one code',
      { amount: { code: 'cost' }, due: { code: 'cost' } },
      'properties.due.code',
    ],
  ])('refuses %s with CB_VA01 at its path, changing nothing', async (_case, properties, path) => {
    const app = await ordersApp();
    const res = await emu.call('PUT', FIELDS, { app, properties });
    expect([res.status, res.body.code, Object.keys(res.body.errors)]).toEqual([400, 'CB_VA01', [path]]);
    const props = (await get(app, FIELDS)).properties;
    expect([props.amount?.code, props.lines.fields.qty?.code, props.revision]).toEqual([
      'amount',
      'qty',
      undefined,
    ]);
    expect((await get(app, FIELDS)).revision).toBe('2');
  });
});
