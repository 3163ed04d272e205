/**
 * A plan holding references back says so in every rendering: the text and Markdown name each
 * held lookup or related-records table, the fields it waits for and why, and the JSON carries
 * them as schema/plan.schema.json describes.
 */
import { describe, expect, it } from 'vitest';
import type { Plan } from '../../src/plan/types.js';
import { renderJson, renderMarkdown, renderText } from '../../src/render/index.js';
import { add, area, planHead } from './fixture-helpers.js';
import { validatePlan } from './plan-schema.js';

const created = (key: string, name: string, fields: Record<string, unknown>): Plan['apps'][number] => ({
  key,
  name,
  id: null,
  action: 'create-app',
  revisions: null,
  areas: [
    area('fields', 'field', [add([], fields as never)], 0, {
      before: null,
      after: fields as never,
      action: 'create-app',
    }),
  ],
  risks: [],
});

const plan: Plan = {
  ...planHead(),
  plugins: [],
  apps: [
    created('customers', 'Customers', { code: { type: 'SINGLE_LINE_TEXT', label: 'Code' } }),
    created('deals', 'Deals', { customer: { type: 'SINGLE_LINE_TEXT', label: 'Customer' } }),
  ],
  heldReferences: [
    {
      app: 'customers',
      field: 'deals',
      kind: 'related-records',
      relatedApp: 'deals',
      reason: 'app-created',
      fields: ['customer'],
      step: 3,
    },
    {
      app: 'deals',
      field: 'customer',
      kind: 'lookup',
      relatedApp: 'customers',
      reason: 'fields-not-live',
      fields: ['code'],
      step: 2,
    },
  ],
  summary: { add: 2, change: 0, remove: 0 },
};

describe('a plan that deploys in steps', () => {
  it('says so in the text, before the actions', () => {
    const text = renderText(plan, { color: false });
    expect(text.slice(0, text.indexOf('Actions are shown'))).toMatchInlineSnapshot(`
      "appdeploy plan for environment "local", as of 2026-01-01T00:00:00.000Z

      Note: Apply will deploy in 3 steps: a lookup, a related-records table or a copy action can only name fields that are live in the other app, so every other change is deployed first.

        customers.deals (related-records table) names customer in deals, not live yet (deals is created by this apply): written in deploy step 3.
        deals.customer (lookup) names code in customers, not live yet (this apply adds code to customers): written in deploy step 2.

      "
    `);
  });

  it('says so in the Markdown, after the summary', () => {
    const md = renderMarkdown(plan);
    expect(md.slice(md.indexOf('> [!NOTE]'), md.indexOf('<details>'))).toMatchInlineSnapshot(`
      "> [!NOTE]
      > Apply will deploy in 3 steps: a lookup, a related-records table or a copy action can only name fields that are live in the other app, so every other change is deployed first.

      - customers.deals (related-records table) names customer in deals, not live yet (deals is created by this apply): written in deploy step 3.
      - deals.customer (lookup) names code in customers, not live yet (this apply adds code to customers): written in deploy step 2.

      "
    `);
  });

  it('carries the held references in the JSON, as the schema says', () => {
    const json = JSON.parse(renderJson(plan));
    expect(json.heldReferences).toEqual(plan.heldReferences);
    expect(validatePlan(json), JSON.stringify(validatePlan.errors)).toBe(true);
    expect(validatePlan({ ...json, heldReferences: [{ ...plan.heldReferences[0], step: 1 }] })).toBe(false);
  });

  it('says nothing of steps when nothing is held', () => {
    const one = { ...plan, heldReferences: [] };
    expect(renderText(one, { color: false })).not.toContain('steps');
    expect(renderMarkdown(one)).not.toContain('[!NOTE]');
  });
});
