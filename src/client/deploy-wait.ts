/** Waits for a deployment: poll, back off, stop at final statuses or at the deadline. */
import { TransportAbortedError, TransportTimeoutError } from './errors.js';
import { DeployTimeoutError } from './helper-errors.js';
import type { CallOptions } from './options.js';
import { sleep } from './retry.js';
import type { DeployStatusItem } from './types/apps.js';
import type { Id } from './types/common.js';

export interface WaitForDeployOptions {
  /** Give up after this long (default 300,000 ms), a poll still waiting for its answer included. */
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
  /** The client's per-call timeout: no poll waits longer, nor past the deadline. */
  clientTimeoutMs: number;
  /** The clock and the pause between polls; tests pass their own. */
  timing?: WaitTiming | undefined;
}

export interface WaitTiming {
  now: () => number;
  sleep: (ms: number, signal: AbortSignal) => Promise<void>;
}

type GetStatus = (
  params: { apps: readonly Id[] },
  options: CallOptions,
) => Promise<{ apps: DeployStatusItem[] }>;

/** The most apps one status call may name. */
const MAX_APPS_PER_STATUS_CALL = 300;

const realTiming: WaitTiming = { now: () => Date.now(), sleep };

export async function waitForDeploy(
  getStatus: GetStatus,
  apps: readonly Id[],
  options: WaitForDeployOptions,
  context: WaitContext,
): Promise<DeployStatusItem[]> {
  const { now, sleep: pause } = context.timing ?? realTiming;
  const timeoutMs = options.timeoutMs ?? 300_000;
  const deadline = now() + timeoutMs;
  const maxInterval = options.maxIntervalMs ?? 5_000;
  let interval = options.initialIntervalMs ?? 500;
  // Fires at the deadline, so a poll that hangs (or a retry waiting inside it) stops there too.
  const expiry = new AbortController();
  const timer = setTimeout(() => expiry.abort(), timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, expiry.signal]) : expiry.signal;
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
  /**
   * A poll cut short by the deadline ends the wait as out of time, not as aborted or timed out:
   * the deadline fired, or the poll's own timeout was the time left (its timer may fire a moment
   * before the deadline's).
   */
  const expired = (error: unknown, pollTimeoutMs: number) =>
    !options.signal?.aborted &&
    (expiry.signal.aborted ||
      now() >= deadline ||
      (error instanceof TransportTimeoutError && pollTimeoutMs < context.clientTimeoutMs)) &&
    (error instanceof TransportTimeoutError || error instanceof TransportAbortedError);
  try {
    for (;;) {
      const pending = apps.filter((app) => !isFinal(app));
      for (let start = 0; start < pending.length; start += MAX_APPS_PER_STATUS_CALL) {
        const left = deadline - now();
        if (left <= 0) throw outOfTime();
        const batch = pending.slice(start, start + MAX_APPS_PER_STATUS_CALL);
        const pollTimeoutMs = Math.min(context.clientTimeoutMs, left);
        const answer = await getStatus({ apps: batch }, { signal, timeoutMs: pollTimeoutMs }).catch(
          (error: unknown) => {
            throw expired(error, pollTimeoutMs) ? outOfTime() : error;
          },
        );
        for (const item of answer.apps) known.set(String(item.app), item);
      }
      if (apps.every(isFinal)) return apps.map((app) => known.get(String(app))!);
      const left = deadline - now();
      if (left <= 0) throw outOfTime();
      await pause(Math.min(interval, left), signal).catch((error: unknown) => {
        if (options.signal?.aborted) throw new TransportAbortedError(where);
        throw expiry.signal.aborted ? outOfTime() : error;
      });
      interval = Math.min(maxInterval, Math.round(interval * 1.5));
    }
  } finally {
    clearTimeout(timer);
  }
}
