/**
 * Builds the ApplyResult: each app's outcome and the overall one, with the facts that say why
 * (render/apply-result.ts words them; cli/exit-codes.ts gives the exit code).
 */
import type { AppSession } from './write-all.js';
import type {
  AppResult,
  ApplyOutcome,
  ApplyResult,
  ApplyStop,
  LiveChanged,
  PluginResult,
  Refusal,
} from './types.js';
import type { NotConverged } from './verify.js';

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
    ...(session.idUnrecorded === true ? { idUnrecorded: true as const } : {}),
    ...(reason !== undefined ? { reason } : {}),
  };
}

/**
 * Refused before any app was written (a plug-in the service refused may come after others it
 * installed: `plugins` says which stay).
 */
export function refusedResult(apps: AppResult[], refusals: Refusal[], plugins: PluginResult[]): ApplyResult {
  return { outcome: 'refused', plugins, apps, refusals, notConverged: [] };
}

export function result(
  outcome: ApplyOutcome,
  apps: AppResult[],
  plugins: PluginResult[],
  options: { notConverged?: NotConverged[]; liveChanged?: LiveChanged[]; stopped?: ApplyStop } = {},
): ApplyResult {
  return {
    outcome,
    plugins,
    apps,
    refusals: [],
    notConverged: options.notConverged ?? [],
    ...(options.liveChanged !== undefined && options.liveChanged.length > 0
      ? { liveChanged: options.liveChanged }
      : {}),
    ...(options.stopped !== undefined ? { stopped: options.stopped } : {}),
  };
}

/** `orders (12)` or, for an app without an id, `orders`. */
export function named(session: AppSession): string {
  return session.id === null ? session.plan.key : `${session.plan.key} (${session.id})`;
}
