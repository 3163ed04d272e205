/**
 * The proof that adding a settings area is one file plus its manifest schema: a scratch area,
 * defined entirely here, plans, applies and exports against the real local service with no file
 * of src/ knowing it. It manages the app's notes for administrators as one text under a manifest
 * key of its own, `memo` (the admin notes endpoint, which the full table's `adminNotes` area
 * manages otherwise: the table below swaps one for the other, so the endpoint has one owner).
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AREAS, areaTable } from '../../src/areas/index.js';
import { plan } from '../../src/plan/index.js';
import { memoArea, useMemoProjects } from './memo-project.js';

// ---- The area: what src/areas/memo.ts would hold. ----

// Its manifest type and the rest of the area (memo-project.ts) are those of any area over one text.
const scratch = memoArea({
  read: async ({ client, app, copy }) => {
    const { content, revision } = await client.settings.getAdminNotes({ app, copy });
    return { value: content, revision };
  },
  writeDraft: async ({ client, app }, content, revision) =>
    (await client.settings.updateAdminNotes({ app, content, revision, copy: 'draft' })).revision,
});

// ---- Its manifest schema: what it would add to schema/app.schema.json's `properties`. ----

// The loader checks manifests against schema/app.schema.json with these added, as it would once
// they were in that file (LoadOptions `manifestProperties`).
const MANIFEST_PROPERTIES = {
  memo: {
    type: 'string',
    maxLength: 10000,
    description: 'Notes for the app administrators (the app settings page shows them).',
  },
};

// ---- The table plan, apply and export take: the full one, with the scratch area. ----

const TABLE = areaTable([...AREAS.filter((area) => area.key !== 'adminNotes'), scratch]);

const { service, requests, project, validate, load, applyAll, changedAreas, expectExportedBack } =
  useMemoProjects({ table: TABLE, manifestProperties: MANIFEST_PROPERTIES });

describe('a scratch area defined in a test', () => {
  let root = '';

  it('is checked against its manifest schema where the manifest says it', async () => {
    const result = await validate(await project(42));
    expect(result.project).toBeNull();
    expect(result.problems.map((p) => `${p.line}: ${p.message}`)).toEqual([
      '2: memo: must be text, not a whole number',
    ]);
  });

  it('creates an app with its part, and a fresh plan is empty', async () => {
    root = await project('Call the supplier before closing a ticket.');
    const { steps } = await applyAll(await load(root));
    expect(steps).toContain('memo: change');
    const desk = await load(root);
    const id = desk.apps[0]!.id!;
    const live = await service.client.settings.getAdminNotes({ app: id, copy: 'live' });
    expect(live.content).toBe('Call the supplier before closing a ticket.');
    expect(await changedAreas(desk)).toEqual([]);
  });

  it('reads, diffs and writes a change through the draft, then deploys it', async () => {
    const manifest = join(root, 'apps/desk.yaml');
    await writeFile(manifest, (await readFile(manifest, 'utf8')).replace('closing', 'reopening'));
    const desk = await load(root);
    const id = desk.apps[0]!.id!;
    const thePlan = await plan({ project: desk, client: service.client, areas: TABLE });
    const memo = thePlan.apps[0]!.areas.find((a) => a.key === 'memo')!;
    expect(memo.changes).toEqual([
      expect.objectContaining({
        action: 'change',
        before: 'Call the supplier before closing a ticket.',
        after: 'Call the supplier before reopening a ticket.',
      }),
    ]);
    requests.length = 0;
    const { steps } = await applyAll(desk);
    expect(steps).toEqual(['memo: change']);
    expect(requests).toContain('PUT /k/v1/preview/app/adminNotes.json');
    expect(requests).not.toContain('PUT /k/v1/app/adminNotes.json');
    expect(requests).toContain('POST /k/v1/preview/app/deploy.json');
    const live = await service.client.settings.getAdminNotes({ app: id, copy: 'live' });
    expect(live.content).toBe('Call the supplier before reopening a ticket.');
    expect(await changedAreas(desk)).toEqual([]);
  });

  it('is exported back into the manifest, and the manifest then plans no change', async () => {
    const desk = await load(root);
    const id = desk.apps[0]!.id!;
    // Someone edits the notes on the service.
    await service.client.settings.updateAdminNotes({
      app: id,
      content: 'Escalate after two days.',
      copy: 'live',
    });
    await expectExportedBack(root, id, 'Escalate after two days.');
  });
});
