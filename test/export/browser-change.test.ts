/**
 * "Someone changed the app in the browser; export; git diff": the hand-written CRM project is
 * applied, then a view is added, a field relabelled and an ACL rule changed through the REST
 * interface, and the export over the project refuses (it cannot tell them from local edits),
 * then, forced, changes exactly those lines, every comment kept.
 */
import { rm } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import type { Client } from '../../src/client/index.js';
import { useService } from '../plan/harness.js';
import { appIds, applyProject, copyExample, exportInto, pendingChanges, snapshotFiles } from './harness.js';
import { lineDiff } from './line-diff.js';
import { exportExitCode } from '../support/cli-results.js';

async function deploy(client: Client, app: string): Promise<void> {
  await client.apps.deploy({ apps: [{ app }] });
  const [status] = await client.apps.waitForDeploy([app], { timeoutMs: 10_000, initialIntervalMs: 10 });
  expect(status?.status).toBe('SUCCESS');
}

describe('export over a hand-written project', () => {
  const service = useService();
  const roots: string[] = [];
  afterEach(async () => {
    for (const root of roots.splice(0)) await rm(root, { recursive: true, force: true });
  });

  async function appliedCrm() {
    const root = await copyExample('crm', service.url);
    roots.push(root);
    const project = await applyProject(root, service.client);
    const deals = project.apps.find((a) => a.key === 'deals')!.id!;
    return { root, project, deals };
  }

  it('changes no byte when nothing changed on the service', async () => {
    const { root, project } = await appliedCrm();
    const before = await snapshotFiles(root);
    const result = await exportInto(root, service.client, { apps: appIds(project) });
    expect(result.apps.map((a) => [a.key, a.status, a.notes])).toEqual([
      ['customers', 'unchanged', []],
      ['deals', 'unchanged', []],
    ]);
    expect(await snapshotFiles(root)).toEqual(before);
  });

  it('a view added, a field relabelled and an ACL rule changed: exactly those lines', async () => {
    const { root, project, deals } = await appliedCrm();
    const before = await snapshotFiles(root);
    const client = service.client;
    const { views } = await client.settings.getViews({ app: deals, copy: 'draft' });
    await client.settings.updateViews({
      app: deals,
      views: {
        ...views,
        'Big deals': {
          type: 'LIST',
          index: String(Object.keys(views).length),
          fields: ['deal_name', 'amount'],
          filterCond: 'amount > 10000',
          sort: 'amount desc',
        },
      } as never,
    });
    await client.form.updateFields({
      app: deals,
      properties: { amount: { type: 'NUMBER', label: 'Deal amount' } } as never,
    });
    const { rights } = await client.settings.getAppAcl({ app: deals, copy: 'draft' });
    rights[2] = { ...rights[2]!, recordAddable: true };
    await client.settings.updateAppAcl({ app: deals, rights, copy: 'draft' });
    await deploy(client, deals);

    // Export cannot tell these from edits of the manifest not applied yet (issue 21 item 15): it
    // refuses, naming the areas, and writes nothing; --force takes the service's settings.
    const refused = await exportInto(root, client, { apps: appIds(project) });
    expect(refused.apps.map((a) => [a.key, a.status])).toEqual([
      ['customers', 'unchanged'],
      ['deals', 'refused'],
    ]);
    expect(refused.apps[1]!.error).toMatch(
      /^apps\/deals\.yaml differs from the service in fields, views, appAcl, which export would overwrite \(/,
    );
    expect(exportExitCode(refused.outcome)).toBe(1);
    expect(await snapshotFiles(root)).toEqual(before);

    const result = await exportInto(root, client, { apps: appIds(project) }, { force: true });
    expect(result.apps.map((a) => [a.key, a.status, a.notes])).toEqual([
      ['customers', 'unchanged', []],
      ['deals', 'updated', []],
    ]);
    const after = await snapshotFiles(root);
    expect(Object.keys(after)).toEqual(Object.keys(before));
    for (const file of Object.keys(before))
      if (file !== 'apps/deals.yaml') expect(after[file], file).toBe(before[file]);
    expect(lineDiff(before['apps/deals.yaml']!, after['apps/deals.yaml']!)).toEqual({
      removed: [
        '  amount: { type: NUMBER, label: Amount, unit: $, unitPosition: BEFORE, digit: true, minValue: 0 }',
      ],
      added: [
        '  amount: { type: NUMBER, label: Deal amount, unit: $, unitPosition: BEFORE, digit: true, minValue: 0 }',
        '  Big deals:',
        '    type: LIST',
        '    filterCond: amount > 10000',
        '    sort: amount desc',
        '    fields: [ deal_name, amount ]',
        '    recordAddable: true',
      ],
    });
    for (const [file, text] of Object.entries(before))
      for (const comment of text.split('\n').filter((line) => line.trimStart().startsWith('#')))
        expect(after[file], `${file}: ${comment}`).toContain(comment);
    expect(await pendingChanges(root, client)).toEqual([]);
    // And once more: nothing left to change, the same bytes.
    await exportInto(root, client, { apps: appIds(project) });
    expect(await snapshotFiles(root)).toEqual(after);
  });
});
