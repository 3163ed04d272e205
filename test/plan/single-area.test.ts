/**
 * The plan issue's table: the service holding exactly the manifest plans to nothing; one change
 * in any single area plans to exactly that change, and no risk appears that the change does not
 * carry. Built on the helpdesk example, with the areas it leaves out added.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Document } from 'yaml';
import type { AreaKey } from '../../src/areas/index.js';
import { plan } from '../../src/plan/index.js';
import { loadValid, useService } from './harness.js';
import { appliedProject, cli, editManifest, removeProjects } from './project-fixture.js';

const service = useService();
afterEach(removeProjects);

interface Case {
  area: AreaKey;
  edit: (doc: Document) => void;
  /** The one change expected: its action and item path inside the area. */
  change: [string, (string | number)[]];
}

const cases: Case[] = [
  { area: 'general', edit: (d) => d.set('theme', 'BLUE'), change: ['change', []] },
  {
    area: 'fields',
    edit: (d) => d.setIn(['fields', 'subject', 'label'], 'Title'),
    change: ['change', ['subject']],
  },
  {
    area: 'layout',
    edit: (d) => d.setIn(['layout', 5, 'fields', 0, 'size'], { width: 500 }),
    change: ['change', [5]],
  },
  { area: 'views', edit: (d) => d.setIn(['views', 'Board', 'pager'], true), change: ['change', ['Board']] },
  {
    area: 'process',
    edit: (d) => d.setIn(['process', 'actions', 0, 'name'], 'Pick up'),
    change: ['change', ['actions', 0]],
  },
  {
    area: 'customize',
    edit: (d) => d.setIn(['customize', 'scope'], 'ADMIN'),
    change: ['change', ['scope']],
  },
  { area: 'appAcl', edit: (d) => d.setIn(['appAcl', 1, 'recordEditable'], true), change: ['change', [1]] },
  {
    area: 'recordAcl',
    edit: (d) => d.setIn(['recordAcl', 0, 'filterCond'], 'priority in ("High")'),
    change: ['change', [0]],
  },
  {
    area: 'fieldAcl',
    edit: (d) => d.setIn(['fieldAcl', 0, 'entities', 1, 'accessibility'], 'NONE'),
    change: ['change', [0]],
  },
  {
    area: 'notificationsGeneral',
    edit: (d) => d.setIn(['notifications', 'general', 'notifications', 0, 'commentAdded'], true),
    change: ['change', ['notifications', 0]],
  },
  {
    area: 'notificationsPerRecord',
    edit: (d) => d.setIn(['notifications', 'perRecord', 'notifications', 0, 'title'], 'Urgent!'),
    change: ['change', ['notifications', 0]],
  },
  {
    area: 'notificationsReminder',
    edit: (d) => d.setIn(['notifications', 'reminder', 'notifications', 0, 'timing', 'daysLater'], -2),
    change: ['change', ['notifications', 0]],
  },
  {
    area: 'reports',
    edit: (d) => d.setIn(['reports', 'Open by priority', 'chartType'], 'BAR'),
    change: ['change', ['Open by priority']],
  },
  {
    area: 'actions',
    edit: (d) => d.setIn(['actions', 'Follow-up ticket', 'filterCond'], 'priority in ("Urgent")'),
    change: ['change', ['Follow-up ticket']],
  },
  {
    area: 'adminNotes',
    edit: (d) => d.setIn(['adminNotes', 'content'], '<p>Ask the leads first.</p>'),
    change: ['change', []],
  },
];

describe('plan against a service that holds the manifest', () => {
  it('plans no change and no risk, and exits 0 with --detailed-exitcode', async () => {
    const root = await appliedProject(service);
    const result = await plan({ project: await loadValid(root), client: service.client });
    expect(result.apps[0]!.areas.filter((a) => a.changes.length > 0)).toEqual([]);
    expect(result.apps[0]!.risks).toEqual([]);
    expect(result.apps[0]!.areas.map((a) => a.key).sort()).toEqual(
      cases
        .map((c) => c.area)
        .concat([])
        .sort(),
    );
    const { code, out } = await cli(root, 'plan', '--detailed-exitcode');
    expect(code).toBe(0);
    expect(out).toContain('No changes.');
  });

  it.each(cases.map((c) => [c.area, c] as const))(
    'one change in %s plans to exactly that change, and exits 2',
    async (_area, testCase) => {
      const root = await appliedProject(service);
      await editManifest(root, testCase.edit);
      const result = await plan({ project: await loadValid(root), client: service.client });
      const changed = result.apps[0]!.areas.flatMap((a) =>
        a.changes.map((c) => ({
          area: a.key,
          action: c.action,
          path: c.path.slice(0, testCase.change[1].length),
        })),
      );
      expect(changed).toEqual([
        { area: testCase.area, action: testCase.change[0], path: testCase.change[1] },
      ]);
      expect(result.apps[0]!.risks).toEqual([]);
      const { code } = await cli(root, 'plan', '--detailed-exitcode');
      expect(code).toBe(2);
    },
  );
});
