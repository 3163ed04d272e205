/**
 * The values of ClientOptions checked where createClient takes them: a bad number or hook said as
 * the caller's mistake (ClientOptionsError) at once, rather than failing every call later under
 * another name (a timeout "within -5 ms", a logger's TypeError said as a network failure) or
 * never ending (NaN retries retry for ever, since no attempt count is above NaN).
 */
import { ClientOptionsError } from './errors.js';
import { DEFAULT_CONCURRENCY, MAX_CONCURRENCY, type ClientOptions } from './options.js';
import { defaultRetryOptions, type RetryOptions } from './retry.js';

/**
 * What a number option takes, which its message says: `<name> must be <what> from <min> to <max>
 * (<why>), got <value>`. Shared with the local service's options (local/emulator-options.ts).
 */
export interface NumberRule {
  /** What the value is, as the message says it: "a whole number", "a number of milliseconds". */
  readonly what: string;
  /** Whole numbers only. */
  readonly whole?: boolean;
  /** The least value taken; with `above`, the value it must be above. */
  readonly min: number;
  readonly above?: boolean;
  readonly max?: number;
  /** Infinity taken (a timeout that never fires); NaN never is. */
  readonly infinite?: boolean;
  /** Why the range, said after it in parentheses. */
  readonly why?: string;
}

/** What is wrong with an option's value, in words naming it, or undefined when it fits its rule. */
export function numberProblem(name: string, value: unknown, rule: NumberRule): string | undefined {
  if (typeof value === 'number' && fits(value, rule)) return undefined;
  const range = rule.above
    ? `above ${rule.min}`
    : rule.max === undefined
      ? `from ${rule.min}`
      : `from ${rule.min} to ${rule.max}`;
  const why = rule.why === undefined ? '' : ` (${rule.why})`;
  return `${name} must be ${rule.what} ${range}${why}, got ${shown(value)}`;
}

function fits(n: number, rule: NumberRule): boolean {
  if (Number.isNaN(n) || (!Number.isFinite(n) && !rule.infinite)) return false;
  if (rule.whole && !Number.isInteger(n)) return false;
  if (rule.above ? !(n > rule.min) : n < rule.min) return false;
  return rule.max === undefined || n <= rule.max;
}

/** The value, once it fits its rule; the caller's mistake (ClientOptionsError) otherwise. */
function checked(name: string, value: unknown, rule: NumberRule): number {
  const problem = numberProblem(name, value, rule);
  if (problem !== undefined) throw new ClientOptionsError(problem);
  return value as number;
}

/** The client's concurrency limit. */
export function concurrencyOf(value: number | undefined): number {
  return checked('concurrency', value ?? DEFAULT_CONCURRENCY, {
    what: 'a whole number',
    whole: true,
    min: 1,
    max: MAX_CONCURRENCY,
    why: "the hosted platform's limit per domain",
  });
}

/** The per-call timeout: a number of milliseconds above 0 (60,000 unless given). */
export function timeoutOf(value: number | undefined): number {
  if (value === undefined) return 60_000;
  return checked('timeoutMs', value, {
    what: 'a number of milliseconds',
    min: 0,
    above: true,
    infinite: true,
  });
}

/** The retry settings, each given one checked, the others the defaults. */
export function retryOf(given: Partial<RetryOptions> | undefined): RetryOptions {
  const retry = { ...defaultRetryOptions };
  const { retries, initialDelayMs, maxDelayMs } = given ?? {};
  if (retries !== undefined)
    retry.retries = checked('retry.retries', retries, { what: 'a whole number', whole: true, min: 0 });
  if (initialDelayMs !== undefined) retry.initialDelayMs = delayOf('initialDelayMs', initialDelayMs);
  if (maxDelayMs !== undefined) retry.maxDelayMs = delayOf('maxDelayMs', maxDelayMs);
  return retry;
}

function delayOf(name: string, value: unknown): number {
  return checked(`retry.${name}`, value, { what: 'a number of milliseconds', min: 0 });
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
