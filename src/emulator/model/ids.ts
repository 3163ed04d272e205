import type { Store } from '../store/store.js';

const COUNTERS_TABLE = 'counters';

/**
 * The next number of a named sequence (apps, views, spaces, record ids per app...), journaled like
 * any write, so a restart on the same data goes on from it: never the greatest id there plus one,
 * which would give a deleted record's id again ("Record numbers of deleted records are skipped and
 * will not be re-assigned to other records", kintone help article 040536).
 */
export function nextId(store: Store, sequence: string): string {
  const table = store.table<number>(COUNTERS_TABLE);
  const next = (table.get(sequence) ?? 0) + 1;
  table.put(sequence, next);
  return String(next);
}

/**
 * The next `count` numbers of a sequence at once, in order: one write of the counter for a batch
 * (a write of 100 records wrote it 100 times, each write noted by every open transaction).
 */
export function nextIds(store: Store, sequence: string, count: number): string[] {
  const table = store.table<number>(COUNTERS_TABLE);
  const first = (table.get(sequence) ?? 0) + 1;
  if (count > 0) table.put(sequence, first + count - 1);
  return Array.from({ length: count }, (_, i) => String(first + i));
}
