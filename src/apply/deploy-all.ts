/**
 * Deploys every changed app: one call for all of them, or one per 300 when there are more,
 * each pinned to the revisions the writes left, with one deadline for the whole wait.
 *
 * - every batch live: done (verify comes next);
 * - a batch not live: its drafts and those of later batches are reverted, and earlier batches,
 *   live already, get their before-state written and deployed again (restore.ts), but an app
 *   live with a migration's swap, which stays (swap-kept.ts);
 * - a batch still running at the deadline: nothing can be undone; the apps are named with how
 *   to finish, later batches (never deployed) are reverted.
 */
import type { Project } from '../project/index.js';
import { formatElapsed } from '../wording.js';
import { deployBatch, type BatchOutcome } from './deploy.js';
import { errorText } from './error-text.js';
import { restoreAfterRun, type RestoreRun } from './restore.js';
import { inexactReason } from './restore-check.js';
import { appResult, named } from './result.js';
import { rollbackAll } from './rollback.js';
import type { AppResult, ApplyOutcome, ApplyStop, Restoration } from './types.js';
import type { AppSession } from './write-all.js';
import { holdsSwap, keptResult } from './swap-kept.js';

export interface DeployAllInput extends RestoreRun {
  sessions: readonly AppSession[];
  /** For the command an app's reason names (with the project's flags). */
  project: Pick<Project, 'commandFlags'>;
}

export type DeployAllResult =
  { kind: 'live' } | { kind: 'not-live'; outcome: ApplyOutcome; apps: AppResult[]; stop: ApplyStop };

export async function deployAll(input: DeployAllInput): Promise<DeployAllResult> {
  const { client, sessions, emit } = input;
  const batches: AppSession[][] = [];
  for (let i = 0; i < sessions.length; i += input.batchSize)
    batches.push(sessions.slice(i, i + input.batchSize));
  const start = input.now();
  const deadline = start + input.timeoutMs;
  const deployOptions = {
    poll: {
      deadline,
      now: input.now,
      initialMs: input.pollIntervalMs.initial,
      maxMs: input.pollIntervalMs.max,
      onPoll: (statuses: { app: string; status: string }[], error: string | undefined) =>
        emit({
          type: 'poll',
          elapsedMs: input.now() - start,
          statuses: statuses.map((s) => ({ ...s, app: keyOf(sessions, s.app) })),
          ...(error !== undefined ? { error } : {}),
        }),
    },
    onAnswerLost: (reason: string) => emit({ type: 'deploy-answer-lost', reason }),
    name: (id: string) => {
      const session = sessions.find((s) => s.id === id);
      return session ? named(session) : `app ${id}`;
    },
  };
  for (const [index, batch] of batches.entries()) {
    const earlier = batches.slice(0, index).flat();
    const later = batches.slice(index + 1).flat();
    try {
      // The recovery record notes the call before it goes out (recovery.ts): a save that fails (a
      // full disk) stops the apply here, nothing sent, as a deploy that did not go live does.
      // Found by test/reliability/record-save-sweep.test.ts (it threw out of apply, as a bug).
      emit({ type: 'deploy', apps: batch.map((s) => s.plan.key), batch: index + 1, batches: batches.length });
    } catch (error) {
      return notLive(input, earlier, batch, later, errorText(error), false);
    }
    let outcome: BatchOutcome;
    try {
      outcome = await deployBatch({
        ...deployOptions,
        client,
        targets: batch.map((s) => ({ app: s.id!, revision: s.revision! })),
      });
    } catch (error) {
      // Reading the service to find out what happened failed: whether it went live is not known.
      outcome = { kind: 'unknown', pending: batch.map((s) => s.id!) };
      emit({ type: 'deploy-answer-lost', reason: error instanceof Error ? error.message : String(error) });
    }
    if (outcome.kind === 'live') continue;
    if (outcome.kind === 'unknown') return unknown(input, earlier, batch, later, outcome.pending);
    return notLive(input, earlier, batch, later, outcome.reason, outcome.reverted);
  }
  return { kind: 'live' };
}

