/**
 * The deployer against the hosted platform's process rules (the local service refuses what the
 * platform refuses: a first status with other assignees than nobody or the creator field,
 * `executableUser` on a PRIMARY action, a SECONDARY one without it). A process change applies,
 * and the fresh plan after it is empty: an answer whose PRIMARY actions carry no `executableUser`
 * is no difference from a manifest that names none.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { plan } from '../../src/plan/index.js';
import { loadValid, useService } from './harness.js';
import { appliedProject, applyAsWritten, editManifest, removeProjects } from './project-fixture.js';

const service = useService();
afterEach(removeProjects);

async function applyAndReplan(root: string) {
  await applyAsWritten(service, root);
  const again = await plan({ project: await loadValid(root), client: service.client });
  return { again, app: again.apps[0]!.id! };
}

describe('process changes against the hosted platform rules', () => {
  it('turns a SECONDARY action PRIMARY and a PRIMARY one SECONDARY: applied, then no changes', async () => {
    const root = await appliedProject(service);
    await editManifest(root, (d) => {
      // Close (SECONDARY, run by the support leads) becomes a PRIMARY button of the assignees ...
      d.setIn(['process', 'actions', 6, 'type'], 'PRIMARY');
      d.deleteIn(['process', 'actions', 6, 'executableUser']);
      // ... and Reopen becomes SECONDARY, which the ticket's creator may run too.
      d.setIn(['process', 'actions', 5, 'type'], 'SECONDARY');
      d.setIn(['process', 'actions', 5, 'executableUser'], {
        entities: [{ entity: { type: 'FIELD_ENTITY', code: 'Created_by' } }],
      });
    });
    const { again, app } = await applyAndReplan(root);
    expect(again.apps[0]!.areas.filter((a) => a.changes.length > 0)).toEqual([]);
    const live = await service.client.settings.getProcessManagement({ app, copy: 'live' });
    const byName = Object.fromEntries((live.actions ?? []).map((a) => [a.name, a]));
    expect(byName.Close).toEqual({
      name: 'Close',
      from: 'Resolved',
      to: 'Closed',
      filterCond: '',
      type: 'PRIMARY',
    });
    expect(byName.Reopen).toMatchObject({
      type: 'SECONDARY',
      executableUser: {
        entities: [{ entity: { type: 'FIELD_ENTITY', code: 'Created_by' }, includeSubs: false }],
      },
    });
  });

  it('makes a later status the first, with nobody assigned there: applied, then no changes', async () => {
    const root = await appliedProject(service);
    await editManifest(root, (d) => {
      // Triage becomes where tickets start, with nobody assigned; New goes.
      d.deleteIn(['process', 'states', 'New']);
      d.setIn(['process', 'states', 'Triage', 'assignee'], { type: 'ONE', entities: [] });
      d.deleteIn(['process', 'actions', 0]);
      // The reminder for tickets still New follows them to Triage (validate refuses a status the process lacks).
      d.setIn(['notifications', 'reminder', 'notifications', 1, 'filterCond'], 'Status in ("Triage")');
    });
    const { again, app } = await applyAndReplan(root);
    expect(again.apps[0]!.areas.filter((a) => a.changes.length > 0)).toEqual([]);
    const live = await service.client.settings.getProcessManagement({ app, copy: 'live' });
    const first = Object.entries(live.states ?? {}).find(([, s]) => s.index === '0');
    expect(first).toEqual([
      'Triage',
      { name: 'Triage', index: '0', assignee: { type: 'ONE', entities: [] } },
    ]);
  });
});
