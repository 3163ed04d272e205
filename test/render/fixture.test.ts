import { describe, expect, it } from 'vitest';
import { AREA_KEYS } from '../../src/areas/index.js';
import type { Change, Risk } from '../../src/plan/types.js';
import { summarize } from '../../src/plan/diff-app.js';
import { everyAreaPlan } from './fixture.js';

/** The snapshots below are only as good as the plan they render: it must cover every case. */
describe('the every-area fixture', () => {
  const areas = everyAreaPlan.apps.flatMap((app) => app.areas);
  const changes = areas.flatMap((area) => area.changes);

  it('changes every settings area', () => {
    const changed = new Set(areas.filter((area) => area.changes.length > 0).map((area) => area.key));
    expect([...AREA_KEYS].filter((key) => !changed.has(key))).toEqual([]);
  });

  it('shows every change action and every risk kind', () => {
    const actions: Change['action'][] = ['add', 'change', 'remove', 'rename', 'replace'];
    const kinds: Risk['kind'][] = [
      'data-loss',
      'blocked',
      'pending-draft',
      'deploy-fails',
      'records-need-values',
    ];
    expect(new Set(changes.map((change) => change.action))).toEqual(new Set(actions));
    const risks = everyAreaPlan.apps.flatMap((app) => app.risks);
    expect(new Set(risks.map((risk) => risk.kind))).toEqual(new Set(kinds));
  });

  it('has an app to update, one to create and one that does not change', () => {
    expect(everyAreaPlan.apps.map((app) => app.action)).toEqual(['update', 'update', 'create-app', 'no-op']);
  });

  it('installs a plug-in, updates one and leaves one as it is', () => {
    expect(everyAreaPlan.plugins.map((plugin) => plugin.action)).toEqual(['install', 'update', 'no-op']);
  });

  it('summarises its changes as the summary line counts them (items; a replacement adds and removes)', () => {
    // What the planner's summary would say of these apps (its counting: test/plan/summary.test.ts).
    expect(everyAreaPlan.summary).toEqual(summarize(everyAreaPlan.apps, everyAreaPlan.plugins));
  });
});
