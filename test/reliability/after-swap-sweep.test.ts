/**
 * A migration's late steps (docs/migrations.md, "How apply does it" and "The window"): once the
 * swap's deploy is live, a fault at every write apply sends after it (the second step of a
 * contract holding a lookup back, its deploy, the window's record writes, any clean-up): answered
 * 500, or carried out with its answer lost, and at a deploy call the deploy ending FAIL or still
 * running at apply's deadline (then SUCCESS or FAIL). A clean run of each scenario numbers those
 * writes; each case then runs on a fresh service. After the faulted apply: the swap is still live
 * (the new field under its final code holding every value the copy wrote, the old field not
 * brought back), the apply says the migration is done, and `status` says truthfully what is left
 * (the window's records still to write, an app not in sync); then, the deploys settled, a new
 * apply converges: every value read before is kept, the window's edits are in the new field, no
 * temporary field or recovery record is left, and a fresh plan is empty. Deterministic: the
 * service's deploys settle only when the test moves its clock, apply's deadline passes by its own
 * clock (ApplyOptions.now), and each fault is armed on the service as the n-th write.
 */
import { describe, expect, it, vi } from 'vitest';
import { readStatus, statusText } from '../../src/cli/commands/status.js';
import type { Project } from '../../src/project/index.js';
import { useApplyHarness } from '../apply/harness.js';
import { CONVERGED, leftAfterApply } from './left-after-apply.js';
import { EXAMPLE_DIRECTORY } from '../support/example-directory.js';
import { IN_PLACE, SCENARIOS, type Scenario } from './deploy-unknown-sweep/scenarios.js';
import { DEPLOY_MS } from './deploy-unknown-sweep/world.js';
import {
  afterSwapHooks,
  DEPLOY_FAULTS,
  FAULTS,
  type AfterSwapHooks,
  type Fault,
} from './after-swap-sweep/world.js';

/**
 * The recovery record's saves once the swap is live (`.appdeploy/apply-local.json`, written beside
 * and renamed over): the `pick`-th from the swap fails as a full disk makes it fail.
 */
const recordSaves = vi.hoisted(() => ({ live: () => false, seen: 0, pick: -1 }));
vi.mock('../../src/atomic-write.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/atomic-write.js')>();
  return {
    ...real,
    atomicWriteSync: (...args: Parameters<typeof real.atomicWriteSync>) => {
      if (
        args[0].endsWith('apply-local.json') &&
        recordSaves.live() &&
        recordSaves.seen++ === recordSaves.pick
      )
        throw Object.assign(new Error(`ENOSPC: no space left on device, write '${args[0]}'`), {
          code: 'ENOSPC',
        });
      return real.atomicWriteSync(...args);
    },
  };
});

const h = useApplyHarness({ directory: { ...EXAMPLE_DIRECTORY, deployMs: DEPLOY_MS } });
/** Apply's wait for a deploy: never reached by the machine's slowness (the hooks' clock jumps past it). */
const TIMEOUT_MS = 60_000;

/** Each record's value of `field` (the column's cells joined by `|` in a table), by record id. */
async function valuesOf(app: string, field: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for await (const r of h.client.records.iterate(app, { fields: ['$id', field] }))
    out[r.$id!.value as string] = (r[field]?.value as string | undefined) ?? '';
  return out;
}

/** Field code -> type of an app's live and draft forms. */
async function formOf(app: string): Promise<{ live: Record<string, string>; draft: Record<string, string> }> {
  const out = { live: {} as Record<string, string>, draft: {} as Record<string, string> };
  for (const copy of ['live', 'draft'] as const) {
    const { properties } = await h.client.form.getFields({ app, copy });
    out[copy] = Object.fromEntries(
      Object.entries(properties).map(([code, def]) => [code, (def as { type: string }).type]),
    );
  }
  return out;
}

async function statusOf(project: Project) {
  const result = await readStatus(await h.load(project.root), h.client, [], 'the local service');
  return { result, text: statusText(result, project) };
}

/**
 * notes changes type in place while another app changes too, each app deployed in a call of its
 * own (`deployBatchSize`, as an apply of more than 300 apps is): the swap's call goes live first.
 */
