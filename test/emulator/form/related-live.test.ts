/**
 * A lookup or related-records table names another app's live form (validate/related.ts): a
 * reference to an app never deployed, or to a field only in that app's draft, is refused with
 * 400 CB_VA01 keyed by the parameter that names it; once the app is deployed the same write passes.
 */
import { describe, expect, it } from 'vitest';
import { useEmulator } from '../harness.js';
import { lookupOf, referenceTableOf } from '../related-fields.js';

const emu = useEmulator();

const FIELDS = '/k/v1/preview/app/form/fields.json';
const CODE = { type: 'SINGLE_LINE_TEXT', code: 'code', label: 'Code', unique: true };
const NAME = { type: 'SINGLE_LINE_TEXT', code: 'name', label: 'Name' };

/** A customers app with `code` and `name` in its draft, deployed or not. */
async function customers(deployed: boolean): Promise<string> {
  const created = await emu.call('POST', '/k/v1/preview/app.json', { name: 'Customers' });
  const app = created.body.app as string;
  await emu.call('POST', FIELDS, { app, properties: { code: CODE, name: NAME } });
  if (deployed) await emu.deploy([app]);
  return app;
}

/** Deployed customers with `region` added to their draft only, not deployed. */
async function customersWithDraftRegion(): Promise<string> {
  const related = await customers(true);
  await emu.call('POST', FIELDS, {
    app: related,
    properties: { region: { type: 'SINGLE_LINE_TEXT', code: 'region', label: 'Region' } },
  });
  return related;
}

function lookup(related: string, extra: Record<string, unknown> = {}) {
  return {
    customer: {
      type: 'SINGLE_LINE_TEXT',
      code: 'customer',
      label: 'Customer',
      lookup: lookupOf(
        related,
        'code',
        { company: 'name' },
        { lookupPickerFields: ['code', 'name'], ...extra },
      ),
    },
    company: { type: 'SINGLE_LINE_TEXT', code: 'company', label: 'Company' },
  };
}

function relatedTable(related: string, extra: Record<string, unknown> = {}) {
  return {
    company: { type: 'SINGLE_LINE_TEXT', code: 'company', label: 'Company' },
    orders: {
      type: 'REFERENCE_TABLE',
      code: 'orders',
      label: 'Orders',
      referenceTable: referenceTableOf(related, ['company', 'name'], ['code', 'name'], extra),
    },
  };
}

async function refusal(properties: unknown, method = 'POST', app?: string) {
  const target = app ?? (await emu.deployedApp('Deals'));
  const res = await emu.call(
    method,
    FIELDS,
    { app: target, properties },
    { headers: { 'Accept-Language': 'en' } },
  );
  return {
    status: res.status,
    code: res.body.code,
    keys: Object.keys(res.body.errors ?? {}).sort(),
    body: res.body,
  };
}

