// Get Records' `$id` pre-filter: the `$id` bounds a query's top-level `and` puts on every match,
// and the records inside them taken from an index of the app's ids, so a page read by id range
// (`$id > 1000 and $id <= 1500 order by $id asc limit 500`, the shape records/ranges.ts sends)
// costs the range, not the app. The full query still runs over the candidates: the bounds only
// leave out records the query cannot match, and the candidates keep storage order, which is
// what runQuery breaks ties by, so every answer (page, order, count) is the full scan's.
import type { Condition, Predicate, Value } from '../../query/index.js';
import type { Table } from '../store/store.js';
import type { StoredRecord } from './model.js';

/** Every match's `$id` lies in [low, high] (each end open or closed) and, when `only` is set, in it. */
export interface IdBounds {
  readonly low: number;
  readonly lowOpen: boolean;
  readonly high: number;
  readonly highOpen: boolean;
  readonly only: ReadonlySet<number> | null;
}

const UNBOUNDED: IdBounds = { low: -Infinity, lowOpen: false, high: Infinity, highOpen: false, only: null };

/** The query engine's number literal (query/values.ts): what `$id` compares against. */
const NUMERIC = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/u;

/** A literal number as the engine resolves it for `$id` (a number field); null for anything else. */
function numberOf(value: Value): number | null {
  if (value.kind !== 'literal') return null;
  const trimmed = value.text.trim();
  return NUMERIC.test(trimmed) ? Number(trimmed) : null;
}

/**
 * The `$id` bounds `condition` implies, or null when it implies none (no condition, an `or` at the
 * top, no `$id` test in the top-level `and`). Only tests every match must pass narrow: the
 * operands of the top-level `and` (nested `and`s included), never those under an `or`. A `$id`
 * test the bounds cannot state (`!=`, `not in`, `in` with `""`) is left to the query.
 */
export function idBounds(condition: Condition | null): IdBounds | null {
  if (condition === null) return null;
  let bounds: IdBounds | null = null;
  for (const predicate of conjuncts(condition)) {
    if (predicate.field.code !== '$id') continue;
    const narrowed = narrow(bounds ?? UNBOUNDED, predicate);
    if (narrowed) bounds = narrowed;
  }
  return bounds;
}

function conjuncts(condition: Condition): Predicate[] {
  if (condition.kind === 'or') return [];
  if (condition.kind === 'and') return condition.conditions.flatMap(conjuncts);
  return [condition];
}

/** `bounds` with one more `$id` test, or null when the test says nothing the bounds can hold. */
function narrow(bounds: IdBounds, predicate: Predicate): IdBounds | null {
  if (predicate.kind === 'in') {
    if (predicate.negated) return null;
    const values = predicate.values.map(numberOf);
    if (values.some((v) => v === null)) return null;
    const wanted = new Set(values as number[]);
    const only = bounds.only ? new Set([...bounds.only].filter((v) => wanted.has(v))) : wanted;
    return { ...bounds, only };
  }
  if (predicate.kind !== 'compare') return null;
  const x = numberOf(predicate.value);
  if (x === null) return null;
  switch (predicate.operator) {
    case '=':
      return narrow(bounds, { ...predicate, kind: 'in', negated: false, values: [predicate.value] });
    case '>':
    case '>=':
      return raiseLow(bounds, x, predicate.operator === '>');
    case '<':
    case '<=':
      return lowerHigh(bounds, x, predicate.operator === '<');
    case '!=':
      return null;
  }
}

function raiseLow(bounds: IdBounds, x: number, open: boolean): IdBounds {
  if (x < bounds.low || (x === bounds.low && !open)) return bounds;
  return { ...bounds, low: x, lowOpen: open };
}

function lowerHigh(bounds: IdBounds, x: number, open: boolean): IdBounds {
  if (x > bounds.high || (x === bounds.high && !open)) return bounds;
  return { ...bounds, high: x, highOpen: open };
}

/**
 * An app's records by `$id`: ascending ids, each with its record and its place in storage order.
 * Built from one version of the table; the record writes (`putRecord`, `deleteRecord` in
 * unique-index.ts) then keep it in step (`followRecordWrite`), and any other write leaves it to
 * be built again.
 */
interface IdIndex {
  readonly ids: number[];
  readonly records: StoredRecord[];
  /** Each record's place in storage order; null when that is its position (`inStorageOrder`). */
  readonly places: Int32Array | null;
  /** Whether storage order is ascending `$id` order (the usual case: ids only grow). */
  readonly inStorageOrder: boolean;
  /** Whether every record has a numeric `$id` (so the index holds the whole table). */
  readonly whole: boolean;
}

/** An index and the table version it is current at. */
interface Kept {
  version: number;
  readonly index: IdIndex;
}

const cache = new WeakMap<Table<StoredRecord>, Kept>();

/** A record's `$id` as the engine reads it (a number field: Number of the text); NaN when not a number. */
function numericId(record: StoredRecord): number {
  const value = record.$id?.value;
  return typeof value === 'string' && value !== '' ? Number(value) : typeof value === 'number' ? value : NaN;
}

/** The table's index, current after any write. */
function indexOf(table: Table<StoredRecord>): IdIndex {
  const kept = cache.get(table);
  if (kept && kept.version === table.version) return kept.index;
  const index = built(table);
  cache.set(table, { version: table.version, index });
  return index;
}

/**
 * The index built from every record of the table. A record whose `$id` is not a number is left
 * out, as no bound's test (`=`, `in`, `<`, `>` against a number) can hold for it.
 */
