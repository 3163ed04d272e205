/**
 * The writes and deploys of an apply, step by step (steps.ts): one step, one deploy call (per
 * 300 apps), unless the plan holds references back until the fields they name are live. Each
 * step is all-or-nothing as a one-step apply is (drafts reverted on a failure); a step after the
 * first that fails also puts the apps earlier steps made live back to their before-state
 * (written and deployed again, as restore.ts does for earlier deploy batches), so the whole
 * apply stays all-or-nothing, but for an app live with a migration's swap, which stays
 * (swap-kept.ts). Created apps stay, whatever happens.
 *
 * An interrupt stops the first step's writes; from the first deploy call on nothing stops.
 *
 * Between a step's writes and its deploy calls, `beforeDeploy` runs for the step's apps: the
 * backups of the values the deploy destroys brought up to date (backup-removed.ts). It fails as a
 * write does (the step's drafts reverted, earlier steps restored), and an interrupt stops it in
 * the first step as it stops the writes.
 */
import type { AppPlan } from '../plan/index.js';
import type { Project } from '../project/index.js';
import { deployAll, restoration } from './deploy-all.js';
import { restoreAfterRun, type RestoreRun } from './restore.js';
import { inexactReason } from './restore-check.js';
import { appResult } from './result.js';
import { rollbackAll } from './rollback.js';
import type { AppResult, ApplyEvent, ApplyOutcome, ApplyStop } from './types.js';
import { writeAll, type AppSession, type WriteAllResult } from './write-all.js';
import { errorText } from './error-text.js';
import type { AreaWrite } from './write-app.js';
import { holdsSwap, keptResult } from './swap-kept.js';

export interface RunStepsInput extends RestoreRun {
  project: Project;
  sessions: readonly AppSession[];
  steps: readonly AppPlan[][];
  signal: AbortSignal | undefined;
  shadow?: boolean | undefined;
  /** Just before a step's deploy calls, with its apps' keys; a throw stops the step as a failed write. */
  beforeDeploy?: BeforeDeploy | undefined;
}

/** `emit`: the apply's events, as its recovery record notes them. */
export type BeforeDeploy = (
  apps: readonly string[],
  signal: AbortSignal | undefined,
  emit?: (event: ApplyEvent) => void,
) => Promise<void>;

export type RunStepsResult =
  | { kind: 'live'; written: Map<string, AreaWrite[]> }
  | {
      kind: 'ended';
      outcome: ApplyOutcome;
      apps: AppResult[];
      stop: ApplyStop;
    };

export async function runSteps(input: RunStepsInput): Promise<RunStepsResult> {
  const ran = await run(input);
  if (ran.kind === 'live') return ran;
  // Apps of later steps that apply did not get to are as they were.
  const missing = input.sessions.filter((s) => !ran.apps.some((a) => a.key === s.plan.key));
  return {
    ...ran,
    apps: [
      ...ran.apps,
      ...missing.map((s) => appResult(s, 'unchanged', 'not written: apply stopped before it')),
    ],
  };
}

async function run(input: RunStepsInput): Promise<RunStepsResult> {
  const byKey = new Map(input.sessions.map((s) => [s.plan.key, s]));
  // Per app, each area as first written: `current` is its state before this apply.
  const written = new Map<string, AreaWrite[]>();
  const live: AppSession[] = [];
  for (const [index, step] of input.steps.entries()) {
    const sessions = step.map((plan) => {
      const session = byKey.get(plan.key)!;
      session.plan = plan;
      session.touched = false;
      session.areas = [];
      return session;
    });
    if (input.steps.length > 1)
      input.emit({ type: 'step', step: index + 1, steps: input.steps.length, apps: step.map((a) => a.key) });
    const first = index === 0;
    const wrote = await writeStep(input, sessions, written, first ? input.signal : undefined);
    const stopped = wrote.kind === 'written' && first && input.signal?.aborted ? 'interrupted' : wrote.kind;
    if (stopped !== 'written') {
      const reason = wrote.kind === 'failed' ? wrote.reason : 'interrupted';
      const rolled = await rollbackAll(input.client, input.project, sessions, input.emit, reason);
      const stop: ApplyStop = {
        cause:
          wrote.kind === 'failed' ? { kind: 'write-failed', reason: wrote.reason } : { kind: 'interrupted' },
        revertFailed: rolled.revertFailed,
        liveLeftChanged: false,
      };
      if (live.length === 0)
        return {
          kind: 'ended',
          outcome: rolled.failed
            ? 'rollback-failed'
            : wrote.kind === 'failed'
              ? 'rolled-back'
              : 'interrupted',
          apps: rolled.apps,
          stop,
        };
      return restoreEarlier(input, live, written, {
        stop,
        apps: rolled.apps,
        rollbackFailed: rolled.failed,
      });
    }
    const deployed = await deployAll({ ...input, sessions });
    if (deployed.kind !== 'live') {
      if (live.length === 0 || deployed.outcome === 'unknown')
        return {
          kind: 'ended',
          outcome: deployed.outcome,
          apps: withEarlier(deployed.apps, live, deployed.outcome),
          stop: deployed.stop,
        };
      return restoreEarlier(input, live, written, {
        stop: deployed.stop,
        apps: deployed.apps,
        rollbackFailed: deployed.outcome === 'rollback-failed',
      });
    }
    for (const s of sessions) if (!live.includes(s)) live.push(s);
  }
  return { kind: 'live', written };
}