const BESIDE_ANOTHER: Scenario & { batchSize?: number } = {
  ...IN_PLACE,
  name: 'a type changed in place, another app deployed in a later call',
  v1: { ...IN_PLACE.v1, other: { name: 'Other', fields: { a: { type: 'SINGLE_LINE_TEXT', label: 'A' } } } },
  v2: {
    ...IN_PLACE.v2,
    other: { name: 'Other', fields: { a: { type: 'SINGLE_LINE_TEXT', label: 'A, renamed' } } },
  },
  batchSize: 1,
};

const ALL: (Scenario & { batchSize?: number })[] = [...SCENARIOS, BESIDE_ANOTHER];

/** A fault of the service's, or the recovery record's `index`-th save from the swap failing. */
const RECORD_SAVE = 'the recovery record not saved' as const;

interface Case {
  index: number;
  fault: Fault | typeof RECORD_SAVE;
}

/** One scenario's apply with `pick` armed (null: the clean run); what is not as the docs say. */
async function runCase(
  scenario: Scenario,
  pick: Case | null,
): Promise<{ findings: string[]; writes: string[]; saves: number }> {
  await h.control('POST', '/_emulator/reset');
  let app = '';
  const hooks = afterSwapHooks(h.url, h.control, async () => {
    for (const [id, value] of Object.entries(scenario.edits.changed))
      await h.client.records.updateRecord({ app, id, record: { [scenario.from]: { value } } });
    await h.client.records.addAll(app, [scenario.edits.added]);
  });
  try {
    return await faultedThenApplied(scenario, pick, hooks, (id) => (app = id));
  } finally {
    await hooks.close();
  }
}

async function faultedThenApplied(
  scenario: Scenario & { batchSize?: number },
  pick: Case | null,
  hooks: AfterSwapHooks,
  appIs: (id: string) => void,
): Promise<{ findings: string[]; writes: string[]; saves: number }> {
  const project = await h.writeProject({ apps: scenario.v1 });
  const first = await h.apply(project, await h.plan(project), { client: hooks.client });
  expect(first.exitCode, first.message).toBe(0);
  const loaded = await h.load(project.root);
  const app = loaded.apps.find((a) => a.key === scenario.app)!.id!;
  appIs(app);
  await h.client.records.addAll(app, scenario.records);
  const before = await valuesOf(app, scenario.from);
  const v2 = await h.rewriteManifests(loaded, scenario.v2);
  const findings: string[] = [];
  const check = (what: string, got: unknown, want: unknown) => {
    if (JSON.stringify(got) !== JSON.stringify(want))
      findings.push(`${what}: got ${JSON.stringify(got)}, want ${JSON.stringify(want)}`);
  };
  const windowEdits = Object.keys(scenario.edits.changed).length + 1;
  const newType = (scenario.v2[scenario.app]!.fields as Record<string, { type: string }>)[scenario.to]!.type;

  hooks.arm(pick === null || pick.fault === RECORD_SAVE ? null : { index: pick.index, fault: pick.fault });
  Object.assign(recordSaves, {
    live: () => hooks.swapLive(),
    seen: 0,
    pick: pick?.fault === RECORD_SAVE ? pick.index : -1,
  });
  const batch = scenario.batchSize !== undefined ? { deployBatchSize: scenario.batchSize } : {};
  const faulted = await h.apply(v2, await h.plan(v2), {
    client: hooks.client,
    timeoutMs: TIMEOUT_MS,
    now: hooks.now,
    ...batch,
  });
  const writes = hooks.afterSwap();
  const saves = recordSaves.seen;
  recordSaves.live = () => false;
  // The swap stays live: the new field under its final code, holding what the copy wrote; the old
  // field not brought back (empty, or under the new field's code with its old type).
  const form = await formOf(app);
  check('the field live', form.live[scenario.to], newType);
  check(
    'the old field or a temporary field live',
    Object.keys(form.live).filter(
      (c) => c.endsWith('__migrating') || (c === scenario.from && c !== scenario.to),
    ),
    [],
  );
  const now = await valuesOf(app, scenario.to);
  const edited = new Set(Object.keys(scenario.edits.changed));
  check(
    'values the copy wrote, kept',
    Object.keys(before).filter((id) => !edited.has(id) && now[id] !== before[id]),
    [],
  );
  check(
    'the migration said',
    (faulted.migrations ?? []).map((m) => m.outcome),
    ['migrated'],
  );
  const status = await statusOf(v2);
  const written = (faulted.window ?? []).reduce((n, w) => n + w.written + w.editedSince.length, 0);
  // What is left, as status says it: the window's records not written yet. A record whose save
  // failed holds what its last save held: the writes made since are still listed (the next apply
  // finds them made), so status may name more, never fewer, and none beyond the window.
  const left = (status.result.interruptedApply?.windows ?? []).map((w): [string, number] => [
    w.field,
    w.left,
  ]);
  const want = windowEdits - written;
  if (pick?.fault === RECORD_SAVE)
    check(
      'status: the window still to write, at least',
      left.every(([field, n]) => field === scenario.to && n >= want && n <= windowEdits) &&
        (want === 0 || left.length === 1),
      true,
    );
  else check('status: the window still to write', left, want > 0 ? [[scenario.to, want]] : []);
  check('status: a migration under way', status.result.interruptedApply?.migrations ?? [], []);
  check('status: names a temporary field', status.text.includes('__migrating'), false);
  const { record, changing: changed } = await leftAfterApply(h, v2.root);
  check('status: in sync', status.result.inSync, changed.length === 0 && !record);
  // A window left unwritten is said, with how the next apply finishes it.
  check(
    'the apply says the window is left',
    (faulted.window ?? []).some((w) => w.reason?.includes('the next apply') === true),
    // A record whose last save failed still lists the window: the apply says so.
    written < windowEdits || (pick?.fault === RECORD_SAVE && left.length > 0),
  );
  // Not done while anything is left for the next apply: an app not in sync, or the window's
  // records status still names (a CI job must not pass on it; it did, with exit 0, when only the
  // window was left).
  check('the apply failed', faulted.exitCode !== 0, changed.length > 0 || left.length > 0);

  await hooks.settle();
  hooks.arm(null);
  const again = await h.apply(v2, await h.plan(await h.load(v2.root)), { client: hooks.client, ...batch });
  check('the second apply', again.exitCode === 0 ? 'ok' : again.message, 'ok');
  const expected = { ...before, ...scenario.edits.changed };
  expected[String(Object.keys(before).length + 1)] = scenario.edits.added[scenario.from]!.value as string;
  const after = await valuesOf(app, scenario.to);
  check(
    'records not holding their value',
    Object.keys(expected)
      .filter((id) => after[id] !== expected[id])
      .map((id) => `${id}: ${after[id]}`),
    [],
  );
  const settled = await formOf(app);
  check('the draft', settled.draft, settled.live);
  check('the recovery record, a fresh plan', await leftAfterApply(h, v2.root), CONVERGED);
  if (findings.length > 0)
    findings.push(`faulted apply: ${faulted.message}`, `status: ${status.text}`, `then: ${again.message}`);
  return { findings, writes, saves };
}

