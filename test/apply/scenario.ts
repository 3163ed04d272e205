/**
 * The scenario the failure tests share: two apps live at version 1, and a version 2 that changes
 * both with three writes each (add fields, layout, remove a field), planned and ready to apply.
 */
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

export async function twoAppsAtV1ThenPlanV2(
  h: Harness,
  apps: Record<string, Record<string, unknown>> = V2,
): Promise<Scenario> {
  const project = await h.writeProject({ apps: V1 });
  const first = await h.apply(project, await h.plan(project));
  if (first.exitCode !== 0) throw new Error(first.message);
  const v2 = await h.rewriteManifests(await h.load(project.root), apps);
  const ids = Object.fromEntries(v2.apps.map((a) => [a.key, a.id!]));
  return { project: v2, plan: await h.plan(v2), ids };
}
