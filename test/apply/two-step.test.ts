/**
 * A lookup or related-records table can only be written once the fields it names are live in
 * the related app (the local service refuses it as the hosted platform does). When a plan adds
 * such references, the plan says so (heldReferences) and apply deploys in steps: everything
 * else first, then the references; a failure of a later step restores what earlier steps made
 * live, so the apply stays all-or-nothing.
 */
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { ApplyEvent } from '../../src/apply/index.js';
import { hasChanges } from '../../src/plan/index.js';
import { text, lookupField } from '../support/fields.js';
import { manifest, useApplyHarness } from './harness.js';
import { answer500, REQUEST } from './faults.js';
import { applied, TWO_CUSTOMERS } from './scenario.js';

const h = useApplyHarness();
const copies: string[] = [];
afterAll(async () => {
  for (const dir of copies) await rm(dir, { recursive: true, force: true });
});

async function example(name: string) {
  const dir = await mkdtemp(join(tmpdir(), `appdeploy-${name}-`));
  copies.push(dir);
  await cp(new URL(`../../examples/${name}`, import.meta.url), dir, {
    recursive: true,
    filter: (source) => !source.includes('.appdeploy'),
  });
  return h.load(dir);
}

function stepsOf(events: ApplyEvent[]) {
  return events.flatMap((e) => (e.type === 'step' ? [[e.step, e.apps]] : []));
}

describe('examples whose new apps name each other', () => {
  it('crm: the plan holds the lookup and the related-records table back; apply deploys in three steps and converges', async () => {
    const project = await example('crm');
    const plan = await h.plan(project);
    expect(plan.heldReferences).toEqual([
      {
        app: 'customers',
        field: 'deals',
        kind: 'related-records',
        relatedApp: 'deals',
        reason: 'app-created',
        fields: ['amount', 'close_date', 'customer_code', 'deal_name', 'stage'],
        // It shows deals by their customer_code lookup, itself held to step 2.
        step: 3,
      },
      {
        app: 'deals',
        field: 'customer_code',
        kind: 'lookup',
        relatedApp: 'customers',
        reason: 'app-created',
        fields: ['company_name', 'customer_code', 'industry', 'tier'],
        step: 2,
      },
    ]);
    const events: ApplyEvent[] = [];
    const result = await h.apply(project, plan, { onProgress: (e) => events.push(e) });
    expect(result.message).not.toMatch(/failed/);
    expect(result).toMatchObject({ outcome: 'applied', exitCode: 0 });
    expect(stepsOf(events)).toEqual([
      [1, ['customers', 'deals']],
      [2, ['deals']],
      [3, ['customers']],
    ]);
    expect((await h.serviceCalls())['POST /k/v1/preview/app/deploy.json']).toBe(3);
    // The plan said how many deploy calls apply would make.
    expect(plan.deploySteps).toBe(3);
    const again = await h.plan(await h.load(project.root));
    expect(hasChanges(again)).toBe(false);
    expect(again.heldReferences).toEqual([]);
  });

  it('assets: applies in steps and converges', async () => {
    const project = await example('assets');
    const plan = await h.plan(project);
    expect(plan.heldReferences.map((r) => [r.app, r.field, r.relatedApp, r.step])).toEqual([
      ['assets', 'maintenance_history', 'maintenance', 3],
      ['maintenance', 'asset_tag', 'assets', 2],
    ]);
    const deploysBefore = (await h.serviceCalls())['POST /k/v1/preview/app/deploy.json'] ?? 0;
    const result = await h.apply(project, plan);
    expect(result.message).not.toMatch(/failed/);
    expect(result).toMatchObject({ outcome: 'applied', exitCode: 0 });
    // The plan says how many deploy calls apply makes, the copy action's extra step included.
    const deploys = (await h.serviceCalls())['POST /k/v1/preview/app/deploy.json']! - deploysBefore;
    expect(plan.deploySteps).toBe(deploys);
    expect(hasChanges(await h.plan(await h.load(project.root)))).toBe(false);
  });
});

const CUSTOMERS = { code: text('Code', { unique: true }), company: text('Company') };
const DEALS = { title: text('Title'), region: text('Region') };
const V1 = { customers: manifest('Customers', CUSTOMERS), deals: manifest('Deals', DEALS) };

/** `region` added to customers, and in deals a lookup that copies it. */
const V2 = {
  customers: manifest('Customers', { ...CUSTOMERS, region: text('Region') }),
  deals: manifest('Deals', {
    ...DEALS,
    customer: lookupField('Customer', 'customers', 'code', {
      copies: { region: 'region' },
      picker: ['code', 'company'],
      sort: 'region asc',
    }),
  }),
};

async function liveAtV1WithRecords() {
  const { project, ids } = await applied(h, V1, { customers: TWO_CUSTOMERS });
  return { project: await h.rewriteManifests(project, V2), ids };
}

async function recordsOf(app: string) {
  const { records } = await h.client.records.getRecords({ app, query: 'order by $id asc' });
  return records.map((r) => [r.code?.value, r.company?.value]);
}

