/**
 * The worker pool the record reads and sweeps share: each of `count` pieces of work is started in
 * index order, at most `limit` at once. A pool rather than every piece at once because the
 * client's timeout starts before its wait for a slot (client/transport.ts): thousands of calls
 * queued together would time out in the queue.
 */
export async function inParallel(
  count: number,
  limit: number,
  work: (index: number) => Promise<void>,
  signal?: AbortSignal,
): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < count) {
      signal?.throwIfAborted();
      await work(next++);
    }
  };
  const workers = Math.max(1, Math.min(limit, count));
  // Every worker ends (none is left writing behind the caller's back), then the first failure is thrown.
  const results = await Promise.allSettled(Array.from({ length: workers }, worker));
  const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) throw failed.reason;
}
