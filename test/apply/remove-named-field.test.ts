/**
 * A field removed while another app's lookup or related-records table names it on the service:
 * the platform refuses to delete a field another app's lookup or related-records table reads
 * (GAIA_LO02, GAIA_RE07: kintone help article 040792, "An error message appears and I cannot
 * delete a field"), and the reading app's manifest dropping the reference changes nothing on the
 * service until that app is deployed, which comes after the deletion's draft write. The plan
 * blocks it, naming both apps and fields and what to apply first, as it does for a migration's
 * swap (migrate-other-apps.test.ts); once that app is applied, the removal applies. Found by the
 * reference sweep (test/reliability/reference-sweep.test.ts): the plan promised, apply rolled back.
 */
import { describe, expect, it } from 'vitest';
import { plan, type Plan } from '../../src/plan/index.js';
import { useApplyHarness } from './harness.js';

const h = useApplyHarness();

/** Customers with `company` (when `withCompany`), listing orders by their `code` when `listed`. */
const customers = (withCompany: boolean, listed: boolean) => ({
  name: 'Customers',
  fields: {
    code: { type: 'SINGLE_LINE_TEXT', label: 'Code', unique: true },
    ...(withCompany ? { company: { type: 'SINGLE_LINE_TEXT', label: 'Company' } } : {}),
    ...(listed
      ? {
          orders_list: {
            type: 'REFERENCE_TABLE',
            label: 'Orders',
            referenceTable: {
              relatedApp: { app: 'orders' },
              condition: { field: 'code', relatedField: 'customer' },
              displayFields: ['note'],
              size: 5,
            },
          },
        }
      : {}),
  },
});

/** Orders: a lookup of customers by code, copying `company` when `mapped`; a note when `withNote`. */
const orders = (mapped: boolean, withNote = true) => ({
  name: 'Orders',
  fields: {
    customer: {
      type: 'SINGLE_LINE_TEXT',
      label: 'Customer',
      lookup: {
        relatedApp: { app: 'customers' },
        relatedKeyField: 'code',
        fieldMappings: mapped ? [{ field: 'company_name', relatedField: 'company' }] : [],
        lookupPickerFields: ['code'],
      },
    },
    company_name: { type: 'SINGLE_LINE_TEXT', label: 'Company name' },
    ...(withNote ? { note: { type: 'SINGLE_LINE_TEXT', label: 'Note' } } : {}),
  },
});

const blocks = (p: Plan) =>
  p.apps.flatMap((a) =>
    a.risks.flatMap((r) =>
      r.kind === 'blocked' ? [{ app: a.key, path: r.path, reason: r.reason, instead: r.instead }] : [],
    ),
  );

async function started(listed = false) {
  const project = await h.writeProject({
    apps: { customers: customers(true, listed), orders: orders(true) },
  });
  const first = await h.apply(project, await h.plan(project));
  expect(first.exitCode, first.message).toBe(0);
  return h.load(project.root);
}

describe('a removed field another app names only on the service', () => {
  it('blocks until the lookup that copies it is applied without it, then removes it', async () => {
    const loaded = await started();
    const v2 = await h.rewriteManifests(loaded, {
      customers: customers(false, false),
      orders: orders(false),
    });
    const thePlan = await h.plan(v2);
    expect(blocks(thePlan)).toEqual([
      {
        app: 'customers',
        path: ['company'],
        reason:
          'field "company" is named by orders.customer (a lookup or related-records table) as the service has it: the manifest stops naming it, but that is not deployed yet, and the service refuses to delete a field another app\'s lookup or related-records table names',
        instead: 'apply orders first (apply --app orders), then remove "company"',
      },
    ]);
    expect(await h.apply(v2, thePlan)).toMatchObject({ outcome: 'refused' });

    const ordersFirst = await h.apply(v2, await plan({ project: v2, client: h.client, apps: ['orders'] }));
    expect(ordersFirst, ordersFirst.message).toMatchObject({ outcome: 'applied' });
    const removed = await h.apply(v2, await h.plan(v2));
    expect(removed, removed.message).toMatchObject({ outcome: 'applied' });
    await h.expectConverged(v2);
  });

  it('blocks a field a related-records table shows until that table is applied without it', async () => {
    const loaded = await started(true);
    const v2 = await h.rewriteManifests(loaded, {
      customers: customers(true, false),
      orders: orders(true, false),
    });
    const thePlan = await h.plan(v2);
    expect(blocks(thePlan)).toMatchObject([
      {
        app: 'orders',
        path: ['note'],
        reason:
          'field "note" is named by customers.orders_list (a lookup or related-records table) as the service has it: the manifest stops naming it, but that is not deployed yet, and the service refuses to delete a field another app\'s lookup or related-records table names',
        instead: 'apply customers first (apply --app customers), then remove "note"',
      },
    ]);
    expect(await h.apply(v2, thePlan)).toMatchObject({ outcome: 'refused' });
  });

  it('blocks when the app naming it is left out of the plan (--app)', async () => {
    const loaded = await started();
    const v2 = await h.rewriteManifests(loaded, {
      customers: customers(false, false),
      orders: orders(false),
    });
    const thePlan = await plan({ project: v2, client: h.client, apps: ['customers'] });
    expect(blocks(thePlan)).toEqual([
      {
        app: 'customers',
        path: ['company'],
        reason:
          'field "company" is named by orders.customer (a lookup or related-records table) on the service, orders is left out of this plan (--app), and the service refuses to delete a field another app\'s lookup or related-records table names',
        instead:
          'take "company" out of those references and apply orders first (apply --app orders), then remove "company"',
      },
    ]);
    expect(await h.apply(v2, thePlan)).toMatchObject({ outcome: 'refused' });
  });
});
