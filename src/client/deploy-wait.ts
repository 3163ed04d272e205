/** Waits for a deployment: poll, back off, stop at final statuses or at the deadline. */
import { APPS_PER_DEPLOY } from '../platform/index.js';
import { abortAfter } from './abort-after.js';
import { TransportAbortedError } from './errors.js';
import { DeployTimeoutError } from './helper-errors.js';
import type { CallOptions } from './options.js';
import { sleep } from './retry.js';
import type { DeployStatusItem } from './types/apps.js';
import type { Id } from './types/common.js';

export interface WaitForDeployOptions {
  /**
   * Give up after this long (default 300,000 ms), a poll still waiting for its answer included;
   * 0 (or less) gives up at once, without a poll.
   */
  timeoutMs?: number | undefined;
  signal?: AbortSignal | undefined;
  /** The first wait between two polls (default 500 ms); it grows by half each time. */
  initialIntervalMs?: number | undefined;
  /** The longest wait between two polls (default 5,000 ms). */
  maxIntervalMs?: number | undefined;
}

/** What the wait needs from the client that starts it. */
export interface WaitContext {
  /** The status endpoint's path, for errors. */
  path: string;
  /**
   * The pause between polls; tests pass their own. It must end when `signal` fires: the deadline
   * is a real timer that aborts it, and the wait keeps no clock of its own.
   */
  sleep?: ((ms: number, signal: AbortSignal) => Promise<void>) | undefined;
}

type GetStatus = (
  params: { apps: readonly Id[] },
  options: CallOptions,
) => Promise<{ apps: DeployStatusItem[] }>;

/** The most apps one status call may name. */
const MAX_APPS_PER_STATUS_CALL = APPS_PER_DEPLOY;

export async function waitForDeploy(
  getStatus: GetStatus,
  apps: readonly Id[],
  options: WaitForDeployOptions,
  context: WaitContext,
): Promise<DeployStatusItem[]> {
  const pause = context.sleep ?? sleep;
  const timeoutMs = options.timeoutMs ?? 300_000;
  const maxInterval = options.maxIntervalMs ?? 5_000;
  let interval = options.initialIntervalMs ?? 500;
  const where = { method: 'GET', path: context.path };
  /** The last status each app was reported in; a final one is never asked about again. */
  const known = new Map<string, DeployStatusItem>();
  const isFinal = (app: Id) => (known.get(String(app))?.status ?? 'PROCESSING') !== 'PROCESSING';
  const outOfTime = () =>
    new DeployTimeoutError({
      statuses: apps.map(
        (app) => known.get(String(app)) ?? { app: String(app), status: 'PROCESSING' as const },
      ),
      timeoutMs,
      ...where,
    });
  // No time leaves no room for a poll, which could only be cut short: out of time, nothing sent.
  if (timeoutMs <= 0) throw outOfTime();
  // The one clock: at the deadline it aborts the poll in flight (a retry waiting inside it
  // included) or the pause between polls.
  const { controller: expiry, clear: clearDeadline } = abortAfter(timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, expiry.signal]) : expiry.signal;
  /** Whatever the deadline cut short ends the wait as out of time, unless the caller aborted. */
  const expired = () => expiry.signal.aborted && !options.signal?.aborted;
  try {
    for (;;) {
      const pending = apps.filter((app) => !isFinal(app));
      for (let start = 0; start < pending.length; start += MAX_APPS_PER_STATUS_CALL) {
        if (expired()) throw outOfTime();
        const batch = pending.slice(start, start + MAX_APPS_PER_STATUS_CALL);
        const answer = await getStatus({ apps: batch }, { signal }).catch((error: unknown) => {
          throw expired() ? outOfTime() : error;
        });
        for (const item of answer.apps) known.set(String(item.app), item);
      }
      if (apps.every(isFinal)) return apps.map((app) => known.get(String(app))!);
      await pause(interval, signal).catch((error: unknown) => {
        if (expired()) throw outOfTime();
        throw options.signal?.aborted ? new TransportAbortedError(where) : error;
      });
      interval = Math.min(maxInterval, Math.round(interval * 1.5));
    }
  } finally {
    clearDeadline();
  }
}