describe('a fault at every write after a migration swap went live, then status, then a new apply', () => {
  it.each(ALL.map((scenario) => ({ name: scenario.name, scenario })))(
    '$name',
    { timeout: 300_000 },
    async ({ scenario }) => {
      const clean = await runCase(scenario, null);
      expect(clean.findings).toEqual([]);
      // The window's three records at least: two edited in the old field, one added.
      expect(clean.writes.length).toBeGreaterThanOrEqual(3);
      console.log(`${scenario.name}: writes after the swap: ${JSON.stringify(clean.writes)}`);
      console.log(`${scenario.name}: recovery record saves after the swap: ${clean.saves}`);
      const cases = [
        ...clean.writes.flatMap((write, index) =>
          [...FAULTS, ...(write.endsWith('/deploy.json') ? DEPLOY_FAULTS : [])].map(
            (fault): Case & { write: string } => ({ index, fault, write }),
          ),
        ),
        // The recovery record's saves from the swap on: the contract's end, the window's, and a
        // later deploy step's or call's (its write-ahead, before a write goes out).
        ...Array.from({ length: clean.saves }, (_, index) => ({
          index,
          fault: RECORD_SAVE,
          write: 'the recovery record',
        })),
      ];
      const failures: string[] = [];
      for (const c of cases) {
        const { findings } = await runCase(scenario, c);
        if (findings.length > 0)
          failures.push(`#${c.index + 1} ${c.write}, ${c.fault}:\n  ${findings.join('\n  ')}`);
      }
      expect(failures).toEqual([]);
    },
  );
});
