/**
 * What apply reads again of what its own command's plan read moments before: with the plan made
 * by the same command (`apply` without a plan file), the service the plan was made against is
 * the one answering (no `app.json` per app); with no prompt in between (`--yes`), the revisions
 * are not read again either (a write pinned to a revision that moved since is refused by the
 * service all the same: GAIA_CO02, platform-facts.md). A saved plan is checked as before. After
 * the deploy, only the areas apply wrote are read back.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { apply } from '../../src/apply/index.js';
import { createClient } from '../../src/client/index.js';
import { plan } from '../../src/plan/index.js';
import { ADMIN, loadValid, useService } from '../plan/harness.js';
import { appliedProject, editManifest, removeProjects } from '../plan/project-fixture.js';
import { said } from '../support/cli-results.js';

const service = useService();
afterEach(removeProjects);

const cases = [
  { madeHere: undefined, appJson: 1, revisionReads: 2 },
  { madeHere: 'before-a-prompt', appJson: 0, revisionReads: 2 },
  { madeHere: 'just-now', appJson: 0, revisionReads: 0 },
] as const;

describe('apply after a plan of the same command', () => {
  it.each(cases)('planMadeHere $madeHere', async ({ madeHere, appJson, revisionReads }) => {
    const root = await appliedProject(service);
    await editManifest(root, (doc) => doc.set('description', 'Changed'));
    const seen: string[] = [];
    let counting = false;
    const client = createClient({
      baseUrl: service.url,
      auth: ADMIN,
      logger: (event) => {
        if (counting && event.type === 'request') seen.push(`${event.method} ${event.path}`);
      },
    });
    try {
      const project = await loadValid(root);
      const planned = await plan({ project, client });
      counting = true;
      const result = await apply({
        plan: planned,
        project,
        client,
        planMadeHere: madeHere,
        pollIntervalMs: { initial: 10, max: 50 },
      });
      expect(result.outcome, said(result)).toBe('applied');
      const count = (call: string) => seen.filter((s) => s === call).length;
      expect(count('GET /k/v1/app.json')).toBe(appJson);
      // Before the write: the draft and live general settings; after the deploy, the written area.
      expect(count('GET /k/v1/preview/app/settings.json') + count('GET /k/v1/app/settings.json')).toBe(
        revisionReads + 1,
      );
      expect(seen.filter((s) => s.startsWith('GET /k/v1/app/') && !s.endsWith('/settings.json'))).toEqual([]);
    } finally {
      await client.close();
    }
    expect((await plan({ project: await loadValid(root), client: service.client })).apps[0]!.action).toBe(
      'no-op',
    );
  });
});
