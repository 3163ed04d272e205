/**
 * The values of ClientOptions checked where createClient takes them: a bad number or hook said as
 * the caller's mistake (ClientOptionsError) at once, rather than failing every call later under
 * another name (a timeout "within -5 ms", a logger's TypeError said as a network failure) or
 * never ending (NaN retries retry for ever, since no attempt count is above NaN).
 */
import { ClientOptionsError } from './errors.js';
import { DEFAULT_CONCURRENCY, MAX_CONCURRENCY, type ClientOptions } from './options.js';
import { defaultRetryOptions, type RetryOptions } from './retry.js';

/** The client's concurrency limit. */
export function concurrencyOf(value: number | undefined): number {
  const limit = value ?? DEFAULT_CONCURRENCY;
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_CONCURRENCY)
    throw new ClientOptionsError(
      `concurrency must be a whole number from 1 to ${MAX_CONCURRENCY} (the hosted platform's limit per domain), got ${String(value)}`,
    );
  return limit;
}

/** The per-call timeout: a number of milliseconds above 0 (60,000 unless given). */
export function timeoutOf(value: number | undefined): number {
  if (value === undefined) return 60_000;
  if (typeof value !== 'number' || !(value > 0))
    throw new ClientOptionsError(`timeoutMs must be a number of milliseconds above 0, got ${shown(value)}`);
  return value;
}

/** The retry settings, each given one checked, the others the defaults. */
export function retryOf(given: Partial<RetryOptions> | undefined): RetryOptions {
  const retry = { ...defaultRetryOptions };
  const { retries, initialDelayMs, maxDelayMs } = given ?? {};
  if (retries !== undefined) {
    if (typeof retries !== 'number' || !Number.isInteger(retries) || retries < 0)
      throw new ClientOptionsError(`retry.retries must be a whole number from 0, got ${shown(retries)}`);
    retry.retries = retries;
  }
  if (initialDelayMs !== undefined) retry.initialDelayMs = delayOf('initialDelayMs', initialDelayMs);
  if (maxDelayMs !== undefined) retry.maxDelayMs = delayOf('maxDelayMs', maxDelayMs);
  return retry;
}

function delayOf(name: string, value: unknown): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0)
    throw new ClientOptionsError(
      `retry.${name} must be a number of milliseconds from 0, got ${shown(value)}`,
    );
  return value;
}

/** The hooks and the language, each of the type it is used as. */
export function checkHooks(options: Pick<ClientOptions, 'logger' | 'signal' | 'language'>): void {
  if (options.logger !== undefined && typeof options.logger !== 'function')
    throw new ClientOptionsError('logger must be a function that takes each ClientEvent');
  if (options.signal !== undefined && !(options.signal instanceof AbortSignal))
    throw new ClientOptionsError('signal must be an AbortSignal');
  if (options.language !== undefined && typeof options.language !== 'string')
    throw new ClientOptionsError(
      `language must be a language tag such as "en", got ${shown(options.language)}`,
    );
}

/** A value as a message shows it: numbers as they are, anything else as JSON. */
function shown(value: unknown): string {
  return typeof value === 'number' ? String(value) : (JSON.stringify(value) ?? String(value));
}
