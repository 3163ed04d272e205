/**
 * STATUS, STATUS_ASSIGNEE and CATEGORY cannot be changed through Update Form Fields: a manifest
 * that relabels or renames one plans a `blocked` risk that says so, no write goes out for it,
 * and apply refuses the plan.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Document } from 'yaml';
import { apply } from '../../src/apply/index.js';
import { fieldsArea } from '../../src/areas/fields/index.js';
import { plan, type Plan } from '../../src/plan/index.js';
import { renderText } from '../../src/render/index.js';
import { validateProject } from '../../src/project/index.js';
import { runMain } from '../support/main-in-process.js';
import { loadValid, projectFile, useService, writeProject } from './harness.js';
import { appliedProject, baseManifest, editManifest, removeProjects } from './project-fixture.js';

const service = useService();
afterEach(removeProjects);

async function planAfter(edit: (doc: Document) => void): Promise<{ root: string; result: Plan }> {
  const root = await appliedProject(service);
  await editManifest(root, edit);
  return { root, result: await plan({ project: await loadValid(root), client: service.client }) };
}

describe('fixed system fields', () => {
  it.each([
    [
      'a new label of STATUS_ASSIGNEE',
      (d: Document) => d.setIn(['fields', 'Assignee', 'label'], 'Working on it'),
      {
        kind: 'blocked',
        area: 'fields',
        path: ['Assignee'],
        reason: expect.stringMatching(
          /^apps\/tickets\.yaml:\d+:\d+: the service's fields API cannot change field "Assignee": STATUS_ASSIGNEE fields cannot be changed through it$/,
        ),
        instead:
          'keep what the service has in the manifest (label: "Assignee"), or leave it out of the manifest; change it in the app\'s settings screen instead, then export',
      },
    ],
    [
      'a new code of CATEGORY',
      (d: Document) => {
        d.setIn(['fields', 'Kinds'], d.getIn(['fields', 'Categories']));
        d.deleteIn(['fields', 'Categories']);
      },
      {
        kind: 'blocked',
        area: 'fields',
        path: ['Kinds'],
        reason: expect.stringMatching(
          /^apps\/tickets\.yaml:\d+:\d+: the service's fields API cannot rename field "Categories" to "Kinds": CATEGORY fields cannot be changed through it$/,
        ),
        instead: 'declare it in the manifest with the code "Categories", or leave it out of the manifest',
      },
    ],
  ])('%s is blocked, and apply writes nothing', async (_case, edit, risk) => {
    const { root, result } = await planAfter(edit);
    expect(result.apps[0]!.risks).toEqual([risk]);
    const project = await loadValid(root);
    const app = project.apps[0]!.id!;
    const before = await service.client.form.getFields({ app, copy: 'draft' });
    const outcome = await apply({
      plan: result,
      project,
      client: service.client,
      pollIntervalMs: { initial: 10, max: 50 },
    });
    expect(outcome.outcome).not.toBe('applied');
    expect((await service.client.form.getFields({ app, copy: 'draft' })).revision).toBe(before.revision);
  });

  it('the plan says the change is not possible through the interface', async () => {
    const { result } = await planAfter((d) => d.setIn(['fields', 'Status', 'label'], 'State'));
    const text = renderText(result, { color: false });
    const lines = text.split('\n').filter((l) => /Status|blocked|cannot/i.test(l));
    expect(lines.join('\n')).toMatchInlineSnapshot(`
      "Error: Blocked change in app "tickets" (id 1)
        fields.Status: apps/tickets.yaml:24:3: the service's fields API cannot change field "Status": STATUS fields cannot be changed through it.
        Instead: keep what the service has in the manifest (label: "Status"), or leave it out of the manifest; change it in the app's settings screen instead, then export.
                ~ Status {
                    ~ label: "Status" -> "State""
    `);
  });

  it('the area itself sends no write for such a change', () => {
    const current = { Status: { type: 'STATUS', label: 'Status', noLabel: false } };
    const desired = { Status: { type: 'STATUS', label: 'State', noLabel: false } };
    expect(fieldsArea.diff(desired, current)).toHaveLength(1);
    expect(fieldsArea.writes(desired, current)).toEqual([]);
  });

  it('a new app relabelling its STATUS field: validate and plan say so at the label, and apply creates nothing', async () => {
    // The issue's case: a new app with `Status: { type: STATUS, label: State }` planned an ordinary
    // label, and apply, which rightly sends no such write, ended with exit 70 ("a bug").
    const manifest = baseManifest();
    manifest.setIn(['fields', 'Status', 'label'], 'State');
    const root = await writeProject({
      'appdeploy.yaml': projectFile(service.url, { tickets: null }),
      'apps/tickets.yaml': manifest.toString(),
    });
    const validated = await validateProject({ cwd: root, dir: root, variables: {} });
    expect(validated.problems.map((p) => `${p.file}:${p.line}:${p.col} ${p.message} / ${p.hint}`)).toEqual([
      'apps/tickets.yaml:24:34 fields.Status.label: apply creates app "tickets" in environment test (locale en): it gets its STATUS field with the code "Status" and the label "Status", and the interface cannot change a STATUS field\'s label or noLabel / Keep the label "Status" in the manifest; change it in the app\'s settings screen after apply, then export.',
    ]);
    const applied = await runMain(['apply', '--yes', '-C', root]);
    expect(applied.code).toBe(1);
    expect(applied.err).toContain('fields.Status.label: apply creates app "tickets"');
    expect((await service.client.apps.getApps()).apps).toEqual([]);
  });
});