/**
 * The step's writes, each area remembered as first written, then its `beforeDeploy`, whose
 * failure is the step's as a write's is (an interrupt said as one).
 */
async function writeStep(
  input: RunStepsInput,
  sessions: AppSession[],
  written: Map<string, AreaWrite[]>,
  signal: AbortSignal | undefined,
): Promise<WriteAllResult> {
  const wrote = await writeAll({ ...input, sessions, signal });
  for (const s of sessions) remember(written, s);
  if (wrote.kind !== 'written' || signal?.aborted) return wrote;
  try {
    await input.beforeDeploy?.(
      sessions.map((s) => s.plan.key),
      signal,
    );
    return wrote;
  } catch (error) {
    return signal?.aborted ? { kind: 'interrupted' } : { kind: 'failed', reason: errorText(error) };
  }
}

function remember(written: Map<string, AreaWrite[]>, session: AppSession): void {
  const known = written.get(session.plan.key) ?? [];
  for (const area of session.areas) if (!known.some((k) => k.area.key === area.area.key)) known.push(area);
  written.set(session.plan.key, known);
}

/** Apps an earlier step made live that this step's outcome leaves as they are (a deploy still running). */
function withEarlier(apps: AppResult[], live: readonly AppSession[], outcome: ApplyOutcome): AppResult[] {
  const more = live
    .filter((s) => !apps.some((a) => a.key === s.plan.key))
    .map((s) =>
      appResult(
        s,
        'unknown',
        'an earlier deploy step made part of its change live; the next step did not end',
      ),
    );
  return outcome === 'unknown' ? [...apps, ...more] : apps;
}

/**
 * A later step failed: the apps earlier steps made live get their before-state written and
 * deployed again, but for those whose live step holds a migration's swap, which stay (swap-kept.ts).
 */
async function restoreEarlier(
  input: RunStepsInput,
  live: readonly AppSession[],
  written: ReadonlyMap<string, AreaWrite[]>,
  failed: { stop: ApplyStop; apps: AppResult[]; rollbackFailed: boolean },
): Promise<RunStepsResult> {
  const { apps: failedApps, rollbackFailed } = failed;
  const kept = live.filter((s) => holdsSwap(s, written.get(s.plan.key) ?? []));
  const restoring = live.filter((s) => !kept.includes(s));
  const { failures, inexact } =
    restoring.length === 0
      ? { failures: new Map<string, string>(), inexact: new Map<string, string[]>() }
      : await restoreAfterRun(
          input,
          restoring.map((s) => ({
            key: s.plan.key,
            id: s.id!,
            areas: written.get(s.plan.key) ?? [],
            risks: s.plan.risks,
          })),
          'writing back the before-state of the apps an earlier deploy step made live',
        );
  const restored = restoring.map((s) =>
    failures.has(s.plan.key)
      ? appResult(
          s,
          'failed',
          `an earlier deploy step made its change live and restoring its before-state failed: ${failures.get(s.plan.key)}`,
        )
      : appResult(
          s,
          'rolled-back',
          `an earlier deploy step had made its change live; its before-state was written and deployed again${inexactReason(inexact.get(s.plan.key))}`,
        ),
  );
  const others = failedApps.filter((a) => !live.some((s) => s.plan.key === a.key));
  return {
    kind: 'ended',
    outcome: rollbackFailed || failures.size > 0 ? 'rollback-failed' : 'rolled-back',
    apps: [...kept.map((s) => keptResult(s, 'a later deploy step failed')), ...restored, ...others],
    stop: {
      ...failed.stop,
      ...(restoring.length > 0 ? { restoredSteps: restoration(restoring, failures, inexact) } : {}),
      ...(kept.length > 0
        ? { keptSwaps: [...(failed.stop.keptSwaps ?? []), ...kept.map((s) => s.plan.key)] }
        : {}),
      // Live is left changed when restoring an earlier step failed, or when the failed step
      // itself could not restore one of its own earlier deploy calls (its restoredCalls).
      liveLeftChanged: failures.size > 0 || failed.stop.liveLeftChanged,
    },
  };
}
