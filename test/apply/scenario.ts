/**
 * Live starting points the apply tests share: any apps applied with records added (`applied`),
 * and the failure tests' scenario: two apps live at version 1, and a version 2 that changes both
 * with three writes each (add fields, layout, remove a field), planned and ready to apply.
 */
import { expect } from 'vitest';
import { manifest, type useApplyHarness } from './harness.js';
import type { Plan } from '../../src/plan/index.js';
import type { Project } from '../../src/project/index.js';

type Harness = ReturnType<typeof useApplyHarness>;

export interface Scenario {
  project: Project;
  plan: Plan;
  /** App ids by key. */
  ids: Record<string, string>;
}

export const V1 = {
  customers: manifest('Customers', {
    company: { type: 'SINGLE_LINE_TEXT', label: 'Company' },
    notes: { type: 'MULTI_LINE_TEXT', label: 'Notes' },
  }),
  orders: manifest('Orders', {
    amount: { type: 'NUMBER', label: 'Amount' },
    memo: { type: 'MULTI_LINE_TEXT', label: 'Memo' },
  }),
};

export const V2 = {
  customers: manifest('Customers', {
    company: { type: 'SINGLE_LINE_TEXT', label: 'Company name' },
    phone: { type: 'LINK', label: 'Phone', protocol: 'CALL' },
  }),
  orders: manifest('Orders', {
    amount: { type: 'NUMBER', label: 'Amount' },
    due: { type: 'DATE', label: 'Due' },
  }),
};

/** Two customers records, for the tests whose customers app has `code` and `company`. */
export const TWO_CUSTOMERS = [
  { code: { value: 'C1' }, company: { value: 'Acme' } },
  { code: { value: 'C2' }, company: { value: 'Globex' } },
];

/**
 * Writes `apps` as a new project and applies it, then adds `records` to the apps they are keyed
 * by: the live starting point most apply tests change from.
 */
export async function applied(
  h: Harness,
  apps: Record<string, Record<string, unknown>>,
  records: Record<string, Record<string, { value: unknown }>[]> = {},
): Promise<Omit<Scenario, 'plan'>> {
  const project = await h.writeProject({ apps });
  const first = await h.apply(project, await h.plan(project));
  expect(first.exitCode, first.message).toBe(0);
  const loaded = await h.load(project.root);
  const ids = Object.fromEntries(loaded.apps.map((a) => [a.key, a.id!]));
  for (const [key, added] of Object.entries(records))
    await h.client.records.addRecords({ app: ids[key]!, records: added as never });
  return { project: loaded, ids };
}

export async function twoAppsAtV1ThenPlanV2(
  h: Harness,
  apps: Record<string, Record<string, unknown>> = V2,
): Promise<Scenario> {
  const { project, ids } = await applied(h, V1);
  const v2 = await h.rewriteManifests(project, apps);
  return { project: v2, plan: await h.plan(v2), ids };
}