async function unknown(
  input: DeployAllInput,
  earlier: AppSession[],
  batch: AppSession[],
  later: AppSession[],
  pending: string[],
): Promise<DeployAllResult> {
  const rolled = await rollbackAll(
    input.client,
    input.project,
    later,
    input.emit,
    'an earlier deploy call is still running',
  );
  const still = batch.filter((s) => pending.includes(s.id!));
  const waited = formatElapsed(input.timeoutMs);
  const apps = [
    ...earlier.map((s) => appResult(s, s.created ? 'created' : 'applied')),
    ...batch.map((s) => appResult(s, 'unknown', `its deploy was still running after ${waited}`)),
    ...rolled.apps,
  ];
  return {
    kind: 'not-live',
    outcome: 'unknown',
    apps,
    stop: {
      cause: {
        kind: 'deploy-unknown',
        apps: (still.length > 0 ? still : batch).map((s) => s.plan.key),
        waitedMs: input.timeoutMs,
      },
      revertFailed: rolled.revertFailed,
      liveLeftChanged: true,
    },
  };
}

async function notLive(
  input: DeployAllInput,
  earlier: AppSession[],
  batch: AppSession[],
  later: AppSession[],
  reason: string,
  reverted: boolean,
): Promise<DeployAllResult> {
  const done = new Set(reverted ? batch.map((s) => s.id!) : []);
  const rolled = await rollbackAll(
    input.client,
    input.project,
    [...batch, ...later],
    input.emit,
    reason,
    done,
  );
  let restoreFailures = new Map<string, string>();
  let inexact = new Map<string, string[]>();
  // An earlier batch's app live with a migration's swap stays so (swap-kept.ts).
  const kept = earlier.filter((s) => holdsSwap(s, s.areas));
  const restoring = earlier.filter((s) => !kept.includes(s));
  if (restoring.length > 0) {
    ({ failures: restoreFailures, inexact } = await restoreAfterRun(
      input,
      restoring.map((s) => ({ key: s.plan.key, id: s.id!, areas: s.areas, risks: s.plan.risks })),
      'writing back the before-state of the batches already live',
    ));
  }
  const restored = restoring.map((s) => {
    const failure = restoreFailures.get(s.plan.key);
    return failure === undefined
      ? appResult(
          s,
          'rolled-back',
          `its deploy had gone live; its before-state was written and deployed again${inexactReason(inexact.get(s.plan.key))}`,
        )
      : appResult(s, 'failed', `its change is live and restoring its before-state failed: ${failure}`);
  });
  const failed = rolled.failed || restoreFailures.size > 0;
  return {
    kind: 'not-live',
    outcome: failed ? 'rollback-failed' : 'rolled-back',
    apps: [...kept.map((s) => keptResult(s, 'a later deploy call failed')), ...restored, ...rolled.apps],
    stop: {
      cause: { kind: 'deploy-failed', reason },
      revertFailed: rolled.revertFailed,
      ...(restoring.length > 0 ? { restoredCalls: restoration(restoring, restoreFailures, inexact) } : {}),
      ...(kept.length > 0 ? { keptSwaps: kept.map((s) => s.plan.key) } : {}),
      liveLeftChanged: restoreFailures.size > 0,
    },
  };
}

/** Live apps put back: which could not be, and what of the others came back other than it was. */
export function restoration(
  live: readonly AppSession[],
  failures: ReadonlyMap<string, string>,
  inexact: ReadonlyMap<string, string[]>,
): Restoration {
  return {
    apps: live.map((s) => s.plan.key),
    failed: live.filter((s) => failures.has(s.plan.key)).map((s) => s.plan.key),
    inexact: [...inexact].map(([app, notes]) => ({ app, notes })),
  };
}

function keyOf(sessions: readonly AppSession[], id: string): string {
  return sessions.find((s) => s.id === id)?.plan.key ?? id;
}
