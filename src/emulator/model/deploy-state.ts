import type { EmulatorContext } from '../context.js';
import { APPS_TABLE, type AppDoc } from './app.js';
import { publishDraft, publishProblem } from './publish.js';

export type DeployStatus = 'PROCESSING' | 'SUCCESS' | 'FAIL' | 'CANCEL';

/** The last deploy of one app (table `deploys`, keyed by app id). */
export interface DeployDoc {
  readonly app: string;
  readonly status: DeployStatus;
  /** Service-clock time at which a PROCESSING deploy settles; null when it never does (STUCK). */
  readonly settlesAt: number | null;
  /** Every app of the same deploy call: they settle together, all or nothing. */
  readonly batch: readonly string[];
  /** Why it failed, when it did (kept for the status report and for tests). */
  readonly reason?: string;
}

/** Outcomes forced through the control API for the next deploy naming an app (table `deployOutcomes`). */
export type ForcedOutcome = 'FAIL' | 'STUCK';

export const DEPLOYS_TABLE = 'deploys';
export const OUTCOMES_TABLE = 'deployOutcomes';
/**
 * Apps whose deploy is PROCESSING (key = app id, value = its batch), kept beside `deploys` so
 * that settling, which runs before every request, costs O(deploys in flight), not O(all deploys).
 */
export const IN_FLIGHT_TABLE = 'deploysInFlight';

/** Records a PROCESSING deploy; call inside the transaction that puts it. */
export function markInFlight(ctx: EmulatorContext, deploy: DeployDoc): void {
  ctx.store.table<readonly string[]>(IN_FLIGHT_TABLE).put(deploy.app, deploy.batch);
}

export function isDeploying(ctx: EmulatorContext, appId: string): boolean {
  settleDeploys(ctx);
  return ctx.store.table<DeployDoc>(DEPLOYS_TABLE).get(appId)?.status === 'PROCESSING';
}

/**
 * Settles every deploy whose time has come. Called before each request is handled, so what a
 * caller sees follows the service clock (and advancing it finishes deploys at once).
 */
export function settleDeploys(ctx: EmulatorContext): void {
  const inFlight = ctx.store.table<readonly string[]>(IN_FLIGHT_TABLE);
  if (inFlight.size === 0) return;
  const deploys = ctx.store.table<DeployDoc>(DEPLOYS_TABLE);
  const now = ctx.clock.now();
  const due = new Set<string>();
  for (const [id] of inFlight.entries()) {
    const d = deploys.get(id);
    if (d && d.status === 'PROCESSING' && d.settlesAt !== null && d.settlesAt <= now)
      due.add(d.batch.join(','));
  }
  for (const key of due) ctx.store.transaction(() => settleBatch(ctx, key.split(',')));
}

function settleBatch(ctx: EmulatorContext, batch: string[]): void {
  const deploys = ctx.store.table<DeployDoc>(DEPLOYS_TABLE);
  const apps = ctx.store.table<AppDoc>(APPS_TABLE);
  const failures = new Map<string, string>();
  for (const id of batch) {
    const forced = deploys.get(id)?.reason;
    const app = apps.get(id);
    const reason = forced ?? (app ? publishProblem(ctx, app) : 'the app no longer exists');
    if (reason) failures.set(id, reason);
  }
  for (const id of batch) {
    ctx.store.table(IN_FLIGHT_TABLE).delete(id);
    const base = deploys.get(id)!;
    if (failures.size > 0) {
      const reason = failures.get(id);
      deploys.put(id, {
        ...base,
        status: reason ? 'FAIL' : 'CANCEL',
        settlesAt: null,
        ...(reason ? { reason } : {}),
      });
      continue;
    }
    publishDraft(ctx, apps.get(id)!);
    deploys.put(id, { ...base, status: 'SUCCESS', settlesAt: null });
  }
}
