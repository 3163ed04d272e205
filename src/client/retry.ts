/**
 * When to try a call again, and how long to wait first.
 *
 * - 429 (too many requests) is retried for every call: the service turned it away unprocessed.
 * - 5xx, timeouts (but not one spent waiting for a concurrency slot) and connection failures
 *   are retried only for calls marked safe to repeat (every GET, a GET sent as POST with a
 *   method override, and the PUTs that replace a whole resource without a revision check).
 *   A POST that may have reached the service (create app, add record, bulk, upload, comment) is
 *   never repeated: doing it twice would do it twice.
 */
import {
  ServiceError,
  TransportInvalidResponseError,
  TransportNetworkError,
  TransportTimeoutError,
} from './errors.js';

export interface RetryOptions {
  /** How many times a call is retried after the first attempt (default 3; 0 turns retries off). */
  retries: number;
  /** The wait before the first retry (default 500 ms); each later wait doubles. */
  initialDelayMs: number;
  /** The longest wait between two attempts (default 10,000 ms). */
  maxDelayMs: number;
}

export const defaultRetryOptions: RetryOptions = { retries: 3, initialDelayMs: 500, maxDelayMs: 10_000 };

export function shouldRetry(error: unknown, safeToRepeat: boolean): boolean {
  if (error instanceof ServiceError || error instanceof TransportInvalidResponseError) {
    return error.status === 429 || (safeToRepeat && error.status >= 500);
  }
  // A call that timed out still queued for a slot is not retried: it would only queue again,
  // past the timeout the caller gave for the whole call.
  if (error instanceof TransportTimeoutError) return safeToRepeat && !error.queued;
  if (error instanceof TransportNetworkError) return safeToRepeat && error.retryable;
  return false;
}

/**
 * The wait before retry number `attempt` (1-based): exponential, capped, with full jitter so many
 * clients turned away at once do not come back at once. A server's `Retry-After` is a floor.
 */
export function backoffDelay(
  attempt: number,
  options: RetryOptions,
  retryAfterMs: number | undefined,
  random: () => number = Math.random,
): number {
  const ceiling = Math.min(options.maxDelayMs, options.initialDelayMs * 2 ** (attempt - 1));
  const jittered = Math.round(ceiling / 2 + random() * (ceiling / 2));
  return Math.min(options.maxDelayMs, Math.max(jittered, retryAfterMs ?? 0));
}

/** `Retry-After` in seconds or as an HTTP date, in milliseconds from `now`. */
export function parseRetryAfter(value: string | undefined, now: number): number | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** Waits `ms`, or rejects with the signal's reason as soon as it fires. */
export function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  if (signal?.aborted) return Promise.reject(signal.reason as Error);
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason as Error);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
