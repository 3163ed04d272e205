/**
 * A migration's deploys when a deploy's outcome is unknown (docs/migrations.md, "The window" and
 * "How apply does it"): at each deploy call a migration makes (the expand, the swap, and the
 * second step of a contract that holds a lookup back), the deploy still running when apply's
 * polling gives up (then SUCCESS, or FAIL), or the call carried out with its answer lost (the
 * deploy then settling at once, or still running at the deadline). Each case: the apply, `status`
 * (truthful about what is done and what is pending), the deploy settled on the service, `status`
 * again, a new apply; then every value read before is kept, the edits another client made in the
 * old field just before the swap are in the new field, no temporary field or recovery record is
 * left, and a fresh plan is empty. Deterministic: the service's deploys settle only when the test
 * moves its clock (deploy-unknown-sweep/world.ts).
 */
import { describe, expect, it } from 'vitest';
import { readStatus, statusText } from '../../src/cli/commands/status.js';
import type { Project } from '../../src/project/index.js';
import { useApplyHarness } from '../apply/harness.js';
import { CONVERGED, leftAfterApply } from './left-after-apply.js';
import { EXAMPLE_DIRECTORY } from '../support/example-directory.js';
import { SCENARIOS, type Scenario } from './deploy-unknown-sweep/scenarios.js';
import { DEPLOY_MS, deployHooks, type Variant } from './deploy-unknown-sweep/world.js';

const h = useApplyHarness({ directory: { ...EXAMPLE_DIRECTORY, deployMs: DEPLOY_MS } });
/**
 * Apply's wait for a deploy: never reached by the machine's slowness; the hooks' clock jumps past
 * it once the picked deploy is left running (world.ts, `now`).
 */
const TIMEOUT_MS = 60_000;

const VARIANTS: Variant[] = ['timeout', 'timeout, then FAIL', 'answer lost', 'answer lost, still deploying'];

/** Each record's value of `field` (the column's cells joined by `|` in a table), by record id. */
async function valuesOf(app: string, field: string, table: string | null): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for await (const r of h.client.records.iterate(app, { fields: ['$id', table ?? field] })) {
    const id = r.$id!.value as string;
    if (table === null) out[id] = (r[field]?.value as string | undefined) ?? '';
    else {
      const rows = (r[table]?.value ?? []) as { value: Record<string, { value: string }> }[];
      out[id] = rows.map((row) => row.value[field]?.value ?? '').join('|');
    }
  }
  return out;
}

/** Field codes of an app's live and draft forms, tables' columns included. */
async function codesOf(app: string): Promise<{ live: string[]; draft: string[] }> {
  const out = { live: [] as string[], draft: [] as string[] };
  for (const copy of ['live', 'draft'] as const) {
    const { properties } = await h.client.form.getFields({ app, copy });
    out[copy] = Object.entries(properties)
      .flatMap(([code, def]) => [code, ...Object.keys((def as { fields?: object }).fields ?? {})])
      .sort();
  }
  return out;
}

async function statusOf(project: Project) {
  const result = await readStatus(await h.load(project.root), h.client, [], 'the local service');
  return { result, text: statusText(result, project) };
}

/** Whether the variant leaves the deploy running when apply stops waiting (it ends once settled). */
const leftRunning = (variant: Variant) => variant !== 'answer lost';

/**
 * One case: the scenario's migration with its deploy call `at` left to `variant`; a list of what
 * is not as the docs say (empty when all is well).
 */
