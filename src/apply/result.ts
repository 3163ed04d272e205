/** Builds the ApplyResult: each app's outcome, the overall outcome and its exit code, one message. */
import type { AppSession } from './write-all.js';
import { installedNote } from './plugins.js';
import type {
  AppResult,
  ApplyExitCode,
  ApplyOutcome,
  ApplyResult,
  LiveChanged,
  PluginResult,
  Refusal,
} from './types.js';
import type { NotConverged } from './verify.js';

const EXIT_CODES: Record<Exclude<ApplyOutcome, 'rollback-failed'>, ApplyExitCode> = {
  applied: 0,
  'no-changes': 0,
  refused: 1,
  'rolled-back': 1,
  unknown: 3,
  interrupted: 130,
  'not-converged': 70,
  'live-changed': 4,
};

export function exitCodeOf(outcome: ApplyOutcome, liveLeftChanged: boolean): ApplyExitCode {
  if (outcome === 'rollback-failed') return liveLeftChanged ? 3 : 1;
  return EXIT_CODES[outcome];
}

/** Apps the plan leaves alone, and apps apply did not get to. */
export function untouched(
  sessions: readonly AppSession[],
  all: readonly { key: string; id: string | null }[],
): AppResult[] {
  const changing = new Set(sessions.map((s) => s.plan.key));
  return all
    .filter((a) => !changing.has(a.key))
    .map((a) => ({ key: a.key, id: a.id, outcome: 'unchanged', created: false }));
}

export function appResult(session: AppSession, outcome: AppResult['outcome'], reason?: string): AppResult {
  return {
    key: session.plan.key,
    id: session.id,
    outcome,
    created: session.created,
    ...(reason !== undefined ? { reason } : {}),
  };
}

/**
 * Refused before any app was written. A plug-in the service refused may come after others it
 * installed: those stay, and the message says so instead of "nothing was changed".
 */
export function refusedResult(apps: AppResult[], refusals: Refusal[], plugins: PluginResult[]): ApplyResult {
  const each = refusals.map((r) => `${'app' in r ? r.app : 'plug-in'}: ${r.message}`);
  // One reason reads as one sentence; several (a plan naming twenty missing users) one per line.
  const reasons = each.length === 1 ? ` ${each[0]!}.` : `\n${each.map((line) => `  - ${line}`).join('\n')}\n`;
  const installed = installedNote(plugins);
  return {
    outcome: 'refused',
    exitCode: 1,
    message:
      installed === ''
        ? `Apply refused, nothing was changed:${reasons}`
        : `Apply refused, no app was changed:${reasons}${each.length === 1 ? installed : installed.trimStart()}`,
    plugins,
    apps,
    refusals,
    notConverged: [],
  };
}

export function result(
  outcome: ApplyOutcome,
  message: string,
  apps: AppResult[],
  plugins: PluginResult[],
  options: { liveLeftChanged?: boolean; notConverged?: NotConverged[]; liveChanged?: LiveChanged[] } = {},
): ApplyResult {
  return {
    outcome,
    exitCode: exitCodeOf(outcome, options.liveLeftChanged ?? false),
    message,
    plugins,
    apps,
    refusals: [],
    notConverged: options.notConverged ?? [],
    ...(options.liveChanged !== undefined && options.liveChanged.length > 0
      ? { liveChanged: options.liveChanged }
      : {}),
  };
}

/** `orders (12)` or, for an app without an id, `orders`. */
export function named(session: AppSession): string {
  return session.id === null ? session.plan.key : `${session.plan.key} (${session.id})`;
}

/** Apps created by this apply stay whatever happens: said in every message that undoes the rest. */
export function createdNote(sessions: readonly AppSession[]): string {
  const created = sessions.filter((s) => s.created);
  if (created.length === 0) return '';
  return (
    ` Created app${created.length === 1 ? '' : 's'} ${created.map(named).join(', ')} stay` +
    `${created.length === 1 ? 's' : ''} (the service cannot delete an app), with a new app's settings; their ids are in the project file.`
  );
}
