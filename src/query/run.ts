// runQuery: filter, order (stable: equal keys keep the input order), offset and limit. Each
// matching record's sort keys are read once; with a limit only the first offset+limit records
// are kept in a bounded heap, so a small page of a large result is never fully sorted.
import type { QueryRecord } from './compile-condition.js';
import type { CompiledQuery } from './compile.js';
import type { SortValue } from './sort-keys.js';

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
  const order = (a: Entry<R>, b: Entry<R>): number => {
    for (let k = 0; k < sortKeys.length; k++) {
      const c = (sortKeys[k] as (typeof sortKeys)[number]).compare(
        a.keys[k] as SortValue,
        b.keys[k] as SortValue,
      );
      if (c !== 0) return c;
    }
    return a.index - b.index;
  };
  const heap = new BoundedHeap<Entry<R>>(wanted, order);
  let total = 0;
  for (let index = 0; index < records.length; index++) {
    const record = records[index] as R;
    if (!filter(record)) continue;
    total++;
    if (wanted === 0) continue;
    const keys = sortKeys.map((key) => key.read(record));
    heap.offer({ record, keys, index });
  }
  const page = heap.sorted().slice(offset);
  return { records: page.map((entry) => entry.record), total };
}

/**
 * Keeps the `capacity` smallest items seen under `order`: a max-heap whose root is the worst kept
 * item, so a newcomer costs one comparison unless it belongs in the page. Unbounded, it is a list.
 */
class BoundedHeap<T> {
  private readonly items: T[] = [];

  constructor(
    private readonly capacity: number,
    private readonly order: (a: T, b: T) => number,
  ) {}

  offer(item: T): void {
    const { items } = this;
    if (this.capacity === Infinity) {
      items.push(item);
      return;
    }
    if (items.length < this.capacity) {
      items.push(item);
      this.siftUp(items.length - 1);
    } else if (this.order(item, items[0] as T) < 0) {
      items[0] = item;
      this.siftDown(0);
    }
  }

  sorted(): T[] {
    return this.items.sort(this.order);
  }

  private siftUp(at: number): void {
    const { items, order } = this;
    let child = at;
    while (child > 0) {
      const parent = (child - 1) >> 1;
      if (order(items[child] as T, items[parent] as T) <= 0) return;
      this.swap(child, parent);
      child = parent;
    }
  }

  private siftDown(at: number): void {
    const { items, order } = this;
    let parent = at;
    for (;;) {
      const left = 2 * parent + 1;
      const right = left + 1;
      let largest = parent;
      if (left < items.length && order(items[left] as T, items[largest] as T) > 0) largest = left;
      if (right < items.length && order(items[right] as T, items[largest] as T) > 0) largest = right;
      if (largest === parent) return;
      this.swap(parent, largest);
      parent = largest;
    }
  }

  private swap(a: number, b: number): void {
    const { items } = this;
    const held = items[a] as T;
    items[a] = items[b] as T;
    items[b] = held;
  }
}
