/**
 * The daily API request count per app (platform/limits.ts REQUESTS_PER_APP_PER_DAY, with its
 * evidence): every call that names an app (`app`, or the app of the cursor it reads) counts one
 * against that app, and each call inside a bulk request counts against its own app. The day is
 * the platform's: it starts at 09:00 JST, 00:00 UTC, on the service clock.
 *
 * The hosted platform does not refuse a call past the figure (it mails the administrator the next
 * morning), so by default the local service only counts. A limit set through the options
 * (`dailyRequestLimit`) or `PUT /_emulator/quota` makes it refuse the calls past it with 403
 * `EMU_QU01`, a code of its own (no platform answer exists to copy), so tests can rehearse a
 * budget running out in a few calls. The counts live in memory: a restart or a reset clears them.
 */
import { ApiError } from './errors.js';
import type { EmulatorContext } from './context.js';

export interface QuotaState {
  /** Calls a day per app before refusals; null counts without refusing (the platform's way). */
  limit: number | null;
  /** `<UTC day>:<app id>` -> calls counted that day; only the current day's are kept. */
  readonly counts: Map<string, number>;
  /** The day the counts are of, and the instant it ends (so most calls skip the date text). */
  day: string | null;
  dayEndsAt: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

export function newQuota(limit: number | null): QuotaState {
  return { limit, counts: new Map(), day: null, dayEndsAt: -Infinity };
}

/** The platform's counting day of a service-clock instant: YYYY-MM-DD in UTC (09:00 JST). */
export function quotaDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** The app a call's `app` parameter names, as the store keys it; undefined when none. */
export function appOfParam(value: unknown): string | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'string' && value.trim() !== '') return value.trim();
  return undefined;
}

/** Counts one call against `app` today, or refuses it when a limit is set and reached. */
export function spendRequest(ctx: EmulatorContext, app: string | undefined): void {
  if (app === undefined) return;
  const { quota } = ctx.runtime;
  const now = ctx.clock.now();
  // A new day starts every count again; the old day's are of no further use. (The clock only
  // moves forward, so "past the end of the day counted" is "another day".)
  if (quota.day === null || now >= quota.dayEndsAt) {
    quota.counts.clear();
    quota.day = quotaDay(now);
    quota.dayEndsAt = Date.parse(`${quota.day}T00:00:00Z`) + DAY_MS;
  }
  const day = quota.day;
  const key = `${day}:${app}`;
  const used = quota.counts.get(key) ?? 0;
  if (quota.limit !== null && used >= quota.limit)
    throw new ApiError(
      403,
      'EMU_QU01',
      `The app ${app} has used its ${quota.limit} API requests for ${day} (the day starts at 00:00 UTC, 09:00 JST). The hosted platform would carry the call out and mail the administrator; this local service refuses it because a daily limit was set (PUT /_emulator/quota with {"limit": null} lifts it).`,
    );
  quota.counts.set(key, used + 1);
}

/** Today's counts by app, and the limit in force. */
export function quotaView(ctx: EmulatorContext): {
  limit: number | null;
  day: string;
  requests: Record<string, number>;
} {
  const day = quotaDay(ctx.clock.now());
  const requests: Record<string, number> = {};
  for (const [key, n] of ctx.runtime.quota.counts) {
    if (key.startsWith(`${day}:`)) requests[key.slice(day.length + 1)] = n;
  }
  return { limit: ctx.runtime.quota.limit, day, requests };
}
