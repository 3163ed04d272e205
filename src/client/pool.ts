/**
 * One keep-alive connection pool per origin, shared by every client that talks to it, and closed
 * when the last of those clients closes.
 */
import { Pool, type Dispatcher } from 'undici';

const pools = new Map<string, { pool: Pool; users: number }>();

export interface PoolLease {
  dispatcher: Dispatcher;
  /** Gives the pool back; the last lease of an origin closes its connections. */
  release(): Promise<void>;
}

export function leasePool(origin: string): PoolLease {
  let entry = pools.get(origin);
  if (!entry) {
    entry = { pool: new Pool(origin, { keepAliveTimeout: 10_000 }), users: 0 };
    pools.set(origin, entry);
  }
  entry.users += 1;
  const leased = entry;
  let released = false;
  return {
    dispatcher: leased.pool,
    release: async () => {
      if (released) return;
      released = true;
      leased.users -= 1;
      if (leased.users > 0) return;
      if (pools.get(origin) === leased) pools.delete(origin);
      await leased.pool.close();
    },
  };
}