describe('a lookup or related-records table names live apps and fields only', () => {
  it.each([
    ['a lookup', lookup, 'properties.customer.lookup.relatedApp'],
    ['a related-records table', relatedTable, 'properties.orders.referenceTable.relatedApp'],
  ])('%s naming an app never deployed: 400 CB_VA01 on relatedApp', async (_kind, build, key) => {
    const related = await customers(false);
    const answer = await refusal(build(related));
    expect([answer.status, answer.code, answer.keys]).toEqual([400, 'CB_VA01', [key]]);
    expect(answer.body.errors[key].messages).toEqual([
      `The related app (id: ${related}) has never been deployed: deploy it before a lookup or related-records table names it.`,
    ]);
  });

  it('a lookup naming an app that does not exist: 400 CB_VA01 on relatedApp', async () => {
    const answer = await refusal(lookup('999'));
    expect([answer.status, answer.code, answer.keys]).toEqual([
      400,
      'CB_VA01',
      ['properties.customer.lookup.relatedApp'],
    ]);
  });

  it.each([
    ['the key field', { relatedKeyField: 'region' }, 'properties.customer.lookup.relatedKeyField'],
    [
      'a mapped field',
      { fieldMappings: [{ field: 'company', relatedField: 'region' }] },
      'properties.customer.lookup.fieldMappings[0].relatedField',
    ],
    [
      'a picker field',
      { lookupPickerFields: ['code', 'region'] },
      'properties.customer.lookup.lookupPickerFields[1]',
    ],
    ['a field of its filter', { filterCond: 'region = "North"' }, 'properties.customer.lookup.filterCond'],
    ['a field of its sort', { sort: 'region asc' }, 'properties.customer.lookup.sort'],
  ])('a lookup naming %s that is only in the draft: 400 CB_VA01 on it', async (_what, extra, key) => {
    const related = await customersWithDraftRegion();
    const answer = await refusal(lookup(related, extra));
    expect([answer.status, answer.code, answer.keys]).toEqual([400, 'CB_VA01', [key]]);
    if (key.endsWith('Field') || key.endsWith(']'))
      expect(answer.body.errors[key].messages).toEqual([
        `The field "region" of the related app (id: ${related}) is not live: deploy that app first.`,
      ]);
  });

  it.each([
    [
      'the condition',
      { condition: { field: 'company', relatedField: 'region' } },
      'properties.orders.referenceTable.condition.relatedField',
    ],
    ['a shown field', { displayFields: ['region'] }, 'properties.orders.referenceTable.displayFields[0]'],
    [
      'a field of its filter',
      { filterCond: 'region = "North"' },
      'properties.orders.referenceTable.filterCond',
    ],
    ['a field of its sort', { sort: 'region desc' }, 'properties.orders.referenceTable.sort'],
  ])('a related-records table naming %s only in the draft: 400 CB_VA01 on it', async (_what, extra, key) => {
    const related = await customersWithDraftRegion();
    const answer = await refusal(relatedTable(related, extra));
    expect([answer.status, answer.code, answer.keys]).toEqual([400, 'CB_VA01', [key]]);
  });

  it('refuses the same on a PUT that adds the reference to an existing field', async () => {
    const related = await customers(false);
    const app = await emu.deployedApp('Deals');
    await emu.call('POST', FIELDS, { app, properties: { company: lookup(related).company } });
    const answer = await refusal(
      { company: { lookup: { relatedApp: { app: related }, relatedKeyField: 'code' } } },
      'PUT',
      app,
    );
    expect([answer.status, answer.code, answer.keys]).toEqual([
      400,
      'CB_VA01',
      ['properties.company.lookup.relatedApp'],
    ]);
  });

  it('accepts the write once the related app and its fields are deployed', async () => {
    const related = await customers(false);
    const app = await emu.deployedApp('Deals');
    expect((await refusal(lookup(related), 'POST', app)).status).toBe(400);
    await emu.deploy([related]);
    const ok = await emu.call('POST', FIELDS, {
      app,
      properties: {
        ...lookup(related, { filterCond: 'name != ""', sort: 'code asc' }),
        ...relatedTable(related, { filterCond: 'name != ""', sort: 'code desc' }),
        company: lookup(related).company,
      },
    });
    expect(ok.status).toBe(200);
  });

  it('words the refusal in Japanese for a Japanese caller', async () => {
    const related = await customers(false);
    const app = await emu.deployedApp('Deals');
    const res = await emu.call(
      'POST',
      FIELDS,
      { app, properties: lookup(related) },
      { headers: { 'Accept-Language': 'ja' } },
    );
    expect(res.body.message).toBe('入力内容が正しくありません。');
    expect(res.body.errors['properties.customer.lookup.relatedApp'].messages).toEqual([
      `関連付けるアプリ（id: ${related}）は運用環境に反映されていません。ルックアップや関連レコード一覧で参照する前に、アプリを運用環境に反映してください。`,
    ]);
  });
});
