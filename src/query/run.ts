// runQuery: filter, order (stable: equal keys keep the input order), offset and limit. Each
// matching record's sort keys are read once; with a limit only the best offset+limit records are
// kept (TopK below), so a small page of a large result is never fully sorted.
import type { QueryRecord } from './compile-condition.js';
import type { CompiledQuery } from './compile.js';
import type { CompiledSortKey, SortValue } from './sort-keys.js';

interface Entry<R> {
  readonly record: R;
  readonly keys: SortValue[];
  readonly index: number;
}

export interface QueryResult<R> {
  /** The page: the matches in order, after offset, at most limit of them. */
  readonly records: R[];
  /** How many records matched before offset and limit. */
  readonly total: number;
}

export function runQuery<R extends QueryRecord>(
  records: readonly R[],
  compiled: CompiledQuery<R>,
): QueryResult<R> {
  const { filter, sortKeys } = compiled;
  const offset = compiled.offset ?? 0;
  const wanted = compiled.limit === null ? Infinity : offset + compiled.limit;
  const order = (a: Entry<R>, b: Entry<R>): number =>
    compareKeys(sortKeys, a.keys, b.keys) || a.index - b.index;
  const best = new TopK<Entry<R>>(wanted, order);
  let total = 0;
  for (let index = 0; index < records.length; index++) {
    const record = records[index] as R;
    if (!filter(record)) continue;
    total++;
    if (wanted === 0) continue;
    const keys = readKeys(sortKeys, record);
    // A record whose keys do not beat the worst one kept cannot make the page: it comes later
    // in the input, so it loses a tie too. Turned away here, it costs no entry (a scan of 20,000
    // records for the newest one made 20,000 of them).
    const worst = best.worst();
    if (worst !== undefined && compareKeys(sortKeys, keys, worst.keys) >= 0) continue;
    best.offer({ record, keys, index });
  }
  const page = best.sorted().slice(offset);
  return { records: page.map((entry) => entry.record), total };
}

/** A record's sort values, one per key. */
function readKeys<R extends QueryRecord>(sortKeys: CompiledQuery<R>['sortKeys'], record: R): SortValue[] {
  const keys: SortValue[] = [];
  for (let k = 0; k < sortKeys.length; k++) keys.push((sortKeys[k] as CompiledSortKey).read(record));
  return keys;
}

/** How two records' sort values compare, key by key (0 when every key ties). */
function compareKeys(
  sortKeys: readonly CompiledSortKey[],
  a: readonly SortValue[],
  b: readonly SortValue[],
): number {
  for (let k = 0; k < sortKeys.length; k++) {
    const c = (sortKeys[k] as CompiledSortKey).compare(a[k] as SortValue, b[k] as SortValue);
    if (c !== 0) return c;
  }
  return 0;
}

/**
 * Keeps the `capacity` smallest items seen under `order` (a strict total order). Items gather in
 * a buffer; when it fills, a quickselect keeps the best `capacity` and the worst kept becomes the
 * threshold, so a newcomer that cannot make the page costs one comparison and one that can costs
 * amortized O(1), whatever order the input comes in. Unbounded, it is a plain list.
 */
class TopK<T> {
  private items: T[] = [];
  private threshold: T | undefined;
  private readonly flushAt: number;

  constructor(
    private readonly capacity: number,
    private readonly order: (a: T, b: T) => number,
  ) {
    this.flushAt = capacity + Math.max(capacity, 256);
  }

  /** The worst item kept once the buffer has been cut to `capacity`: nothing worse can enter. */
  worst(): T | undefined {
    return this.threshold;
  }

  offer(item: T): void {
    if (this.threshold !== undefined && this.order(item, this.threshold) >= 0) return;
    this.items.push(item);
    if (this.items.length >= this.flushAt) this.keepBest();
  }

  sorted(): T[] {
    const sorted = this.items.sort(this.order);
    return sorted.length > this.capacity ? sorted.slice(0, this.capacity) : sorted;
  }

  private keepBest(): void {
    const { items, capacity, order } = this;
    select(items, capacity - 1, order);
    items.length = capacity;
    let worst = items[0] as T;
    for (const item of items) if (order(item, worst) > 0) worst = item;
    this.threshold = worst;
  }
}

/** Rearranges `items` so that the item at `nth` is the one a full sort would put there, smaller ones before it. */
function select<T>(items: T[], nth: number, order: (a: T, b: T) => number): void {
  let low = 0;
  let high = items.length - 1;
  while (high > low) {
    const pivot = medianOfThree(items, low, (low + high) >> 1, high, order);
    let i = low;
    let j = high;
    while (i <= j) {
      while (order(items[i] as T, pivot) < 0) i++;
      while (order(items[j] as T, pivot) > 0) j--;
      if (i <= j) {
        const held = items[i] as T;
        items[i] = items[j] as T;
        items[j] = held;
        i++;
        j--;
      }
    }
    if (nth <= j) high = j;
    else if (nth >= i) low = i;
    else return;
  }
}

function medianOfThree<T>(items: T[], a: number, b: number, c: number, order: (x: T, y: T) => number): T {
  const x = items[a] as T;
  const y = items[b] as T;
  const z = items[c] as T;
  if (order(x, y) < 0) return order(y, z) < 0 ? y : order(x, z) < 0 ? z : x;
  return order(x, z) < 0 ? x : order(y, z) < 0 ? z : y;
}
