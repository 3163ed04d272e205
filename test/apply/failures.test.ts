/**
 * Each failure leaves every app's draft and live settings exactly as before (compared area by
 * area) and ends with exit 1, or 130 when interrupted.
 */
import { describe, expect, it } from 'vitest';
import { AREAS } from '../../src/areas/index.js';
import { useApplyHarness } from './harness.js';
import { answer500, REQUEST } from './faults.js';
import { V2, twoAppsAtV1ThenPlanV2 } from './scenario.js';

const h = useApplyHarness();

describe('apply rolls back', () => {
  it('when the deploy ends FAIL for one app of two (the other CANCEL)', async () => {
    const { project, plan, ids } = await twoAppsAtV1ThenPlanV2(h);
    const before = await h.snapshot(Object.values(ids));
    await h.control('POST', '/_emulator/deploy-outcome', { app: ids.orders, outcome: 'FAIL' });
    const result = await h.apply(project, plan);
    expect(result).toMatchObject({ outcome: 'rolled-back', exitCode: 1 });
    expect(result.message).toMatch(/CANCEL for customers \(\d+\), FAIL for orders \(\d+\)/);
    expect(result.apps.map((a) => [a.key, a.outcome])).toEqual([
      ['customers', 'rolled-back'],
      ['orders', 'rolled-back'],
    ]);
    expect(await h.snapshot(Object.values(ids))).toEqual(before);
  });

  it('when the third write answers 500', async () => {
    const { project, plan, ids } = await twoAppsAtV1ThenPlanV2(h);
    const before = await h.snapshot(Object.values(ids));
    // Each app writes: add fields, the layout, remove a field; the first removal fails.
    await answer500(h, REQUEST.removeFields, { times: 1 });
    const result = await h.apply(project, plan);
    expect(result).toMatchObject({ outcome: 'rolled-back', exitCode: 1 });
    expect(result.message).toMatch(/fields: remove 1 failed/);
    // The version-1 deploy, then only the rollback's revert: no deploy of version 2.
    expect((await h.serviceCalls())['POST /k/v1/preview/app/deploy.json']).toBe(2);
    expect(await h.snapshot(Object.values(ids))).toEqual(before);
  });

  it('when every views write answers 500', async () => {
    const withViews = (m: Record<string, unknown>, filterCond: string) => ({
      ...m,
      views: { Recent: { type: 'LIST', index: 0, fields: [], filterCond } },
    });
    const v2 = {
      customers: withViews(V2.customers, 'company != ""'),
      orders: withViews(V2.orders, 'amount > 10'),
    };
    const { project, plan, ids } = await twoAppsAtV1ThenPlanV2(h, v2);
    const before = await h.snapshot(Object.values(ids));
    await answer500(h, REQUEST.views);
    const result = await h.apply(project, plan);
    expect(result).toMatchObject({ outcome: 'rolled-back', exitCode: 1 });
    expect(result.message).toMatch(/views: .* failed/);
    await h.control('DELETE', '/_emulator/faults');
    expect(await h.snapshot(Object.values(ids))).toEqual(before);
  });

  it('when a revision moved between plan and apply, naming the app, and writes nothing', async () => {
    const { project, plan, ids } = await twoAppsAtV1ThenPlanV2(h);
    // Someone edits the orders draft after the plan was made.
    await h.client.form.updateFields({
      app: ids.orders!,
      properties: { memo: { type: 'MULTI_LINE_TEXT', label: 'Remarks' } } as never,
    });
    const before = await h.snapshot(Object.values(ids));
    const calls = await h.serviceCalls();
    const result = await h.apply(project, plan);
    expect(result).toMatchObject({ outcome: 'refused', exitCode: 1 });
    expect(result.refusals).toEqual([
      expect.objectContaining({
        kind: 'revision-moved',
        app: 'orders',
        message: expect.stringMatching(/draft revision moved from \d+ to \d+ \(fields changed\)/),
      }),
    ]);
    const writes = Object.keys(await h.serviceCalls()).filter((k) => !k.startsWith('GET') && !(k in calls));
    expect(writes).toEqual([]);
    expect(await h.snapshot(Object.values(ids))).toEqual(before);
  });

  it('when interrupted before the deploy call: exit 130', async () => {
    const { project, plan, ids } = await twoAppsAtV1ThenPlanV2(h);
    const before = await h.snapshot(Object.values(ids));
    const controller = new AbortController();
    const result = await h.apply(project, plan, {
      signal: controller.signal,
      onProgress: (event) => {
        if (event.type === 'write') controller.abort();
      },
    });
    expect(result).toMatchObject({ outcome: 'interrupted', exitCode: 130 });
    // The version-1 deploy, then only the rollback's revert: no deploy of version 2.
    expect((await h.serviceCalls())['POST /k/v1/preview/app/deploy.json']).toBe(2);
    expect(await h.snapshot(Object.values(ids))).toEqual(before);
  });

  it('refuses a pending draft unless told to discard it, then discards it and applies', async () => {
    const { project, plan: _stale, ids } = await twoAppsAtV1ThenPlanV2(h);
    await h.client.form.updateFields({
      app: ids.orders!,
      properties: { memo: { type: 'MULTI_LINE_TEXT', label: 'Remarks' } } as never,
    });
    const plan = await h.plan(project);
    const refused = await h.apply(project, plan);
    expect(refused.refusals).toEqual([expect.objectContaining({ kind: 'pending-draft', app: 'orders' })]);
    const result = await h.apply(project, plan, { discardPendingDrafts: true });
    expect(result).toMatchObject({ outcome: 'applied', exitCode: 0 });
    await h.expectConverged(project);
  });

  it('refuses an app whose deploy is still running', async () => {
    const { project, plan, ids } = await twoAppsAtV1ThenPlanV2(h);
    await h.control('POST', '/_emulator/deploy-outcome', { app: ids.customers, outcome: 'STUCK' });
    await h.client.apps.deploy({ apps: [{ app: ids.customers! }] });
    const result = await h.apply(project, plan);
    expect(result.refusals).toEqual([expect.objectContaining({ kind: 'deploying', app: 'customers' })]);
    expect(result.exitCode).toBe(1);
  });
});

describe('the snapshot the rollback tests compare', () => {
  it('holds every area of both copies, and sees a change that went live', async () => {
    const { project, plan, ids } = await twoAppsAtV1ThenPlanV2(h);
    const before = await h.snapshot(Object.values(ids));
    // Two apps, every area of the table, draft and live.
    expect(Object.keys(before)).toHaveLength(2 * AREAS.length * 2);
    expect(Object.values(before).filter((v) => typeof v === 'string')).toEqual([]);
    await h.apply(project, plan);
    expect(await h.snapshot(Object.values(ids))).not.toEqual(before);
  });
});
