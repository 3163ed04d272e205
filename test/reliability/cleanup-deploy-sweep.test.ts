/**
 * The clean-up after a failed copy (docs/migrations.md, "How apply does it": a failure at 3 removes
 * the temporary fields again, deleted and deployed) when its deploy's outcome is not known at
 * once: still running at apply's deadline, then SUCCESS or FAIL; its answer lost with the deploy
 * done; its answer lost and the deploy still running. The copy fails by a 500 at its bulk request.
 * Each case: the old field keeps its type and every value; the apply names the temporary field
 * wherever it is, or may still be, on the service, and says the removal is still deploying when
 * it is; `status` names the temporary field exactly when it is live; then, the deploy settled, a
 * new apply finishes the migration: every value in the field of its final code, no temporary field
 * or recovery record left, and a fresh plan is empty. Deterministic: the service's deploys settle
 * only when the test moves its clock, apply's deadline passes by its own clock (ApplyOptions.now).
 */
import { describe, expect, it } from 'vitest';
import { readStatus, statusText } from '../../src/cli/commands/status.js';
import type { Project } from '../../src/project/index.js';
import { useApplyHarness } from '../apply/harness.js';
import { CONVERGED, leftAfterApply } from './left-after-apply.js';
import { EXAMPLE_DIRECTORY } from '../support/example-directory.js';
import { IN_PLACE } from './deploy-unknown-sweep/scenarios.js';
import { DEPLOY_MS, deployHooks, type Variant } from './deploy-unknown-sweep/world.js';

const h = useApplyHarness({ directory: { ...EXAMPLE_DIRECTORY, deployMs: DEPLOY_MS } });
const TIMEOUT_MS = 60_000;
const VARIANTS: Variant[] = ['timeout', 'timeout, then FAIL', 'answer lost', 'answer lost, still deploying'];
/** The migration apply's deploy calls: the expand (0), then the removal of the temporary field (1). */
const CLEANUP = 1;
const { app: KEY, from: FIELD } = IN_PLACE;
const TEMPORARY = `${FIELD}__migrating`;

async function valuesOf(app: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for await (const r of h.client.records.iterate(app, { fields: ['$id', FIELD] }))
    out[r.$id!.value as string] = (r[FIELD]?.value as string | undefined) ?? '';
  return out;
}

async function liveTypes(app: string): Promise<Record<string, string>> {
  const { properties } = await h.client.form.getFields({ app, copy: 'live' });
  return Object.fromEntries(
    Object.entries(properties).map(([code, def]) => [code, (def as { type: string }).type]),
  );
}

async function statusOf(project: Project) {
  const result = await readStatus(await h.load(project.root), h.client, [], 'the local service');
  return { result, text: statusText(result, project) };
}

async function runCase(variant: Variant): Promise<string[]> {
  const hooks = deployHooks(h.client, h.control, () => Promise.resolve());
  const project = await h.writeProject({ apps: IN_PLACE.v1 });
  const first = await h.apply(project, await h.plan(project), { client: hooks.client });
  expect(first.exitCode, first.message).toBe(0);
  const loaded = await h.load(project.root);
  const app = loaded.apps.find((a) => a.key === KEY)!.id!;
  await h.client.records.addAll(app, IN_PLACE.records);
  const before = await valuesOf(app);
  const v2 = await h.rewriteManifests(loaded, IN_PLACE.v2);
  const findings: string[] = [];
  const check = (what: string, got: unknown, want: unknown) => {
    if (JSON.stringify(got) !== JSON.stringify(want))
      findings.push(`${what}: got ${JSON.stringify(got)}, want ${JSON.stringify(want)}`);
  };

  // The copy's one bulk request answers 500: the copy fails, and the clean-up's deploy meets `variant`.
  await h.control('POST', '/_emulator/faults', {
    method: 'POST',
    path: '^/k/v1/bulkRequest\\.json$',
    status: 500,
    times: 1,
  });
  hooks.pick(CLEANUP, variant);
  const failed = await h.apply(v2, await h.plan(v2), {
    client: hooks.client,
    timeoutMs: TIMEOUT_MS,
    now: hooks.now,
  });
  await h.control('DELETE', '/_emulator/faults');
  const running = variant !== 'answer lost';
  // The old field keeps its type and every value, whatever the clean-up's deploy does.
  const oldType = (IN_PLACE.v1[KEY]!.fields as Record<string, { type: string }>)[FIELD]!.type;
  const live = await liveTypes(app);
  check('the old field', live[FIELD], oldType);
  check('its values', await valuesOf(app), before);
  // The apply says where the temporary field is: removed, still there, or its removal still deploying.
  const temporaryLive = TEMPORARY in live;
  const said = (failed.migrations ?? []).map((m) => [m.outcome, m.reason?.includes(TEMPORARY) === true]);
  check('the migration said', said, [[running ? 'deploying' : temporaryLive ? 'left' : 'cleaned-up', true]]);
  check(
    'the outcome',
    failed.outcome,
    running ? 'unknown' : temporaryLive ? 'rollback-failed' : 'rolled-back',
  );
  const whileRunning = await statusOf(v2);
  check(
    'status: the temporary field named',
    whileRunning.result.apps.flatMap((a) => a.migrationsBegun.map((m) => m.temporary)),
    temporaryLive ? [TEMPORARY] : [],
  );
  check(
    'status: names a temporary field not live',
    !temporaryLive && whileRunning.text.includes(TEMPORARY),
    false,
  );

  await hooks.settle();
  const settled = await statusOf(v2);
  const after = await liveTypes(app);
  check(
    'status settled: the temporary field named',
    settled.result.apps.flatMap((a) => a.migrationsBegun.map((m) => m.temporary)),
    TEMPORARY in after ? [TEMPORARY] : [],
  );
  check(
    'status settled: names a temporary field not live',
    !(TEMPORARY in after) && settled.text.includes(TEMPORARY),
    false,
  );
  check('the old field, settled', after[FIELD], oldType);

  const again = await h.apply(v2, await h.plan(await h.load(v2.root)), { client: hooks.client });
  check('the second apply', again.exitCode === 0 ? 'ok' : again.message, 'ok');
  const newType = (IN_PLACE.v2[KEY]!.fields as Record<string, { type: string }>)[FIELD]!.type;
  const final = await liveTypes(app);
  check('the field, migrated', final[FIELD], newType);
  check('temporary field left', TEMPORARY in final, false);
  check('the values, migrated', await valuesOf(app), before);
  check('the recovery record, a fresh plan', await leftAfterApply(h, v2.root), CONVERGED);
  if (findings.length > 0)
    findings.push(
      `failed apply (${failed.outcome}): ${failed.message}`,
      `status: ${whileRunning.text}`,
      `settled: ${settled.text}`,
      `then: ${again.message}`,
    );
  return findings;
}

describe('the clean-up deploy after a failed copy, its outcome unknown at once, then a new apply', () => {
  it.each(VARIANTS)('%s', { timeout: 60_000 }, async (variant) => {
    expect(await runCase(variant)).toEqual([]);
  });
});
