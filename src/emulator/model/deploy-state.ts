import type { EmulatorContext } from '../context.js';
import { APPS_TABLE, recordsTable, type AppDoc, type AppSettings, type JsonObject } from './app.js';
import { reindexRecordFiles } from '../records/file-index.js';
import type { StoredRecord } from '../records/model.js';

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
    const reason = forced ?? (app ? deployProblem(ctx, app) : 'the app no longer exists');
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
    const app = apps.get(id)!;
    pruneDeletedFieldValues(ctx, app.id, app.live, app.draft);
    apps.put(id, { ...app, live: app.draft, deployedRevision: app.revision });
    deploys.put(id, { ...base, status: 'SUCCESS', settlesAt: null });
  }
}

/**
 * Why the draft cannot go live: a field newly `unique` or `required` that existing records
 * break, as the hosted platform refuses such a deploy. Null when it can.
 */
function deployProblem(ctx: EmulatorContext, app: AppDoc): string | null {
  const records = [...ctx.store.table<Record<string, { value?: unknown }>>(recordsTable(app.id)).values()];
  if (records.length === 0) return null;
  for (const [code, field] of Object.entries(app.draft.properties)) {
    const before = app.live?.properties[code];
    if (field.unique === true && before?.unique !== true) {
      const seen = new Set<string>();
      for (const r of records) {
        const v = r[code]?.value;
        if (isEmpty(v)) continue;
        const key = JSON.stringify(v);
        if (seen.has(key)) return `field "${code}" is now unique but records share the value ${key}`;
        seen.add(key);
      }
    }
    if (field.required === true && before?.required !== true && before !== undefined) {
      if (records.some((r) => isEmpty(r[code]?.value)))
        return `field "${code}" is now required but records leave it empty`;
    }
  }
  return null;
}

function isEmpty(value: unknown): boolean {
  return (
    value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0)
  );
}

/** A field deleted from the form takes its values out of every record when the deploy happens. */
function pruneDeletedFieldValues(
  ctx: EmulatorContext,
  appId: string,
  live: AppSettings | null,
  draft: AppSettings,
): void {
  if (!live) return;
  const gone = Object.keys(live.properties).filter((code) => !(code in draft.properties));
  const goneInTables = Object.entries(live.properties).flatMap(([code, f]) => {
    const inner = (f.fields ?? {}) as Record<string, JsonObject>;
    const kept = (draft.properties[code]?.fields ?? {}) as Record<string, JsonObject>;
    return code in draft.properties
      ? Object.keys(inner)
          .filter((c) => !(c in kept))
          .map((c) => [code, c] as const)
      : [];
  });
  if (gone.length === 0 && goneInTables.length === 0) return;
  const records = ctx.store.table<Record<string, { type?: string; value?: unknown }>>(recordsTable(appId));
  for (const [id, record] of [...records.entries()]) {
    const next = { ...record };
    for (const code of gone) delete next[code];
    for (const [table, inner] of goneInTables) {
      const rows = next[table]?.value;
      if (!Array.isArray(rows)) continue;
      next[table] = {
        ...next[table],
        value: rows.map((row: { id: string; value: Record<string, unknown> }) => {
          const value = { ...row.value };
          delete value[inner];
          return { ...row, value };
        }),
      };
    }
    records.put(id, next);
    reindexRecordFiles(ctx, appId, record as StoredRecord, next as StoredRecord);
  }
}
