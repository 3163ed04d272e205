/**
 * Restoring an earlier deploy batch keeps the data (issue 21 item 4). A deploy split into batches
 * (`deployBatchSize: 1` here) makes the first batch live before the second fails; restore then
 * writes the first batch's before-state back and deploys it. A field the apply renamed is renamed
 * back (the records keep their values), the layout comes back exactly as it was, and what cannot
 * come back (the values of a field the apply removed) is named per app, in the result and its
 * message, instead of a plain "Restored".
 */
import { describe, expect, it } from 'vitest';
import { lookupField, row, text } from '../support/fields.js';
import { manifest, useApplyHarness } from './harness.js';
import { applied } from './scenario.js';

const h = useApplyHarness();

const V1 = {
  customers: {
    name: 'Customers',
    fields: {
      company: text('Company'),
      city: text('City'),
      notes: { type: 'MULTI_LINE_TEXT', label: 'Notes' },
    },
    layout: [row('company', 'city'), row('notes')],
  },
  orders: {
    name: 'Orders',
    fields: { amount: { type: 'NUMBER', label: 'Amount' } },
    layout: [row('amount')],
  },
};

const ORDERS_V2 = {
  name: 'Orders',
  fields: { amount: { type: 'NUMBER', label: 'Total' } },
  layout: [row('amount')],
};

function customersWithRecords() {
  return applied(h, V1, {
    customers: [
      { company: { value: 'Acme' }, city: { value: 'Paris' }, notes: { value: 'first' } },
      { company: { value: 'Globex' }, city: { value: 'Oslo' }, notes: { value: 'second' } },
    ],
  });
}

async function values(app: string, codes: string[]): Promise<unknown[]> {
  const { records } = await h.client.records.getRecords({ app, query: 'order by $id asc' });
  return records.map((r) => codes.map((c) => r[c]?.value ?? ''));
}

describe('restoring an earlier deploy batch when a later one fails', () => {
  it('renames a renamed field back (its values kept) and writes the layout exactly as it was', async () => {
    const { project, ids } = await customersWithRecords();
    const v2 = await h.rewriteManifests(project, {
      customers: {
        name: 'Customers',
        fields: {
          company_name: { ...text('Company'), renamedFrom: 'company' },
          city: text('City'),
          notes: { type: 'MULTI_LINE_TEXT', label: 'Notes' },
        },
        layout: [row('notes'), row('city', 'company_name')],
      },
      orders: ORDERS_V2,
    });
    const before = await h.snapshot(Object.values(ids));
    await h.control('POST', '/_emulator/deploy-outcome', { app: ids.orders, outcome: 'FAIL' });
    const result = await h.apply(v2, await h.plan(v2), { deployBatchSize: 1 });
    expect(result).toMatchObject({ outcome: 'rolled-back', exitCode: 1 });
    expect(await values(ids.customers!, ['company', 'city', 'notes'])).toEqual([
      ['Acme', 'Paris', 'first'],
      ['Globex', 'Oslo', 'second'],
    ]);
    expect(await h.snapshot(Object.values(ids))).toEqual(before);
    expect(result.apps.find((a) => a.key === 'customers')).toMatchObject({ outcome: 'rolled-back' });
    expect(result.message).toMatch(/Restored customers \(\d+\)/);
    expect(result.message).not.toMatch(/not exactly|cannot be put back/);
  });

  it('names per app what it cannot put back: the values of a field the apply removed', async () => {
    const { project, ids } = await customersWithRecords();
    const v2 = await h.rewriteManifests(project, {
      customers: {
        name: 'Customers',
        fields: { company: text('Company'), city: text('City') },
        layout: [row('company', 'city')],
      },
      orders: ORDERS_V2,
    });
    await h.control('POST', '/_emulator/deploy-outcome', { app: ids.orders, outcome: 'FAIL' });
    const result = await h.apply(v2, await h.plan(v2), { deployBatchSize: 1, allowDataLoss: true });
    expect(result).toMatchObject({ outcome: 'rolled-back', exitCode: 1 });
    // The field and the layout are back; its values are not, and the result says so.
    expect(await values(ids.customers!, ['company', 'notes'])).toEqual([
      ['Acme', ''],
      ['Globex', ''],
    ]);
    const customers = result.apps.find((a) => a.key === 'customers')!;
    expect(customers.reason).toMatch(/not put back exactly: field notes came back without its values/);
    expect(result.message).toMatch(/customers \(\d+\): field notes came back without its values/);
  });

  it('the two-step deploy: a failed second step renames the field of the first step back, records kept', async () => {
    const codeField = text('Code', { unique: true, required: true });
    const v1 = {
      customers: manifest('Customers', { code: codeField, company: text('Company') }),
      deals: manifest('Deals', { title: text('Title') }),
    };
    const { project: loaded, ids } = await applied(h, v1, {
      customers: [{ code: { value: 'C1' }, company: { value: 'Acme' } }],
    });
    // customers renames company and adds region; deals looks region up: held to a second step.
    const v2 = await h.rewriteManifests(loaded, {
      customers: manifest('Customers', {
        code: codeField,
        company_name: { ...text('Company'), renamedFrom: 'company' },
        region: text('Region'),
      }),
      deals: manifest('Deals', {
        title: text('Title'),
        customer: lookupField('Customer', 'customers', 'code', {
          copies: { title: 'region' },
          picker: ['code'],
        }),
      }),
    });
    const plan = await h.plan(v2);
    expect(plan.heldReferences.map((r) => r.field)).toEqual(['customer']);
    const before = await h.snapshot(Object.values(ids));
    await h.control('POST', '/_emulator/deploy-outcome', { app: ids.deals, outcome: 'FAIL' });
    const result = await h.apply(v2, plan);
    expect(result).toMatchObject({ outcome: 'rolled-back', exitCode: 1 });
    expect(await values(ids.customers!, ['code', 'company'])).toEqual([['C1', 'Acme']]);
    expect(await h.snapshot(Object.values(ids))).toEqual(before);
    expect(result.message).toMatch(/Restored customers \(\d+\)/);
    expect(result.message).not.toMatch(/not put back exactly/i);
  });

  it('renames a renamed status back: the records in it return to the old name', async () => {
    const states = (doing: Record<string, unknown>, name: string) => ({
      enable: true,
      states: { Open: {}, [name]: doing, Done: {} },
      actions: [
        { name: 'Start', from: 'Open', to: name },
        { name: 'Finish', from: name, to: 'Done' },
      ],
    });
    const customers = (process: unknown) => ({ ...V1.customers, process });
    const { project: loaded, ids } = await applied(h, {
      customers: customers(states({}, 'Doing')),
      orders: V1.orders,
    });
    const { ids: records } = await h.client.records.addRecords({ app: ids.customers!, records: [{}, {}] });
    await h.client.process.updateStatus({ app: ids.customers!, id: records[0]!, action: 'Start' });
    const v2 = await h.rewriteManifests(loaded, {
      customers: customers(states({ renamedFrom: 'Doing' }, 'Busy')),
      orders: ORDERS_V2,
    });
    const before = await h.snapshot(Object.values(ids));
    await h.control('POST', '/_emulator/deploy-outcome', { app: ids.orders, outcome: 'FAIL' });
    const result = await h.apply(v2, await h.plan(v2), { deployBatchSize: 1 });
    expect(result).toMatchObject({ outcome: 'rolled-back', exitCode: 1 });
    expect(await values(ids.customers!, ['Status'])).toEqual([['Doing'], ['Open']]);
    expect(await h.snapshot(Object.values(ids))).toEqual(before);
  });
});
