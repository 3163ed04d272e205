/**
 * Every client method returns a Promise, so a bad argument found while building the request (an
 * unknown `copy`, a malformed guest space id, a body JSON cannot encode) must reject it rather
 * than throw before the caller's `.catch` or `await` is attached.
 */
export function rejectOnThrow<T>(start: () => Promise<T>): Promise<T> {
  try {
    return start();
  } catch (error) {
    return Promise.reject(error instanceof Error ? error : new Error(String(error)));
  }
}
