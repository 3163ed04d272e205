import type { Store } from '../store/store.js';

const COUNTERS_TABLE = 'counters';

/** The next number of a named sequence (apps, views, spaces, record ids per app...), journaled like any write. */
export function nextId(store: Store, sequence: string): string {
  const table = store.table<number>(COUNTERS_TABLE);
  const next = (table.get(sequence) ?? 0) + 1;
  table.put(sequence, next);
  return String(next);
}
