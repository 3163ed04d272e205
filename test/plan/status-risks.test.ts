/**
 * Statuses with records in them (issue 21 item 3). A status removed from the process strands
 * its records: no action moves them any more and a query naming it is refused once it is gone.
 * The plan counts them (`records-in-removed-status`, with a query that lists them, run here
 * against the service) and apply refuses without `--allow-data-loss`. A status renamed with
 * `renamedFrom` is one rename on the service (Update Process Management Settings keys a status by
 * its current name), its records follow it, and the plan shows a rename with no risk.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Document } from 'yaml';
import { plan, type Plan } from '../../src/plan/index.js';
import { renderJson, renderMarkdown, renderText } from '../../src/render/index.js';
import { loadValid, useService } from './harness.js';
import { appliedProject, cli, editManifest, removeProjects } from './project-fixture.js';

const service = useService();
afterEach(removeProjects);

/** Three tickets, two of them submitted (in Triage), one left in New. */
async function ticketsInTriage(root: string): Promise<string> {
  const app = (await loadValid(root)).apps[0]!.id!;
  const ticket = (subject: string) => ({
    subject: { value: subject },
    details: { value: 'Cannot log in' },
    requester_email: { value: 'a@example.com' },
  });
  const { ids } = await service.client.records.addRecords({
    app,
    records: [ticket('One'), ticket('Two'), ticket('Three')],
  });
  for (const id of ids.slice(0, 2)) await service.client.process.updateStatus({ app, id, action: 'Submit' });
  return app;
}

async function statuses(app: string): Promise<string[]> {
  const { records } = await service.client.records.getRecords({ app, query: 'order by $id asc' });
  return records.map((r) => r.Status?.value as string);
}

/** Triage left out: Submit goes straight to In progress, Start work goes. */
function removeTriage(d: Document): void {
  d.deleteIn(['process', 'states', 'Triage']);
  d.setIn(['process', 'actions', 0, 'to'], 'In progress');
  d.deleteIn(['process', 'actions', 1]);
}

/** Triage called Screening, with or without saying what it was called. */
function renameTriage(hint: boolean) {
  return (d: Document): void => {
    const states = d.getIn(['process', 'states']) as Document['contents'] & {
      items: { key: { value: string }; value: { set(k: string, v: unknown): void } }[];
    };
    const triage = states.items.find((p) => p.key.value === 'Triage')!;
    triage.key.value = 'Screening';
    if (hint) triage.value.set('renamedFrom', 'Triage');
    d.setIn(['process', 'actions', 0, 'to'], 'Screening');
    d.setIn(['process', 'actions', 1, 'from'], 'Screening');
  };
}

const stranded = {
  kind: 'records-in-removed-status',
  status: 'Triage',
  records: 2,
  query: 'Status in ("Triage")',
} as const;

describe('a status that records are in', () => {
  it.each([
    ['removed', removeTriage],
    ['renamed without renamedFrom (a removal and an addition)', renameTriage(false)],
  ])('%s: the plan counts the records left in it, with a query the service accepts', async (_n, edit) => {
    const root = await appliedProject(service);
    const app = await ticketsInTriage(root);
    await editManifest(root, edit);
    const result = await plan({ project: await loadValid(root), client: service.client });
    expect(result.apps[0]!.risks).toEqual([stranded]);
    const listed = await service.client.records.getRecords({ app, query: stranded.query, totalCount: true });
    expect(listed.totalCount).toBe('2');
    for (const rendering of [renderText(result, { color: false }), renderMarkdown(result)])
      for (const words of ['Triage', '2 records', stranded.query]) expect(rendering).toContain(words);
    expect((JSON.parse(renderJson(result)) as Plan).apps[0]!.risks).toEqual([stranded]);
  });

  it('removed: apply refuses before writing unless --allow-data-loss', async () => {
    const root = await appliedProject(service);
    const app = await ticketsInTriage(root);
    await editManifest(root, removeTriage);
    const refused = await cli(root, 'apply', '--env', 'test', '--yes');
    expect(refused.code).not.toBe(0);
    expect(refused.err + refused.out).toContain('Triage');
    expect(refused.err + refused.out).toContain('--allow-data-loss');
    const { states } = await service.client.settings.getProcessManagement({ app, copy: 'draft' });
    expect(Object.keys(states ?? {})).toContain('Triage');
    const allowed = await cli(root, 'apply', '--env', 'test', '--yes', '--allow-data-loss');
    expect(allowed.code, allowed.err).toBe(0);
    // Nothing lost: the records keep the status they were in, though no action leaves it now.
    expect(await statuses(app)).toEqual(['Triage', 'Triage', 'New']);
  });

  it('renamed with renamedFrom: a rename, no risk, and the records follow it', async () => {
    const root = await appliedProject(service);
    const app = await ticketsInTriage(root);
    await editManifest(root, renameTriage(true));
    const result = await plan({ project: await loadValid(root), client: service.client });
    expect(result.apps[0]!.risks).toEqual([]);
    const process = result.apps[0]!.areas.find((a) => a.key === 'process')!;
    expect(process.changes.map((c) => [c.action, c.path])).toEqual([
      ['rename', ['states', 'Screening']],
      ['change', ['actions', 0]],
      ['change', ['actions', 1]],
    ]);
    expect(renderText(result, { color: false })).toContain('Triage');
    const applied = await cli(root, 'apply', '--env', 'test', '--yes');
    expect(applied.code, applied.err).toBe(0);
    expect(await statuses(app)).toEqual(['Screening', 'Screening', 'New']);
    const after = await plan({ project: await loadValid(root), client: service.client });
    expect(after.apps[0]!.action).toBe('no-op');
  });

  it('a new first status renames the old one (the service cannot add a first status): shown as a rename', async () => {
    const root = await appliedProject(service);
    const app = await ticketsInTriage(root);
    await editManifest(root, (d) => {
      const states = d.getIn(['process', 'states']) as { items: { key: { value: string } }[] };
      states.items[0]!.key.value = 'Received';
      d.setIn(['process', 'actions', 0, 'from'], 'Received');
      // The reminder's filter follows the rename (validate refuses a status the process lacks).
      d.setIn(['notifications', 'reminder', 'notifications', 1, 'filterCond'], 'Status in ("Received")');
    });
    const result = await plan({ project: await loadValid(root), client: service.client });
    expect(result.apps[0]!.risks).toEqual([]);
    const process = result.apps[0]!.areas.find((a) => a.key === 'process')!;
    expect(process.changes[0]).toMatchObject({ action: 'rename', path: ['states', 'Received'], from: 'New' });
    expect((await cli(root, 'apply', '--env', 'test', '--yes')).code).toBe(0);
    expect(await statuses(app)).toEqual(['Triage', 'Triage', 'Received']);
  });
});