describe('a field added to one existing app and a lookup on it in another', () => {
  it('is planned as a second step, applied in two deploys, and converges', async () => {
    const { project } = await liveAtV1WithRecords();
    const plan = await h.plan(project);
    expect(plan.heldReferences).toEqual([
      {
        app: 'deals',
        field: 'customer',
        kind: 'lookup',
        relatedApp: 'customers',
        reason: 'fields-not-live',
        fields: ['region'],
        step: 2,
      },
    ]);
    const calls = (await h.serviceCalls())['POST /k/v1/preview/app/deploy.json'] ?? 0;
    const events: ApplyEvent[] = [];
    const result = await h.apply(project, plan, { onProgress: (e) => events.push(e) });
    expect(result).toMatchObject({ outcome: 'applied', exitCode: 0 });
    expect(stepsOf(events)).toEqual([
      [1, ['customers']],
      [2, ['deals']],
    ]);
    expect((await h.serviceCalls())['POST /k/v1/preview/app/deploy.json']).toBe(calls + 2);
    await h.expectConverged(project);
  });

  it('when the second step fails, the first step is restored with its records kept and apply exits as rolled back', async () => {
    const { project, ids } = await liveAtV1WithRecords();
    const plan = await h.plan(project);
    const before = await h.snapshot(Object.values(ids));
    const records = await recordsOf(ids.customers!);
    // deals is written in the second step only: its deploy is the one that fails.
    await h.control('POST', '/_emulator/deploy-outcome', { app: ids.deals, outcome: 'FAIL' });
    const result = await h.apply(project, plan);
    expect(result).toMatchObject({ outcome: 'rolled-back', exitCode: 1 });
    expect(result.message).toMatch(/FAIL for deals \(\d+\)/);
    expect(result.message).toMatch(/Restored customers \(\d+\)/);
    expect(result.apps.map((a) => [a.key, a.outcome])).toEqual([
      ['customers', 'rolled-back'],
      ['deals', 'rolled-back'],
    ]);
    expect(await h.snapshot(Object.values(ids))).toEqual(before);
    expect(await recordsOf(ids.customers!)).toEqual(records);
    // Nothing is left half-done: planning again gives the same plan.
    const again = await h.plan(await h.load(project.root));
    expect(again.heldReferences).toEqual(plan.heldReferences);
  });

  it('when a write of the second step fails, the first step is restored too', async () => {
    const { project, ids } = await liveAtV1WithRecords();
    const plan = await h.plan(project);
    const before = await h.snapshot(Object.values(ids));
    // The deals layout names the held lookup: it is written in the second step only.
    await answer500(h, REQUEST.layout);
    const result = await h.apply(project, plan);
    await h.control('DELETE', '/_emulator/faults');
    expect(result).toMatchObject({ outcome: 'rolled-back', exitCode: 1 });
    expect(result.message).toMatch(/layout/);
    expect(await h.snapshot(Object.values(ids))).toEqual(before);
  });
});

describe("a field renamed in one app while another app's lookup names it", () => {
  // customers' `code` becomes `code_r`: deals' lookup, renamed along with it, waits for step 2
  // (it names a field not live yet), while deals' description goes live in step 1. Found by
  // test/reliability/apply-sequences.test.ts (seed 68, 25 steps).
  const V3 = {
    customers: manifest('Customers', {
      code_r: { ...text('Code', { unique: true }), renamedFrom: 'code' },
      company: text('Company'),
    }),
    deals: {
      ...manifest('Deals', {
        ...DEALS,
        customer: lookupField('Customer', 'customers', 'code_r', { picker: ['code_r', 'company'] }),
      }),
      description: 'Sales opportunities',
    },
  };
  const V1_LOOKUP = {
    customers: manifest('Customers', CUSTOMERS),
    deals: manifest('Deals', {
      ...DEALS,
      customer: lookupField('Customer', 'customers', 'code', { picker: ['code', 'company'] }),
    }),
  };

  it("when the lookup's write in step 2 fails, both apps are put back: deals once customers' rename is undone", async () => {
    const { project, ids } = await applied(h, V1_LOOKUP, { customers: TWO_CUSTOMERS });
    const renamed = await h.rewriteManifests(project, V3);
    const plan = await h.plan(renamed);
    expect(plan.heldReferences.map((r) => [r.app, r.field, r.reason, r.step])).toEqual([
      ['deals', 'customer', 'fields-not-live', 2],
    ]);
    const before = await h.snapshot(Object.values(ids));
    // Step 1 renames customers' field (one fields update); the next one is deals' lookup in step 2.
    await answer500(h, REQUEST.updateFields, { skip: 1, times: 1 });
    const events: ApplyEvent[] = [];
    const result = await h.apply(renamed, plan, { onProgress: (e) => events.push(e) });
    expect(stepsOf(events)).toEqual([
      [1, ['customers', 'deals']],
      [2, ['deals']],
    ]);
    await h.control('DELETE', '/_emulator/faults');
    expect(result.message).toMatch(/deals: lookup fields/);
    // Written straight back, deals' old lookup would name `code` while customers still has
    // `code_r` live, which the service refuses (rollback-failed, deals' description left live).
    expect(result).toMatchObject({ outcome: 'rolled-back', exitCode: 1 });
    expect(result.apps.map((a) => [a.key, a.outcome])).toEqual([
      ['customers', 'rolled-back'],
      ['deals', 'rolled-back'],
    ]);
    expect(await h.snapshot(Object.values(ids))).toEqual(before);
    const again = await h.apply(await h.load(renamed.root), await h.plan(await h.load(renamed.root)));
    expect(again).toMatchObject({ outcome: 'applied' });
    await h.expectConverged(renamed);
  });
});
