/**
 * Issue 32 item 7: the planner hashes what each managed area's draft holds (the pending-draft
 * risk's `draftHashes`), and the next apply compares them with the hash of the content an
 * interrupted apply wrote each area towards (its recovery record). A draft written whole must
 * hash as that content, in every area of every example: the fields (several calls: added,
 * changed), the layout they also move, views, process, ACLs, notifications, customization.
 * The area's canonical read back is not the value written (system fields, built-in views,
 * general settings left to the service), so the hash is the desired value's where the draft
 * holds it as the area compares.
 */
import { describe, expect, it } from 'vitest';
import { apply } from '../../src/apply/index.js';
import { contentHash } from '../../src/areas/diff.js';
import { plan } from '../../src/plan/index.js';
import { renderJson } from '../../src/render/index.js';
import { validatePlan } from '../render/plan-schema.js';
import { said } from '../support/cli-results.js';
import { EXAMPLE_NAMES } from '../support/examples.js';
import { exampleCopies, loadValid, useService } from './harness.js';

const service = useService();
const copyExample = exampleCopies(service);

describe.each(EXAMPLE_NAMES)('examples/%s, applied', (name) => {
  it("hashes each area's draft written whole as the content written, and a changed one otherwise", async () => {
    const root = await copyExample(name);
    const project = await loadValid(root);
    const applied = await apply({
      plan: await plan({ project, client: service.client }),
      project,
      client: service.client,
    });
    expect(applied.outcome, said(applied)).toBe('applied');
    // Someone's draft in the admin notes of every app: a pending draft, so the plan hashes.
    const after = await loadValid(root);
    for (const app of after.apps)
      await service.client.settings.updateAdminNotes({ app: app.id!, copy: 'draft', content: 'someone' });

    const again = await plan({ project: after, client: service.client });
    for (const app of again.apps) {
      const pending = app.risks.find((r) => r.kind === 'pending-draft');
      expect(pending, app.key).toMatchObject({ areas: ['adminNotes'] });
      const hashes = pending?.kind === 'pending-draft' ? pending.draftHashes : undefined;
      const expected = Object.fromEntries(
        app.areas.map((area) => [
          area.key,
          area.key === 'adminNotes'
            ? expect.not.stringMatching(contentHash(area.after))
            : contentHash(area.after),
        ]),
      );
      expect(hashes, app.key).toEqual(expected);
    }
    // The plan as saved (apply PLANFILE judges the saved one) meets schema/plan.schema.json.
    expect(validatePlan(JSON.parse(renderJson(again))), JSON.stringify(validatePlan.errors)).toBe(true);
  });
});
