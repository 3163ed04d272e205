/**
 * The worker pool for work over many pieces (the bulk requests of addAll, updateAll and deleteAll;
 * the record sweeps and reads; plan's and apply's reads per app): each of `count` pieces is started
 * in index order, at most `limit` at once. A pool rather than every piece at once because the
 * client's timeout starts before its wait for a slot (transport.ts): thousands of calls queued
 * together would time out in the queue. Here, beside the client's own concurrency, because the
 * client uses it and may import nothing but platform/.
 */

/**
 * After the first failure no further piece starts, and those under way finish (none is left
 * running behind the caller's back); then that failure is thrown. An aborted `signal` is a
 * failure of the pieces not started yet.
 */
export async function inParallel(
  count: number,
  limit: number,
  work: (index: number) => Promise<void>,
  signal?: AbortSignal,
): Promise<void> {
  // A limit that is not a positive whole number would run nothing: a bug.
  if (!Number.isInteger(limit) || limit < 1)
    throw new RangeError(`inParallel: limit ${limit} is not a positive integer`);
  let next = 0;
  let failure: { reason: unknown } | undefined;
  const worker = async (): Promise<void> => {
    while (failure === undefined && next < count) {
      const index = next++;
      try {
        signal?.throwIfAborted();
        await work(index);
      } catch (reason) {
        failure ??= { reason };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, count) }, worker));
  if (failure !== undefined) throw failure.reason;
}

/** `items.map(fn)` through the pool: at most `limit` calls at once, results in order. */
export async function mapLimit<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  await inParallel(items.length, limit, async (index) => {
    results[index] = await fn(items[index]!);
  });
  return results;
}
