/**
 * What an environment's user, group and organization maps leave out is said in every rendering,
 * also when nothing changes: the text and Markdown name each item, whom it names and where the
 * manifest has it; the JSON carries them as schema/plan.schema.json describes.
 */
import { describe, expect, it } from 'vitest';
import type { Plan } from '../../src/plan/types.js';
import { renderJson, renderMarkdown, renderText } from '../../src/render/index.js';
import { appHead, noOp, planHead } from './fixture-helpers.js';
import { validatePlan } from './plan-schema.js';

const plan: Plan = {
  ...planHead('staging', 'https://staging.example.com'),
  plugins: [],
  apps: [
    {
      ...appHead('customers', 'Customers', '12'),
      action: 'no-op',
      revisions: { draft: '4', live: '4' },
      areas: [noOp('appAcl', 'rule', 2), noOp('process', 'status', 3)],
      risks: [],
      leftOut: [
        {
          area: 'appAcl',
          path: 'appAcl[1]',
          location: 'apps/customers.yaml:29:5',
          item: 'rule',
          kind: 'users',
          code: 'bob',
        },
        {
          area: 'process',
          path: 'process.states.Review.assignee.entities[0]',
          location: 'apps/customers.yaml:70:13',
          item: 'assignee',
          kind: 'groups',
          code: 'interns',
        },
      ],
    },
  ],
  heldReferences: [],
  summary: { add: 0, change: 0, remove: 0 },
};

describe('items an environment leaves out', () => {
  it('are named in the text, even when nothing changes', () => {
    expect(renderText(plan, { color: false })).toMatchInlineSnapshot(`
      "appdeploy plan for environment "staging", as of 2026-01-01T00:00:00.000Z

      Note: 2 items of app customers left out in environment "staging", as appdeploy.yaml maps them to nothing:

        appAcl[1], the rule naming user "bob" (apps/customers.yaml:29:5): environments.staging.users["bob"] is null.
        process.states.Review.assignee.entities[0], the assignee naming group "interns" (apps/customers.yaml:70:13): environments.staging.groups["interns"] is null.

      No changes. The apps match the manifests.
      "
    `);
  });

  it('are named in the Markdown', () => {
    expect(renderMarkdown(plan)).toMatchInlineSnapshot(`
      "<!-- appdeploy-plan env=staging -->
      ### appdeploy plan for \`staging\`: no changes

      Planned at 2026-01-01T00:00:00.000Z.

      > [!NOTE]
      > 2 items of app customers left out in environment "staging", as appdeploy.yaml maps them to nothing:

      - appAcl\\[1\\], the rule naming user "bob" (apps/customers.yaml:29:5): environments.staging.users\\["bob"\\] is null.
      - process.states.Review.assignee.entities\\[0\\], the assignee naming group "interns" (apps/customers.yaml:70:13): environments.staging.groups\\["interns"\\] is null.

      No changes. The apps match the manifests.
      "
    `);
  });

  it('are carried in the JSON, as the schema says', () => {
    const json = JSON.parse(renderJson(plan));
    expect(json.apps[0].leftOut).toEqual(plan.apps[0]!.leftOut);
    expect(validatePlan(json), JSON.stringify(validatePlan.errors)).toBe(true);
    expect(validatePlan({ ...json, apps: [{ ...json.apps[0], leftOut: [{ area: 'appAcl' }] }] })).toBe(false);
  });
});
