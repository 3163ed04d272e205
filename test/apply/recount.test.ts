/**
 * Records change without moving a revision: apply counts every risk again after its last read and
 * before its first write (issue 21 item 1), refuses a `deploy-fails` risk before writing (item 10),
 * and refuses a plan that sends an app's placeholder for an app it does not create (item 9).
 */
import { describe, expect, it } from 'vitest';
import type { ApplyReport } from '../../src/cli/apply-report.js';
import { lookupField, row, text } from '../support/fields.js';
import { manifest, useApplyHarness } from './harness.js';
import { applied } from './scenario.js';

const h = useApplyHarness();

const V1 = manifest('Tickets', { subject: text('Subject'), notes: text('Notes') });
/** Version 2 removes `notes`. */
const V2 = manifest('Tickets', { subject: text('Subject') });
/** Version 2 makes `subject` unique. */
const UNIQUE = manifest('Tickets', { subject: text('Subject', { unique: true }), notes: text('Notes') });
const SAME_SUBJECT = [{ subject: { value: 'same' } }, { subject: { value: 'same' } }];

async function appliedV1() {
  const { project, ids } = await applied(h, { tickets: V1 });
  return { project, id: ids.tickets! };
}

/** Apply refused, for the one reason given, about tickets. */
function expectRefused(result: ApplyReport, kind: string, message: string): void {
  expect(result).toMatchObject({ outcome: 'refused', exitCode: 1 });
  expect(result.refusals).toEqual([{ kind, app: 'tickets', message }]);
}

describe('apply counts the risks again before its first write', () => {
  it('refuses a field removal whose field got a value after the plan (no --allow-data-loss)', async () => {
    const { project, id } = await appliedV1();
    const v2 = await h.rewriteManifests(project, { tickets: V2 });
    const thePlan = await h.plan(v2);
    // The plan saw no record holding a value: no risk.
    expect(thePlan.apps[0]!.risks).toEqual([]);
    // A record gets a value there: no settings revision moves.
    await h.client.records.addRecord({ app: id, record: { notes: { value: 'keep me' } } });
    const before = await h.snapshot([id]);
    const calls = await h.serviceCalls();
    const result = await h.apply(v2, thePlan);
    expectRefused(
      result,
      'data-loss',
      'removing field notes loses the values of 1 record (pass --allow-data-loss to accept it);' +
        ' found at apply, the plan counted 0',
    );
    expect(await h.snapshot([id])).toEqual(before);
    expect(await h.writesSince(calls)).toEqual([]);
    // The value is still there.
    const { records } = await h.client.records.getRecords({ app: id });
    expect(records.map((r) => r.notes?.value)).toEqual(['keep me']);
  });

  it('says nothing grew when the count is the plan’s, for a field the project still names (migrate: false)', async () => {
    const dated = (type: string, extra: Record<string, unknown> = {}) =>
      manifest('Tickets', { subject: text('Subject'), due: { type, label: 'Due', ...extra } });
    const { project, ids } = await applied(h, { tickets: dated('DATE') });
    await h.client.records.addRecord({ app: ids.tickets!, record: { due: { value: '2026-03-02' } } });
    const v2 = await h.rewriteManifests(project, { tickets: dated('DATETIME', { migrate: false }) });
    const thePlan = await h.plan(v2);
    // Replaced, not migrated: its values are lost, and the layout still names it (usedBy).
    expect(thePlan.apps[0]!.risks).toMatchObject([
      { kind: 'data-loss', field: 'due', records: 1, usedBy: [{}] },
    ]);
    const refused = await h.apply(v2, thePlan);
    expect(refused.refusals.map((r) => r.message)).toEqual([
      'removing field due loses the values of 1 record (pass --allow-data-loss to accept it)',
    ]);
  });

  it('refuses a data loss that grew since the plan, and applies it with --allow-data-loss', async () => {
    const { project, id } = await appliedV1();
    await h.client.records.addRecord({ app: id, record: { notes: { value: 'one' } } });
    const v2 = await h.rewriteManifests(project, { tickets: V2 });
    const thePlan = await h.plan(v2);
    expect(thePlan.apps[0]!.risks).toMatchObject([{ kind: 'data-loss', field: 'notes', records: 1 }]);
    await h.client.records.addRecord({ app: id, record: { notes: { value: 'two' } } });
    const refused = await h.apply(v2, thePlan);
    expect(refused.refusals.map((r) => r.message)).toEqual([
      'removing field notes loses the values of 2 records (pass --allow-data-loss to accept it);' +
        ' found at apply, the plan counted 1',
    ]);
    const applied = await h.apply(v2, thePlan, { allowDataLoss: true });
    expect(applied).toMatchObject({ outcome: 'applied', exitCode: 0 });
    await h.expectConverged(v2);
  });

  it('refuses records-need-values that grew since the plan: the plan reviewed said fewer', async () => {
    const { project, id } = await appliedV1();
    await h.client.records.addRecord({ app: id, record: { subject: { value: 'a' } } });
    const required = manifest('Tickets', {
      subject: text('Subject'),
      notes: text('Notes', { required: true }),
    });
    const v2 = await h.rewriteManifests(project, { tickets: required });
    const thePlan = await h.plan(v2);
    expect(thePlan.apps[0]!.risks).toMatchObject([{ kind: 'records-need-values', records: 1 }]);
    await h.client.records.addRecord({ app: id, record: { subject: { value: 'b' } } });
    expectRefused(
      await h.apply(v2, thePlan),
      'risk-grew',
      'required field notes leaves 2 records empty (each is refused on its next update until it gets a value);' +
        ' found at apply, the plan counted 1; plan again to review it',
    );
  });

  it('refuses a new unique where records came to share a value, before writing anything', async () => {
    const { project, id } = await appliedV1();
    const v2 = await h.rewriteManifests(project, { tickets: UNIQUE });
    const thePlan = await h.plan(v2);
    expect(thePlan.apps[0]!.risks).toEqual([]);
    await h.client.records.addRecords({ app: id, records: SAME_SUBJECT });
    const calls = await h.serviceCalls();
    expectRefused(
      await h.apply(v2, thePlan),
      'deploy-fails',
      'field subject becomes unique but 2 records share a value: the deploy would fail' +
        ' (give those records distinct values first); found at apply, the plan counted 0',
    );
    const after = await h.serviceCalls();
    expect(after['POST /k/v1/preview/app/deploy.json']).toBe(calls['POST /k/v1/preview/app/deploy.json']);
  });
});

