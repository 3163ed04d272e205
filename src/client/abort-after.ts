/**
 * The longest delay a Node timer honours: a larger one fires after 1 ms (with a warning), so a
 * timeout of a month would end every call at once. Anything longer waits this long instead,
 * which is "never" for a call.
 */
export const MAX_TIMER_MS = 2 ** 31 - 1;

/** An AbortController that aborts itself after `ms`; `clear()` stops the timer once it is not needed. */
export function abortAfter(ms: number): { controller: AbortController; clear: () => void } {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), Math.min(ms, MAX_TIMER_MS));
  return { controller, clear: () => clearTimeout(timer) };
}
