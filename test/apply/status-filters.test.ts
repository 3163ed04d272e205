/**
 * A filter naming a status the same apply adds: the local service refuses a filter naming a status
 * the process lacks (emulator/validate/statuses.ts; views aside), so apply must write the process
 * before the areas whose filters name its statuses. Each row adds the status Archived and one
 * filter naming it; the apply goes through and a fresh plan is empty.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Document } from 'yaml';
import { plan } from '../../src/plan/index.js';
import { loadValid, useService } from '../plan/harness.js';
import { appliedProject, applyAsWritten, editManifest, removeProjects } from '../plan/project-fixture.js';

const service = useService();
afterEach(removeProjects);

const NAMES_ARCHIVED = 'Status not in ("Archived")';

const ROWS: [where: string, edit: (doc: Document) => void][] = [
  ['a view', (doc) => doc.setIn(['views', 'Open tickets', 'filterCond'], NAMES_ARCHIVED)],
  ['a record permission', (doc) => doc.setIn(['recordAcl', 0, 'filterCond'], NAMES_ARCHIVED)],
  [
    'a reminder',
    (doc) => doc.setIn(['notifications', 'reminder', 'notifications', 0, 'filterCond'], NAMES_ARCHIVED),
  ],
  [
    'a per-record notification',
    (doc) => doc.setIn(['notifications', 'perRecord', 'notifications', 0, 'filterCond'], NAMES_ARCHIVED),
  ],
];

describe('a filter naming a status the same apply adds', () => {
  it.each(ROWS)('in %s applies, and plans empty after', async (_where, edit) => {
    const root = await appliedProject(service);
    await editManifest(root, (doc) => {
      doc.setIn(['process', 'states', 'Archived'], doc.createNode({}));
      const actions = doc.getIn(['process', 'actions']) as { add(v: unknown): void };
      actions.add(doc.createNode({ name: 'Archive', from: 'Closed', to: 'Archived', type: 'PRIMARY' }));
      edit(doc);
    });
    await applyAsWritten(service, root);
    const again = await plan({ project: await loadValid(root), client: service.client });
    expect(again.apps.map((a) => a.action)).toEqual(['no-op']);
  });
});
