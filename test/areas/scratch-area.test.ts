/**
 * The proof that adding a settings area is one file plus its manifest schema: a scratch area,
 * defined entirely here, plans, applies and exports against the real local service with no file
 * of src/ knowing it. It manages the app's notes for administrators as one text under a manifest
 * key of its own, `memo` (the admin notes endpoint, which the full table's `adminNotes` area
 * manages otherwise: the table below swaps one for the other, so the endpoint has one owner).
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { parse } from 'yaml';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { apply } from '../../src/apply/index.js';
import type { ApplyEvent } from '../../src/apply/types.js';
import { diffSingle } from '../../src/areas/diff.js';
import { AREAS, areaTable, type Area } from '../../src/areas/index.js';
import type { ClientEvent } from '../../src/client/index.js';
import { exportApps } from '../../src/export/index.js';
import { plan } from '../../src/plan/index.js';
import type { AppManifest, Project } from '../../src/project/index.js';
import { validateProject } from '../../src/project/index.js';
import { loadValid, projectFile, removeProject, writeProject } from '../support/projects.js';
import { useLocalService } from '../support/service.js';

// ---- The area: what src/areas/memo.ts would hold. ----

/** The manifest with the area's part: `memo`, the notes for the app's administrators. */
type MemoManifest = AppManifest & { memo?: string };

const memoArea: Area<string, 'memo'> = {
  key: 'memo',
  // It names nothing another area writes: it goes out with the other areas written last.
  phases: [{ name: 'memo', together: true }],
  itemNoun: 'memo',
  fromManifest: (manifest: MemoManifest) => manifest.memo,
  toManifest: (memo): Partial<MemoManifest> => ({ memo }),
  async read({ client, app, copy }) {
    const { content, revision } = await client.settings.getAdminNotes({ app, copy });
    return { value: content, revision };
  },
  diff: (desired, current) => diffSingle(desired, current),
  unchangedCount: (_desired, _current, changes) => (changes.length === 0 ? 1 : 0),
  writes: (desired, current) =>
    desired === current
      ? []
      : [
          {
            phase: 'memo',
            describe: 'memo: change',
            // The draft, as every area writes: the deploy publishes it with the rest.
            run: async ({ client, app }, revision) =>
              (await client.settings.updateAdminNotes({ app, content: desired, revision, copy: 'draft' }))
                .revision,
          },
        ],
};

// ---- Its manifest schema: what it would add to schema/app.schema.json's `properties`. ----

const MEMO_SCHEMA = vi.hoisted(() => ({
  type: 'string',
  maxLength: 10000,
  description: 'Notes for the app administrators (the app settings page shows them).',
}));

// The loader checks manifests against schema/app.schema.json, which refuses a key it does not
// list. Here it checks them against that schema with `memo` added, as it would once the area's
// schema were in that file: the rest of the manifest against the file, `memo` against its own.
vi.mock('../../src/project/schema-validators.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/project/schema-validators.js')>();
  const part = new Ajv2020({ allErrors: true, verbose: true }).compile({
    type: 'object',
    properties: { memo: MEMO_SCHEMA },
  });
  return {
    schemaValidator: (name: 'app' | 'project') => {
      const file = original.schemaValidator(name);
      if (name !== 'app') return file;
      const validate = (value: unknown): boolean => {
        const { memo: _memo, ...rest } = (value ?? {}) as Record<string, unknown>;
        // Both run, so that the errors of both are said.
        const valid = [file(rest), part(value)].every(Boolean);
        validate.errors = [...(file.errors ?? []), ...(part.errors ?? [])];
        return valid;
      };
      validate.errors = [] as typeof file.errors;
      return validate;
    },
  };
});

// ---- The table plan, apply and export take: the full one, with the scratch area. ----

const TABLE = areaTable([...AREAS.filter((area) => area.key !== 'adminNotes'), memoArea]);

const requests: string[] = [];
const service = useLocalService({
  client: {
    logger: (event: ClientEvent) =>
      void (event.type === 'request' && requests.push(`${event.method} ${event.path}`)),
  },
  resetEachTest: false,
});
const roots: string[] = [];
afterAll(async () => Promise.all(roots.map(removeProject)));

async function project(memo: unknown): Promise<string> {
  const root = await writeProject({
    'appdeploy.yaml': projectFile(service.url, { desk: null }),
    'apps/desk.yaml': `name: Help desk\nmemo: ${JSON.stringify(memo)}\n`,
  });
  roots.push(root);
  return root;
}

async function applyAll(project: Project): Promise<{ steps: string[] }> {
  const thePlan = await plan({ project, client: service.client, areas: TABLE });
  const events: ApplyEvent[] = [];
  const result = await apply({
    plan: thePlan,
    project,
    client: service.client,
    areas: TABLE,
    pollIntervalMs: { initial: 10, max: 50 },
    onProgress: (event) => events.push(event),
  });
  expect(['applied', 'no-changes'], JSON.stringify(result, null, 1)).toContain(result.outcome);
  return { steps: events.flatMap((e) => (e.type === 'write' ? [e.step] : [])) };
}

async function changedAreas(project: Project): Promise<string[]> {
  const fresh = await plan({ project, client: service.client, areas: TABLE });
  return fresh.apps.flatMap((app) => app.areas.filter((a) => a.action !== 'no-op').map((a) => a.key));
}

describe('a scratch area defined in a test', () => {
  let root = '';

  it('is checked against its manifest schema where the manifest says it', async () => {
    const result = await validateProject({ cwd: await project(42), dir: roots.at(-1)!, variables: {} });
    expect(result.project).toBeNull();
    expect(result.problems.map((p) => `${p.line}: ${p.message}`)).toEqual([
      '2: memo: must be text, not a whole number',
    ]);
  });

  it('creates an app with its part, and a fresh plan is empty', async () => {
    root = await project('Call the supplier before closing a ticket.');
    const { steps } = await applyAll(await loadValid(root));
    expect(steps).toContain('memo: change');
    const desk = await loadValid(root);
    const id = desk.apps[0]!.id!;
    const live = await service.client.settings.getAdminNotes({ app: id, copy: 'live' });
    expect(live.content).toBe('Call the supplier before closing a ticket.');
    expect(await changedAreas(desk)).toEqual([]);
  });

  it('reads, diffs and writes a change through the draft, then deploys it', async () => {
    const manifest = join(root, 'apps/desk.yaml');
    await writeFile(manifest, (await readFile(manifest, 'utf8')).replace('closing', 'reopening'));
    const desk = await loadValid(root);
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
    const desk = await loadValid(root);
    const id = desk.apps[0]!.id!;
    // Someone edits the notes on the service.
    await service.client.settings.updateAdminNotes({
      app: id,
      content: 'Escalate after two days.',
      copy: 'live',
    });
    const exported = await exportApps({
      project: desk,
      client: service.client,
      selection: { all: true },
      areas: TABLE,
    });
    // Export never overwrites what the manifest says silently: the area takes part in that check.
    expect(exported.apps[0]!.error).toMatch(/differs from the service in memo/);
    const forced = await exportApps({
      project: desk,
      client: service.client,
      selection: { all: true },
      areas: TABLE,
      force: true,
    });
    expect(forced.apps[0]!.status).toBe('updated');
    const written = parse(await readFile(join(root, 'apps/desk.yaml'), 'utf8')) as MemoManifest;
    expect(written).toEqual({ name: 'Help desk', memo: 'Escalate after two days.' });
    expect(await changedAreas(await loadValid(root))).toEqual([]);
  });
});
