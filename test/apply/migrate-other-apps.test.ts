/**
 * A migrated field that another app of the project names (docs/migrations.md, "What the plan
 * says"): the swap deletes the old field, and the platform refuses to delete a field another app's
 * lookup or related-records table reads (GAIA_LO02, GAIA_RE07: kintone help article 040792, "An
 * error message appears and I cannot delete a field"). The plan blocks it while any copy of that
 * app the service holds names the field, the manifest's or the live one, and says what to apply
 * first; once it is applied, the migration converges with every value kept.
 */
import { describe, expect, it } from 'vitest';
import { plan } from '../../src/plan/index.js';
import { useApplyHarness } from './harness.js';

const h = useApplyHarness();

const customers = (company: string) => ({
  name: 'Customers',
  fields: {
    code: { type: 'SINGLE_LINE_TEXT', label: 'Code', unique: true, required: true },
    company: { type: company, label: 'Company' },
  },
});

/** Orders: a lookup of customers by code, copying `company` when `mapped`. */
const orders = (mapped: boolean) => ({
  name: 'Orders',
  fields: {
    customer: {
      type: 'SINGLE_LINE_TEXT',
      label: 'Customer',
      lookup: {
        relatedApp: { app: 'customers' },
        relatedKeyField: 'code',
        fieldMappings: mapped ? [{ field: 'company_name', relatedField: 'company' }] : [],
        lookupPickerFields: mapped ? ['code', 'company'] : ['code'],
      },
    },
    company_name: { type: 'MULTI_LINE_TEXT', label: 'Company name' },
  },
});

async function companies(app: string): Promise<string[]> {
  const { records } = await h.client.records.getRecords({ app, query: 'order by $id asc' });
  return records.map((r) => r.company!.value as string);
}

/** Both apps applied, customers' company one line of text, two customers. */
async function started() {
  const project = await h.writeProject({
    apps: { customers: customers('SINGLE_LINE_TEXT'), orders: orders(true) },
  });
  const first = await h.apply(project, await h.plan(project));
  expect(first.exitCode, first.message).toBe(0);
  const loaded = await h.load(project.root);
  const id = loaded.apps.find((a) => a.key === 'customers')!.id!;
  await h.client.records.addAll(id, [
    { code: { value: 'A' }, company: { value: 'Acme' } },
    { code: { value: 'B' }, company: { value: 'Beta' } },
  ]);
  return { loaded, id };
}

describe('a migrated field another app names only on the service', () => {
  it('blocks until that app is applied (its live lookup still names the field), then migrates', async () => {
    const { loaded, id } = await started();
    // The manifests now: company becomes several lines, and orders stops copying it. The service's
    // orders still does, until an apply deploys orders.
    const v2 = await h.rewriteManifests(loaded, {
      customers: customers('MULTI_LINE_TEXT'),
      orders: orders(false),
    });
    const thePlan = await h.plan(v2);
    expect(thePlan.apps.find((a) => a.key === 'customers')!.risks).toMatchObject([
      {
        kind: 'blocked',
        path: ['company'],
        reason:
          'field "company" is named by orders.customer (a lookup or related-records table) as the service has it: the manifest stops naming it, but that is not deployed yet, and the service refuses to delete a field a lookup names: the swap cannot happen',
        instead: 'apply orders first (apply --app orders), then migrate',
      },
    ]);
    expect(await h.apply(v2, thePlan)).toMatchObject({ outcome: 'refused' });

    const ordersFirst = await h.apply(v2, await plan({ project: v2, client: h.client, apps: ['orders'] }));
    expect(ordersFirst, ordersFirst.message).toMatchObject({ outcome: 'applied' });
    const migrated = await h.apply(v2, await h.plan(v2));
    expect(migrated, migrated.message).toMatchObject({ outcome: 'applied' });
    expect(await companies(id)).toEqual(['Acme', 'Beta']);
    await h.expectConverged(v2);
  });
});

describe('a migrated field an app left out of the plan names (--app)', () => {
  it('blocks: that app is not applied, and its lookup on the service still names the field', async () => {
    const { loaded, id } = await started();
    const v2 = await h.rewriteManifests(loaded, { customers: customers('MULTI_LINE_TEXT') });
    const thePlan = await plan({ project: v2, client: h.client, apps: ['customers'] });
    expect(thePlan.apps[0]!.risks).toMatchObject([
      {
        kind: 'blocked',
        path: ['company'],
        reason:
          'field "company" is named by orders.customer (a lookup or related-records table) on the service, orders is left out of this plan (--app), and the service refuses to delete a field a lookup names: the swap cannot happen',
        instead:
          'take "company" out of those references and apply orders first (apply --app orders), then migrate',
      },
    ]);
    expect(await h.apply(v2, thePlan)).toMatchObject({ outcome: 'refused' });
    expect(await companies(id)).toEqual(['Acme', 'Beta']);
  });
});