describe('apply refuses what cannot deploy, before writing (item 10)', () => {
  it('a deploy-fails risk in the plan: no draft write, no deploy, no rollback', async () => {
    const { project, id } = await appliedV1();
    await h.client.records.addRecords({ app: id, records: SAME_SUBJECT });
    const v2 = await h.rewriteManifests(project, { tickets: UNIQUE });
    const thePlan = await h.plan(v2);
    expect(thePlan.apps[0]!.risks).toMatchObject([{ kind: 'deploy-fails', records: 2 }]);
    const calls = await h.serviceCalls();
    expectRefused(
      await h.apply(v2, thePlan, { allowDataLoss: true, discardPendingDrafts: true }),
      'deploy-fails',
      'field subject becomes unique but 2 records share a value: the deploy would fail' +
        ' (give those records distinct values first)',
    );
    expect(await h.writesSince(calls)).toEqual([]);
  });
});

describe('--app and references (item 9)', () => {
  const customers = manifest('Customers', { name: text('Name') });
  const deals = {
    ...manifest('Deals', { title: text('Title') }),
    fields: {
      title: text('Title'),
      customer: lookupField('Customer', 'customers', 'name', {
        picker: ['name'],
        filterCond: '',
        sort: 'name asc',
      }),
    },
    layout: [row('title', 'customer')],
  };

  it('a plan of deals alone marks the reference blocked, naming customers; apply writes nothing', async () => {
    const project = await h.writeProject({ apps: { customers, deals } });
    const thePlan = await (
      await import('../../src/plan/index.js')
    ).plan({
      project,
      client: h.client,
      apps: ['deals'],
    });
    expect(thePlan.apps.map((a) => a.key)).toEqual(['deals']);
    expect(thePlan.apps[0]!.risks).toEqual([
      {
        kind: 'blocked',
        area: 'fields',
        path: ['customer', 'lookup', 'relatedApp', 'app'],
        reason: 'it names app customers, which has no id in environment local yet and is not in this plan',
        instead: 'include it: --app customers --app deals (or apply customers first)',
      },
    ]);
    const calls = await h.serviceCalls();
    const result = await h.apply(project, thePlan);
    expect(result).toMatchObject({ outcome: 'refused', exitCode: 1 });
    expect(result.refusals.map((r) => r.kind)).toEqual(['blocked']);
    expect(await h.serviceCalls()).toEqual(calls);
    expect(await h.readConfig(project)).not.toMatch(/ids:/);
  });
});
