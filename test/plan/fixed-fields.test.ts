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
import { loadValid, useService } from './harness.js';
import { appliedProject, editManifest, removeProjects } from './project-fixture.js';

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
        reason:
          'the service\'s fields API cannot change field "Assignee": STATUS_ASSIGNEE fields cannot be changed through it',
        instead:
          'declare it in the manifest with what the service has (label: "Assignee"), or leave it out of the manifest',
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
        reason:
          'the service\'s fields API cannot rename field "Categories" to "Kinds": CATEGORY fields cannot be changed through it',
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
        fields.Status: the service's fields API cannot change field "Status": STATUS fields cannot be changed through it.
        Instead: declare it in the manifest with what the service has (label: "Status"), or leave it out of the manifest.
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
});
