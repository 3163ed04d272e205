/**
 * The stages of an apply that write: the drafts written and deployed, step by step (run-steps.ts:
 * a step writes then deploys, so the two are one stage), and the check that what went live is
 * what was asked for (verify.ts).
 */
import { APPS_PER_DEPLOY } from '../platform/index.js';
import { deploySteps, heldReferences } from '../plan/index.js';
import { liveChangedEnd, liveMoved } from './live-check.js';
import { appResult, result } from './result.js';
import { runSteps } from './run-steps.js';
import type { ApplyRun, StageEnd } from './stage.js';
import type { ApplyResult } from './types.js';
import { verifyConvergence } from './verify.js';
import { appPlaceholder } from '../readers/index.js';

export const DEFAULT_APPLY_TIMEOUT_MS = 10 * 60_000;
/** How often apply asks whether a deploy ended: at first, and at most (it backs off between). */
export const DEFAULT_POLL_INTERVAL_MS = { initial: 200, max: 5_000 };

/** Writes and deploys every changed app; a run that does not end live ends the apply. */
export async function writeAndDeploy(run: ApplyRun): Promise<StageEnd> {
  const { options, sessions, areas, emit } = run;
  const { client, plan } = options;
  const steps = deploySteps(plan.apps, heldReferences(plan.apps), areas);
  // From the first deploy call on, an interrupt cannot stop anything: the deploys run to their end.
  const onAbort = () => emit({ type: 'deploy-cannot-stop' });
  const ran = await runSteps({
    client,
    project: options.project,
    sessions,
    steps,
    areas,
    resolveApp: appResolver(run),
    shadow: options.shadow,
    signal: options.signal,
    beforeDeploy: run.beforeDeploy,
    emit: (event) => {
      if (event.type === 'deploy' && event.batch === 1)
        options.signal?.addEventListener('abort', onAbort, { once: true });
      emit(event);
    },
    now: options.now ?? Date.now,
    timeoutMs: options.timeoutMs ?? DEFAULT_APPLY_TIMEOUT_MS,
    batchSize: options.deployBatchSize ?? APPS_PER_DEPLOY,
    pollIntervalMs: options.pollIntervalMs ?? DEFAULT_POLL_INTERVAL_MS,
  }).finally(() => options.signal?.removeEventListener('abort', onAbort));
  if (ran.kind === 'live') {
    run.written = ran.written;
    return 'continue';
  }
  // An app left live with its migration's swap (swap-kept.ts) moved by this apply, not behind its back.
  const kept = new Set(ran.stop.keptSwaps ?? []);
  const checked = sessions.filter((s) => !kept.has(s.plan.key));
  const moved = await liveMoved(client, checked, plan.apps, areas, {
    outcome: ran.outcome,
    liveLeftChanged: ran.stop.liveLeftChanged,
  });
  const ended = moved.length > 0 ? liveChangedEnd(ran, sessions, moved) : ran;
  return result(ended.outcome, run.everyone(ended.apps), run.plugins, {
    liveChanged: moved,
    stopped: ran.stop,
  });
}

/** The last stage: a fresh read of every area written, compared with the plan. */
export async function verify(run: ApplyRun): Promise<ApplyResult> {
  const { options, sessions } = run;
  const { plan } = options;
  run.emit({ type: 'verify', apps: sessions.map((s) => s.plan.key) });
  // Every area as the plan has it (not a step's part of it), written in whichever step.
  const targets = sessions.map((s) => ({
    key: s.plan.key,
    id: s.id!,
    areas: (run.written.get(s.plan.key) ?? []).map((w) => ({
      ...w,
      desired: plan.apps.find((a) => a.key === s.plan.key)!.areas.find((a) => a.key === w.area.key)!.after,
    })),
  }));
  const notConverged = await verifyConvergence(options.client, targets, appResolver(run));
  const applied = sessions.map((s) => appResult(s, s.created ? 'created' : 'applied'));
  if (notConverged.length > 0)
    return result('not-converged', run.everyone(applied), run.plugins, { notConverged });
  return result('applied', run.everyone(applied), run.plugins);
}

/** An app's placeholder in a setting (a lookup's related app): its id, once known. */
function appResolver(run: ApplyRun): (text: string) => string {
  const { sessions, options } = run;
  return (text) => {
    const session = sessions.find((s) => s.id !== null && appPlaceholder(s.plan.key) === text);
    if (session) return session.id!;
    const other = options.project.apps.find((a) => a.id !== null && appPlaceholder(a.key) === text);
    return other?.id ?? text;
  };
}
