/**
 * The deploy call and the wait for it: a lost answer and a storm of 503s while polling end
 * all-or-nothing; a deploy stuck past the timeout is named with exit 3; many apps make one call;
 * batches of a split deploy that went live are restored when a later one fails.
 */
import { describe, expect, it } from 'vitest';
import { manifest, useApplyHarness } from './harness.js';
import { twoAppsAtV1ThenPlanV2 } from './scenario.js';
import type { ApplyReport } from '../../src/cli/apply-report.js';
import type { Project } from '../../src/project/index.js';

// A short client timeout, so that a delayed deploy answer counts as lost.
const h = useApplyHarness({ clientTimeoutMs: 1_000 });

const DEPLOY = '^/k/v1/preview/app/deploy\\.json$';

/** Either applied and converged (exit 0), or every app exactly as before (exit 1). */
async function expectAllOrNothing(
  result: ApplyReport,
  project: Project,
  ids: string[],
  before: Record<string, unknown>,
): Promise<void> {
  expect([0, 1]).toContain(result.exitCode);
  if (result.exitCode === 0) {
    expect(result.outcome).toBe('applied');
    await h.expectConverged(project);
  } else {
    expect(result.outcome).toBe('rolled-back');
    expect(await h.snapshot(ids)).toEqual(before);
  }
}

describe('the deploy call', () => {
  it('dropped before the service ran it: found out, reverted, every app as before', async () => {
    const { project, plan, ids } = await twoAppsAtV1ThenPlanV2(h);
    const before = await h.snapshot(Object.values(ids));
    await h.control('POST', '/_emulator/faults', { method: 'POST', path: DEPLOY, drop: true, times: 1 });
    const events: string[] = [];
    const result = await h.apply(project, plan, { onProgress: (e) => events.push(e.type) });
    expect(events).toContain('deploy-answer-lost');
    expect(result).toMatchObject({ outcome: 'rolled-back', exitCode: 1 });
    await expectAllOrNothing(result, project, Object.values(ids), before);
  });

  it('whose answer comes too late (the deploy may run after all): all or nothing', async () => {
    const { project, plan, ids } = await twoAppsAtV1ThenPlanV2(h);
    const before = await h.snapshot(Object.values(ids));
    await h.control('POST', '/_emulator/faults', { method: 'POST', path: DEPLOY, delayMs: 1_300, times: 1 });
    const result = await h.apply(project, plan);
    await expectAllOrNothing(result, project, Object.values(ids), before);
    // The late call, whenever it arrived, cannot have published anything the result denies.
    await new Promise((resolve) => setTimeout(resolve, 500));
    await expectAllOrNothing(result, project, Object.values(ids), before);
  });

  it('polled through a storm of 503s: keeps polling, then applies', async () => {
    const { project, plan, ids } = await twoAppsAtV1ThenPlanV2(h);
    const before = await h.snapshot(Object.values(ids));
    const polls: { error?: string }[] = [];
    let armed: Promise<unknown> | undefined;
    const result = await h.apply(project, plan, {
      onProgress: (event) => {
        // Armed once writing starts: the refusal checks before it read the status too.
        if (event.type === 'write')
          armed ??= h.control('POST', '/_emulator/faults', {
            method: 'GET',
            path: DEPLOY,
            status: 503,
            times: 12,
          });
        if (event.type === 'poll') polls.push(event);
      },
    });
    await armed;
    expect(polls.filter((p) => p.error !== undefined).length).toBeGreaterThan(0);
    expect(result).toMatchObject({ outcome: 'applied', exitCode: 0 });
    await expectAllOrNothing(result, project, Object.values(ids), before);
  });

  it('stuck past the timeout: outcome unknown, exit 3, the app named with how to finish', async () => {
    const { project, plan, ids } = await twoAppsAtV1ThenPlanV2(h);
    await h.control('POST', '/_emulator/deploy-outcome', { app: ids.orders, outcome: 'STUCK' });
    const result = await h.apply(project, plan, { timeoutMs: 300 });
    expect(result).toMatchObject({ outcome: 'unknown', exitCode: 3 });
    expect(result.message).toMatch(/orders \(\d+\)/);
    expect(result.message).toMatch(/appdeploy status/);
    expect(result.apps.find((a) => a.key === 'orders')).toMatchObject({ outcome: 'unknown' });
  });
});

describe('many apps', () => {
  it('20 changed apps make exactly one deploy call', async () => {
    const keys = Array.from({ length: 20 }, (_, i) => `app${i}`);
    const v1 = Object.fromEntries(
      keys.map((k) => [k, manifest(k, { title: { type: 'SINGLE_LINE_TEXT', label: 'Title' } })]),
    );
    const project = await h.writeProject({ apps: v1 });
    expect((await h.apply(project, await h.plan(project))).exitCode).toBe(0);
    const v2 = await h.rewriteManifests(
      await h.load(project.root),
      Object.fromEntries(
        keys.map((k) => [k, manifest(k, { title: { type: 'SINGLE_LINE_TEXT', label: 'Name' } })]),
      ),
    );
    const plan = await h.plan(v2);
    const before = (await h.serviceCalls())['POST /k/v1/preview/app/deploy.json'];
    const result = await h.apply(v2, plan);
    expect(result.apps.filter((a) => a.outcome === 'applied')).toHaveLength(20);
    expect((await h.serviceCalls())['POST /k/v1/preview/app/deploy.json']).toBe(before! + 1);
    await h.expectConverged(v2);
  });

  it('a later deploy batch failing restores the earlier batch that went live', async () => {
    const { project, plan, ids } = await twoAppsAtV1ThenPlanV2(h);
    const before = await h.snapshot(Object.values(ids));
    await h.control('POST', '/_emulator/deploy-outcome', { app: ids.orders, outcome: 'FAIL' });
    const result = await h.apply(project, plan, { deployBatchSize: 1 });
    expect(result).toMatchObject({ outcome: 'rolled-back', exitCode: 1 });
    expect(result.apps.find((a) => a.key === 'customers')).toMatchObject({
      outcome: 'rolled-back',
      reason: expect.stringMatching(/deployed again/),
    });
    expect(result.message).toMatch(/Restored customers \(\d+\)/);
    expect(await h.snapshot(Object.values(ids))).toEqual(before);
  });
});