async function runCase(scenario: Scenario, at: number, variant: Variant): Promise<string[]> {
  let app = '';
  const hooks = deployHooks(h.client, h.control, async () => {
    for (const [id, value] of Object.entries(scenario.edits.changed))
      await h.client.records.updateRecord({ app, id, record: { [scenario.from]: { value } } });
    await h.client.records.addAll(app, [scenario.edits.added]);
  });
  const project = await h.writeProject({ apps: scenario.v1 });
  const first = await h.apply(project, await h.plan(project), { client: hooks.client });
  expect(first.exitCode, first.message).toBe(0);
  const loaded = await h.load(project.root);
  app = loaded.apps.find((a) => a.key === scenario.app)!.id!;
  await h.client.records.addAll(app, scenario.records);
  const before = await valuesOf(app, scenario.from, null);
  const v2 = await h.rewriteManifests(loaded, scenario.v2);
  const findings: string[] = [];
  const check = (what: string, got: unknown, want: unknown) => {
    if (JSON.stringify(got) !== JSON.stringify(want))
      findings.push(`${what}: got ${JSON.stringify(got)}, want ${JSON.stringify(want)}`);
  };

  hooks.pick(at, variant);
  const deploysBefore = hooks.deploys.length;
  const unknown = await h.apply(v2, await h.plan(v2), {
    client: hooks.client,
    timeoutMs: TIMEOUT_MS,
    now: hooks.now,
  });
  check('deploy calls', hooks.deploys.length - deploysBefore > at, true);
  const running = leftRunning(variant);
  check('outcome', unknown.outcome, running ? 'unknown' : 'applied');
  // What the apply says of the migration is what the service holds (or may yet hold).
  const swapAt = scenario.deploys.findIndex((d) => d.startsWith('swap'));
  const said = (unknown.migrations ?? []).map((m) => m.outcome);
  check('the migration said', said, [!running || at > swapAt ? 'migrated' : 'deploying']);
  const whileRunning = await statusOf(v2);
  if (running) {
    const deploying = whileRunning.result.apps.filter((a) => a.deploy === 'PROCESSING').map((a) => a.key);
    check('status: deploying', deploying.length > 0, true);
    check('status: in sync while deploying', whileRunning.result.inSync, false);
    check(
      'status: the apply said to have stopped waiting',
      whileRunning.result.interruptedApply?.stoppedWaiting,
      true,
    );
    // Its draft is the apply's, not someone's to revert.
    check('status: revert offered', whileRunning.text.includes('made outside appdeploy'), false);
    const swapping = at === swapAt;
    check(
      'status: a swap deploying',
      whileRunning.result.interruptedApply?.migrations.map((m) => [m.field, m.swapDeploying]),
      swapping ? [[scenario.to, true]] : [],
    );
    check(
      'status: the window to write once the swap is live',
      (whileRunning.result.interruptedApply?.windows ?? []).map((w) => [w.field, w.left, w.swapDeploying]),
      swapping ? [[scenario.to, Object.keys(scenario.edits.changed).length + 1, true]] : [],
    );
  }
  await hooks.settle();
  // The swap's deploy went live after apply stopped waiting: its window is still to write (one
  // that failed leaves it to the copy the next apply makes again).
  const windowLeft = running && variant !== 'timeout, then FAIL' && at === swapAt;
  const settled = await statusOf(v2);
  const windows = settled.result.interruptedApply?.windows ?? [];
  check(
    'status: the window still to write',
    windows.map((w) => [w.key, w.field, w.left]),
    windowLeft ? [[scenario.app, scenario.to, Object.keys(scenario.edits.changed).length + 1]] : [],
  );
  if (windowLeft) {
    check('status: in sync with a window to write', settled.result.inSync, false);
    check('status: says the window', settled.text.includes('still to write into it'), true);
  }

  const again = await h.apply(v2, await h.plan(await h.load(v2.root)), { client: hooks.client });
  check('the second apply', again.exitCode === 0 ? 'ok' : again.message, 'ok');
  const expected = { ...before };
  for (const [id, value] of Object.entries(scenario.edits.changed)) expected[id] = value;
  expected[String(Object.keys(before).length + 1)] = scenario.edits.added[scenario.from]!.value as string;
  const after = await valuesOf(app, scenario.to, scenario.table);
  const wrong = Object.keys(expected).filter((id) => after[id] !== expected[id]);
  check(
    'records not holding the value kept',
    wrong.map((id) => `${id}: ${after[id]}`),
    [],
  );
  const codes = await codesOf(app);
  check(
    'temporary fields left',
    codes.live.filter((c) => c.endsWith('__migrating')),
    [],
  );
  check('the draft', codes.draft, codes.live);
  check('the recovery record, a fresh plan', await leftAfterApply(h, v2.root), CONVERGED);
  if (findings.length > 0)
    findings.push(
      `first apply: ${unknown.message}`,
      `status while deploying: ${whileRunning.text}`,
      `status settled: ${settled.text}`,
      `then: ${again.message}`,
    );
  return findings;
}

const CASES = SCENARIOS.flatMap((scenario) =>
  scenario.deploys.flatMap((deploy, at) =>
    VARIANTS.map((variant) => ({ name: `${scenario.name}, ${deploy}: ${variant}`, scenario, at, variant })),
  ),
);

describe('a migration deploy whose outcome is unknown, then status, then a new apply', () => {
  it.each(CASES)('$name', { timeout: 60_000 }, async ({ scenario, at, variant }) => {
    expect(await runCase(scenario, at, variant)).toEqual([]);
  });
});