function built(table: Table<StoredRecord>): IdIndex {
  // The usual table, every id a number and ascending in storage order, is read straight into
  // the index's arrays; any other is sorted (below).
  const ids: number[] = [];
  const records: StoredRecord[] = [];
  for (const record of table.values()) {
    const id = numericId(record);
    if (Number.isNaN(id) || (ids.length > 0 && id <= (ids[ids.length - 1] as number))) return sorted(table);
    ids.push(id);
    records.push(record);
  }
  return { ids, records, places: null, inStorageOrder: true, whole: true };
}

/** The index of a table whose storage order is not ascending `$id`, or that holds a record without one. */
function sorted(table: Table<StoredRecord>): IdIndex {
  const entries: { id: number; record: StoredRecord; place: number }[] = [];
  let place = 0;
  for (const record of table.values()) {
    const id = numericId(record);
    if (!Number.isNaN(id)) entries.push({ id, record, place });
    place++;
  }
  let inStorageOrder = true;
  for (let i = 1; i < entries.length && inStorageOrder; i++)
    inStorageOrder = (entries[i - 1] as { id: number }).id < (entries[i] as { id: number }).id;
  if (!inStorageOrder) entries.sort((a, b) => a.id - b.id || a.place - b.place);
  return {
    ids: entries.map((e) => e.id),
    records: entries.map((e) => e.record),
    places: Int32Array.from(entries, (e) => e.place),
    inStorageOrder,
    whole: entries.length === table.size,
  };
}

/**
 * Keeps the table's index in step with one write of the record under a key: `previous` the
 * record it replaced (undefined: the key is new), `record` the one written (undefined: deleted).
 * `before` is the table's version before the write. Only an index current before the write, and
 * only one write since (the version moved by exactly one: nothing else ran between), is moved on;
 * and only the usual index, every record in ascending `$id` order, where an update replaces its
 * record in place, an add with a higher id goes last and a delete leaves its place. Any other
 * write drops the index, to be built again by the next read.
 */
export function followRecordWrite(
  table: Table<StoredRecord>,
  before: number,
  previous: StoredRecord | undefined,
  record: StoredRecord | undefined,
): void {
  const kept = cache.get(table);
  if (!kept || table.version === before) return;
  if (kept.version === before && table.version === before + 1 && stepped(kept.index, previous, record))
    kept.version = table.version;
  else cache.delete(table);
}

/** Whether the index could take the write (see followRecordWrite), having taken it. */
function stepped(
  index: IdIndex,
  previous: StoredRecord | undefined,
  record: StoredRecord | undefined,
): boolean {
  if (index.places !== null) return false;
  const { ids, records } = index;
  if (previous === undefined) {
    if (record === undefined) return true;
    const id = numericId(record);
    if (Number.isNaN(id) || (ids.length > 0 && id <= (ids[ids.length - 1] as number))) return false;
    ids.push(id);
    records.push(record);
    return true;
  }
  const id = numericId(previous);
  const at = firstFrom(ids, id, false);
  if (records[at] !== previous) return false;
  if (record === undefined) {
    ids.splice(at, 1);
    records.splice(at, 1);
    return true;
  }
  if (numericId(record) !== id) return false;
  records[at] = record;
  return true;
}

/** The first position in `ids` (ascending) whose id is above `x` (`after`) or at least `x`. */
function firstFrom(ids: readonly number[], x: number, after: boolean): number {
  let lo = 0;
  let hi = ids.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const id = ids[mid] as number;
    if (after ? id <= x : id < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The positions in the index of the ids within `bounds`, ascending. */
function positionsWithin(index: IdIndex, bounds: IdBounds): number[] {
  const from = firstFrom(index.ids, bounds.low, bounds.lowOpen);
  const to = firstFrom(index.ids, bounds.high, !bounds.highOpen);
  const positions: number[] = [];
  if (!bounds.only) {
    for (let i = from; i < to; i++) positions.push(i);
    return positions;
  }
  // An `in` list: each listed id looked up, rather than every id of the range tested.
  for (const id of [...bounds.only].sort((a, b) => a - b))
    for (let i = Math.max(from, firstFrom(index.ids, id, false)); i < to && index.ids[i] === id; i++)
      positions.push(i);
  return positions;
}

/** Records in storage order, and whether that order is also strictly ascending `$id`. */
export interface Candidates {
  readonly records: readonly StoredRecord[];
  readonly idOrdered: boolean;
}

/** The records of `table` whose `$id` lies within `bounds`, in storage order. */
export function recordsWithin(table: Table<StoredRecord>, bounds: IdBounds): Candidates {
  const index = indexOf(table);
  // A range of the index in storage order (no `in` list) is one run of its records.
  if (bounds.only === null && index.inStorageOrder) {
    const from = firstFrom(index.ids, bounds.low, bounds.lowOpen);
    return {
      records: index.records.slice(from, firstFrom(index.ids, bounds.high, !bounds.highOpen)),
      idOrdered: true,
    };
  }
  const positions = positionsWithin(index, bounds);
  const places = index.places;
  if (places !== null && !index.inStorageOrder)
    positions.sort((a, b) => (places[a] as number) - (places[b] as number));
  return { records: positions.map((i) => index.records[i] as StoredRecord), idOrdered: index.inStorageOrder };
}

/**
 * Whether the table's storage order is strictly ascending `$id` order with every `$id` a number:
 * then a query sorted by `$id` alone can read its page off either end (selectRecords).
 */
export function storedInIdOrder(table: Table<StoredRecord>): boolean {
  const index = indexOf(table);
  return index.inStorageOrder && index.whole;
}
