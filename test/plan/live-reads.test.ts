/**
 * The planner reads an app's live copies only when a draft is pending: the app has one settings
 * counter that every preview write raises and a deploy does not, and a live read answers the
 * revision deployed (platform-facts.md, "Revisions"). Equal revisions: one live read, every other
 * live copy is the draft. A draft written since (or discarded with `revert`, which the local
 * service counts as a write): every live copy is read, and only a real difference is a risk.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createClient } from '../../src/client/index.js';
import { AREAS } from '../../src/areas/index.js';
import { plan, type Plan } from '../../src/plan/index.js';
import { ADMIN, loadValid, useService } from './harness.js';
import { appliedProject, removeProjects } from './project-fixture.js';

const service = useService();
afterEach(removeProjects);

/** A plan of the applied project, with the settings GETs it made (live and draft) counted. */
async function countedPlan(root: string): Promise<{ result: Plan; live: number; draft: number }> {
  let live = 0;
  let draft = 0;
  const client = createClient({
    baseUrl: service.url,
    auth: ADMIN,
    logger: (event) => {
      if (event.type !== 'request' || event.method !== 'GET') return;
      if (event.path.includes('/preview/')) draft += 1;
      // The app's own record (app.json: who made it, the plan's service identity) is not a setting.
      else if (!event.path.endsWith('/app.json')) live += 1;
    },
  });
  try {
    const result = await plan({ project: await loadValid(root), client });
    return { result, live, draft };
  } finally {
    await client.close();
  }
}

const edits: {
  name: string;
  edit: (app: string) => Promise<void>;
  liveReads: number;
  risks: Plan['apps'][number]['risks'];
}[] = [
  { name: 'nothing since the deploy', edit: async () => {}, liveReads: 1, risks: [] },
  {
    name: 'a draft written since the deploy',
    edit: async (app) => {
      await service.client.settings.updateAdminNotes({ app, copy: 'draft', content: 'Draft note' });
    },
    liveReads: AREAS.length,
    risks: [{ kind: 'pending-draft', areas: ['adminNotes'], draftHashes: expect.any(Object) }],
  },
  {
    name: 'a draft written and discarded',
    edit: async (app) => {
      await service.client.settings.updateAdminNotes({ app, copy: 'draft', content: 'Draft note' });
      await service.client.apps.deploy({ apps: [{ app }], revert: true });
    },
    liveReads: AREAS.length,
    risks: [],
  },
];

describe('live copies read only for a pending draft', () => {
  it.each(edits.map((c) => [c.name, c] as const))('%s', async (_name, testCase) => {
    const root = await appliedProject(service);
    const app = (await loadValid(root)).apps[0]!.id!;
    await testCase.edit(app);
    const { result, live, draft } = await countedPlan(root);
    expect(result.apps[0]!.risks).toEqual(testCase.risks);
    expect(result.apps[0]!.action).toBe('no-op');
    expect(draft).toBeGreaterThanOrEqual(AREAS.length);
    expect(live).toBe(testCase.liveReads);
  });
});
