/**
 * What the stages of an apply share (apply.ts runs them in order): the apply's options, the
 * sessions of the apps it changes, the plug-ins' results so far, and what earlier stages found
 * for later ones. A stage ends the apply with a result or answers `continue`.
 */
import { AREAS } from '../areas/index.js';
import type { Area, AreaKey } from '../areas/types.js';
import type { AppPlan } from '../plan/index.js';
import { initialPluginResults } from './plugins.js';
import type { RecoveryRecord } from './recovery.js';
import type { BeforeDeploy } from './run-steps.js';
import { appResult, untouched } from './result.js';
import type { AppResult, ApplyEvent, ApplyOptions, ApplyResult, PluginResult } from './types.js';
import type { AppSession } from './write-all.js';
import type { AreaWrite } from './write-app.js';

export interface ApplyRun {
  readonly options: ApplyOptions;
  /** What an interrupted apply before this one left (recovery.ts), if any. */
  readonly previous: RecoveryRecord | null;
  /** The apps the plan changes, and one session each. */
  readonly changed: readonly AppPlan[];
  readonly sessions: AppSession[];
  /** Every system plug-in of the plan, with its outcome so far. */
  readonly plugins: PluginResult[];
  readonly areas: ReadonlyMap<AreaKey, Area>;
  readonly emit: (event: ApplyEvent) => void;
  /** Every app of the plan in its order: the changed ones as given, the others unchanged. */
  readonly everyone: (changedApps: AppResult[]) => AppResult[];
  /** Per app, each area as the write-and-deploy stage first wrote it (for verify). */
  written: ReadonlyMap<string, AreaWrite[]>;
  /** Just before each deploy step (run-steps.ts): the backups of what it destroys brought up to date. */
  beforeDeploy?: BeforeDeploy | undefined;
}

/** A stage's answer: the apply ends with this result, or the next stage runs. */
export type StageEnd = ApplyResult | 'continue';

export function startRun(options: ApplyOptions, previous: RecoveryRecord | null): ApplyRun {
  const { plan } = options;
  const changed = plan.apps.filter((a) => a.action !== 'no-op');
  const sessions: AppSession[] = changed.map((app) => ({
    plan: app,
    id: app.id,
    created: false,
    touched: false,
    revision: app.revisions?.draft ?? null,
    areas: [],
  }));
  const others = untouched(sessions, plan.apps);
  return {
    options,
    previous,
    changed,
    sessions,
    plugins: initialPluginResults(plan.plugins),
    areas: new Map((options.areas ?? AREAS).map((a) => [a.key, a])),
    emit: (event) => options.onProgress?.(event),
    everyone: (changedApps) =>
      plan.apps.map((a) => [...changedApps, ...others].find((r) => r.key === a.key)!),
    written: new Map(),
  };
}

/** Every app as it was: apply stopped before writing any. */
export function asIs(run: ApplyRun): AppResult[] {
  return run.everyone(run.sessions.map((s) => appResult(s, 'unchanged')));
}
