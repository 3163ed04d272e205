/**
 * deploySteps (plan/steps.ts), pure: how a plan holding references back is cut into deploy steps.
 * Found by kill-anywhere.test.ts (seed 1): an apply killed in the first of two steps leaves the
 * new app it created as a draft that already matches its manifest (never deployed: live reads
 * answer GAIA_AP01, platform-facts.md "Apps and deploy"). Its plan action is then `deploy`, with
 * nothing to write, and the reference to it held for step 2 (held.ts, `app-not-deployed`). The
 * first step left it out, so step 2's reference was refused ("has never been deployed") and the
 * next apply rolled back instead of converging.
 */
import { describe, expect, it } from 'vitest';
import { AREAS } from '../../src/areas/index.js';
import { deploySteps, heldReferences, type AppPlan } from '../../src/plan/index.js';

const TABLE = new Map(AREAS.map((a) => [a.key, a]));
const text = (label: string) => ({ type: 'SINGLE_LINE_TEXT', label });

function fieldsPlan(before: object, after: object): AppPlan['areas'][number] {
  const same = JSON.stringify(before) === JSON.stringify(after);
  return {
    key: 'fields',
    action: same ? 'no-op' : 'update',
    itemNoun: 'field',
    changes: [],
    unchanged: 0,
    before,
    after,
  } as AppPlan['areas'][number];
}

const ORDERS_FIELDS = { title: text('Title'), customer: text('Customer') };
const CUSTOMERS_FIELDS = { code: text('Code') };

/** orders: created by an interrupted apply, its draft as the manifest, never deployed. */
const orders: AppPlan = {
  key: 'orders',
  name: 'Orders',
  id: '2',
  action: 'deploy',
  revisions: { draft: '3', live: '' },
  areas: [fieldsPlan(ORDERS_FIELDS, ORDERS_FIELDS)],
  risks: [],
};

/** customers: live, with these areas changing. */
const liveCustomers = (areas: AppPlan['areas']): AppPlan => ({
  key: 'customers',
  name: 'Customers',
  id: '1',
  action: 'update',
  revisions: { draft: '5', live: '5' },
  areas,
  risks: [],
});

/** customers: live, getting a related-records table that shows orders. */
const customers = liveCustomers([
  fieldsPlan(CUSTOMERS_FIELDS, {
    ...CUSTOMERS_FIELDS,
    orders: {
      type: 'REFERENCE_TABLE',
      label: 'Orders',
      referenceTable: {
        relatedApp: { app: '2' },
        condition: { field: 'code', relatedField: 'customer' },
        displayFields: ['title'],
      },
    },
  }),
]);

describe('deploySteps', () => {
  it('deploys an app never deployed in the first step, with nothing written, before a reference to it', () => {
    const apps = [customers, orders];
    const held = heldReferences(apps);
    expect(held).toMatchObject([{ app: 'customers', field: 'orders', reason: 'app-not-deployed', step: 2 }]);
    const steps = deploySteps(apps, held, TABLE);
    expect(steps.map((step) => step.map((app) => [app.key, app.action]))).toEqual([
      [['orders', 'deploy']],
      [['customers', 'update']],
    ]);
  });
});

/**
 * A copy action naming a field its destination app gets in the same apply: the service checks a
 * copy action's destination field against the destination's live form, so the action is written
 * once that field is live, one deploy later. Found by test/reliability/apply-sequences.test.ts
 * (seed 38): an action into a field added to deals in the same apply was refused ("The field ...
 * does not exist in the destination app") and the whole apply rolled back.
 */
describe('deploySteps: copy actions into fields not live yet', () => {
  const DEALS_FIELDS = { deal: text('Deal') };
  const deals = (added: object, live: string): AppPlan => ({
    key: 'deals',
    name: 'Deals',
    id: '2',
    action: JSON.stringify(added) === '{}' ? 'no-op' : 'update',
    revisions: { draft: '4', live },
    areas: [fieldsPlan(DEALS_FIELDS, { ...DEALS_FIELDS, ...added })],
    risks: [],
  });
  const actionInto = (destField: string): AppPlan =>
    liveCustomers([
      {
        key: 'actions',
        action: 'update',
        itemNoun: 'action',
        changes: [],
        unchanged: 0,
        before: {},
        after: {
          Copy: {
            index: '0',
            destApp: { app: '2' },
            mappings: [{ srcType: 'FIELD', srcField: 'code', destField }],
            entities: [],
            filterCond: '',
          },
        },
      },
    ]);
  const CASES = [
    {
      name: 'into a field deals gets in this apply: after the deploy that adds it',
      apps: [actionInto('copied'), deals({ copied: text('Copied') }, '4')],
      steps: [[['deals', 'update']], [['customers', 'update']]],
    },
    {
      name: 'into a field deals already has live: one deploy',
      apps: [actionInto('deal'), deals({ copied: text('Copied') }, '4')],
      steps: [
        [
          ['customers', 'update'],
          ['deals', 'update'],
        ],
      ],
    },
    {
      name: 'into a field of a deals never deployed (its draft is what the service checks): one deploy',
      apps: [actionInto('copied'), { ...deals({ copied: text('Copied') }, ''), action: 'deploy' as const }],
      steps: [
        [
          ['customers', 'update'],
          ['deals', 'deploy'],
        ],
      ],
    },
  ];
  it.each(CASES)('$name', ({ apps, steps }) => {
    const cut = deploySteps(apps, heldReferences(apps), TABLE);
    expect(cut.map((step) => step.map((app) => [app.key, app.action]))).toEqual(steps);
  });
});
