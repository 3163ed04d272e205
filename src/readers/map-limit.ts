/** Bounded concurrency for work over many apps, so that no call waits behind thousands of others. */

/** `items.map(fn)` with at most `limit` calls running at once, results in order. */
export async function mapLimit<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T) => Promise<R>,
): Promise<R[]> {
  // A limit that is not a positive whole number would run nothing and answer holes: a bug.
  if (!Number.isInteger(limit) || limit < 1)
    throw new RangeError(`mapLimit: limit ${limit} is not a positive integer`);
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
