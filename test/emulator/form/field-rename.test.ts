/**
 * A field code changes through `PUT preview/app/form/fields.json` (key = current code, `code` =
 * the new one), as the hosted platform documents: every reference in the app's draft follows at
 * once; a code that is invalid or already used is refused at its path.
 */
import { describe, expect, it } from 'vitest';
import { useEmulator } from '../harness.js';
import { ok } from '../records/records-helpers.js';
import { FIELDS, ofField, ordersApp, referenceEverything } from './field-rename-fixtures.js';

const emu = useEmulator();
const get = async (app: string, path: string): Promise<any> => ok(emu.call('GET', path, { app }));

describe('renaming a field in the draft', () => {
  it('moves every reference in the draft at once, and leaves live alone until the deploy', async () => {
    const app = await ordersApp(emu);
    await referenceEverything(emu, app);
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
    expect(process.states.Done.assignee.entities).toEqual([
      { entity: ofField('responsible'), includeSubs: false },
    ]);
    expect(process.actions[0]).toMatchObject({
      filterCond: 'price >= 1 and quantity > 0',
      executableUser: { entities: [{ entity: ofField('responsible') }] },
    });
    expect((await get(app, '/k/v1/preview/record/acl.json')).rights).toEqual([
      {
        filterCond: 'price > 100',
        entities: [
          {
            entity: ofField('responsible'),
            viewable: true,
            editable: false,
            deletable: false,
            includeSubs: false,
          },
        ],
      },
    ]);
    expect((await get(app, '/k/v1/preview/field/acl.json')).rights).toEqual([
      {
        field: 'price',
        entities: [{ entity: ofField('responsible'), accessibility: 'WRITE', includeSubs: false }],
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
    const app = await ordersApp(emu);
    const res = await emu.call('PUT', FIELDS, { app, properties });
    expect([res.status, res.body.code, Object.keys(res.body.errors)]).toEqual([400, 'CB_VA01', [path]]);
    const { properties: props, revision } = await get(app, FIELDS);
    expect([props.amount?.code, props.lines.fields.qty?.code, revision]).toEqual(['amount', 'qty', '2']);
  });
});
