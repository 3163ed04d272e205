/**
 * The check section in every rendering: text (after the title), Markdown (at the top of the pull
 * request comment) and JSON (as schema/plan.schema.json describes it), passed and failed, with
 * the one line that says a passed check is not a promise (a failed check does not end with it).
 */
import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import type { Plan, PlanCheck } from '../../src/plan/types.js';
import { renderCheck, renderJson, renderMarkdown, renderText } from '../../src/render/index.js';

const base: Plan = {
  formatVersion: 2,
  environment: 'staging',
  service: { baseUrl: 'https://staging.example.com', apps: [] },
  createdAt: '2026-01-01T00:00:00.000Z',
  plugins: [],
  apps: [],
  heldReferences: [],
  summary: { add: 0, change: 0, remove: 0 },
};

const passed: PlanCheck = {
  outcome: 'passed',
  environment: 'staging',
  copied: { apps: 3, records: 0 },
  apps: 2,
  writes: 14,
  deployCalls: 1,
};

const failed: PlanCheck = {
  outcome: 'failed',
  environment: 'staging',
  copied: { apps: 2, records: 40 },
  apps: 0,
  writes: 3,
  deployCalls: 0,
  failure: {
    app: 'deals',
    area: 'process',
    request: 'PUT /k/v1/preview/app/status.json',
    code: 'CB_VA01',
    message:
      'Missing or invalid input. states.Open.assignee.entities[0].entity.type: The first status "Open" takes no assignee but the creator field.',
    location: 'apps/deals.yaml:38:19',
    hint: 'The target would refuse this value the same way: change it at apps/deals.yaml:38:19 and run plan --check again.',
  },
};

const validPlan = new Ajv2020({ allErrors: true }).compile(
  JSON.parse(readFileSync(new URL('../../schema/plan.schema.json', import.meta.url), 'utf8')),
);

describe('the check section', () => {
  it('says a passed check in one line and that it is not a promise (text)', () => {
    expect(renderCheck({ ...base, check: passed }, { color: false })).toMatchInlineSnapshot(`
      "Check passed: deploys on a copy of staging: 2 apps, 14 writes, 1 deploy call.
        A passed check is not a promise: the copy knows nothing of the target’s users, groups and organizations, plug-ins’ own settings, or anything the local service does not model (docs/check.md).

      "
    `);
    expect(
      renderText({ ...base, check: passed }, { color: false })
        .split('\n')
        .slice(0, 4),
    ).toEqual([
      'appdeploy plan for environment "staging", as of 2026-01-01T00:00:00.000Z',
      '',
      'Check passed: deploys on a copy of staging: 2 apps, 14 writes, 1 deploy call.',
      expect.stringContaining('A passed check is not a promise'),
    ]);
  });

  it('names the app, area, request, code, message, location and hint of a failure (text)', () => {
    expect(renderCheck({ ...base, check: failed }, { color: false })).toMatchInlineSnapshot(`
      "Check failed: applying this plan fails on a copy of staging.
        app: deals
        area: process
        request: PUT /k/v1/preview/app/status.json
        [CB_VA01] Missing or invalid input. states.Open.assignee.entities[0].entity.type: The first status "Open" takes no assignee but the creator field.
        at apps/deals.yaml:38:19
        hint: The target would refuse this value the same way: change it at apps/deals.yaml:38:19 and run plan --check again.

      "
    `);
  });

  it('puts the check at the top of the pull-request comment (Markdown)', () => {
    expect(renderMarkdown({ ...base, check: failed })).toMatchInlineSnapshot(`
      "<!-- appdeploy-plan env=staging -->
      ### appdeploy plan for \`staging\`: no changes

      > [!CAUTION]
      > **Check failed:** applying this plan fails on a copy of \`staging\`.
      > - app: deals
      > - area: process
      > - request: PUT /k/v1/preview/app/status.json
      > - \\[CB\\_VA01\\] Missing or invalid input. states.Open.assignee.entities\\[0\\].entity.type: The first status "Open" takes no assignee but the creator field.
      > - at apps/deals.yaml:38:19
      > - hint: The target would refuse this value the same way: change it at apps/deals.yaml:38:19 and run plan --check again.

      Planned at 2026-01-01T00:00:00.000Z.

      No changes. The apps match the manifests.
      "
    `);
    expect(renderMarkdown({ ...base, check: passed })).toContain(
      '**Check passed:** deploys on a copy of staging: 2 apps, 14 writes, 1 deploy call.',
    );
  });

  it('carries the check in the JSON as the plan schema describes it', () => {
    for (const check of [passed, failed]) {
      const json = JSON.parse(renderJson({ ...base, check }));
      expect(validPlan(json), JSON.stringify(validPlan.errors)).toBe(true);
      expect(json.check).toEqual(check);
    }
  });
});
