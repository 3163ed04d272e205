import { describe, expect, it } from 'vitest';
import { readLocalIds } from '../../src/project/local-ids.js';
import { manifest, useApplyHarness } from './harness.js';

const h = useApplyHarness();

const customersV1 = manifest('Customers', {
  company: { type: 'SINGLE_LINE_TEXT', label: 'Company' },
  notes: { type: 'MULTI_LINE_TEXT', label: 'Notes' },
});

describe('apply to a fresh service', () => {
  it('creates the apps, records their ids with the local data (appdeploy.yaml untouched), and a fresh plan is empty', async () => {
    const project = await h.writeProject({
      apps: {
        customers: customersV1,
        orders: manifest('Orders', { amount: { type: 'NUMBER', label: 'Amount' } }),
      },
    });
    const result = await h.apply(project, await h.plan(project));
    expect(result).toMatchObject({ outcome: 'applied', exitCode: 0, refusals: [], notConverged: [] });
    expect(result.apps.map((a) => [a.key, a.outcome, a.created])).toEqual([
      ['customers', 'created', true],
      ['orders', 'created', true],
    ]);
    // The local environment's ids are not committed (issue 21 item 8): appdeploy.yaml stays as it
    // was; apply writes the ids of other environments there (units.test.ts, writeAppId).
    const config = await h.readConfig(project);
    expect(config).toMatch(/^# the test project: comments must survive apply\n/);
    expect(config).not.toContain('ids');
    expect(readLocalIds(project.root)).toEqual({
      local: Object.fromEntries(result.apps.map((a) => [a.key, a.id])),
    });
    await h.expectConverged(project);
  });

  it('says there is nothing to do when nothing changed, and makes no write nor deploy', async () => {
    const project = await h.writeProject({ apps: { customers: customersV1 } });
    await h.apply(project, await h.plan(project));
    const again = await h.load(project.root);
    const second = await h.plan(again);
    const before = await h.serviceCalls();
    const result = await h.apply(again, second);
    expect(result).toMatchObject({ outcome: 'no-changes', exitCode: 0 });
    expect(result.apps).toEqual([
      { key: 'customers', id: again.apps[0]!.id, outcome: 'unchanged', created: false },
    ]);
    expect(await h.serviceCalls()).toEqual(before);
  });
});
