// The values an app's records hold in each unique field, kept between calls so that checking a
// call of 100 records costs about 100 keys, not one per stored record (a bulk load of n records
// would otherwise cost n²/100: records/unique.ts rebuilt the map on every call).
//
// Why an index can be trusted. Invariant: an index whose `version` equals its table's `version`
// holds exactly the keys of the table's current records (for its field code, computed with its
// field definition).
// - A build reads every record of the table and stamps the version it read at; nothing runs
//   between the reads and the stamp (JavaScript is single-threaded and this code is synchronous).
// - `putRecord` / `deleteRecord` read the version, make one write, and only when the version has
//   then moved by exactly one (Table.put and Table.delete bump it once, through setRaw/deleteRaw)
//   apply that same change to each index that was current before it. Between the read and the
//   write nothing else runs, so the one write is theirs.
// - Every other write to the table (a handler's own `table.put`, a rollback, journal replay or
//   load, the control API's reset) bumps the version without touching the index, which therefore
//   stops matching; versions only grow, so it never matches again, and the next check rebuilds.
// An index belongs to one field definition object (the live form's, replaced by every deploy):
// another object, even an equal one, rebuilds it, so making a field unique, changing its type or
// renaming it never meets a map built under other rules.
import type { JsonObject } from '../model/app.js';
import type { Table } from '../store/store.js';
import { isEmptyValue, typeOf, type StoredRecord } from './model.js';
import { followRecordWrite } from './id-index.js';

/** What two records of one unique field clash on; undefined for an empty value (never a clash). */
export function uniqueKey(
  code: string,
  field: JsonObject,
  record: StoredRecord | undefined,
): string | undefined {
  const value = record?.[code]?.value;
  if (isEmptyValue(value)) return undefined;
  // "1", "1.0" and "01" are one number.
  return field.type === 'NUMBER' ? String(Number(value)) : JSON.stringify(value);
}

/** The records holding each value of one field. More than one can (a NUMBER "1" and "1.0" kept from before). */
export class UsedValues {
  /**
   * Each value's holder, or its holders when more than one. A set per value (with a map from
   * each record back to its value) cost every stored record two entries and a set, kept as long
   * as the records, for the garbage collector to walk.
   */
  private readonly holders = new Map<string, string | Set<string>>();

  constructor(
    readonly code: string,
    readonly field: JsonObject,
    public version: number,
  ) {}

  /** Whether a record other than those in `except` holds `key`. */
  heldOutside(key: string, except: ReadonlySet<string>): boolean {
    const held = this.holders.get(key);
    if (typeof held === 'string') return !except.has(held);
    if (held) for (const id of held) if (!except.has(id)) return true;
    return false;
  }

  /** The records holding `key` (none: an empty set). */
  holdersOf(key: string): ReadonlySet<string> {
    const held = this.holders.get(key);
    return typeof held === 'string' ? new Set([held]) : (held ?? NO_HOLDERS);
  }

  /**
   * Records that `id`, which held `previous` (as this index has it: the index is current), now
   * holds `record` (undefined for either: no record).
   */
  set(id: string, previous: StoredRecord | undefined, record: StoredRecord | undefined): void {
    const before = uniqueKey(this.code, this.field, previous);
    const after = uniqueKey(this.code, this.field, record);
    if (before === after) return;
    if (before !== undefined) this.release(before, id);
    if (after !== undefined) this.hold(after, id);
  }

  private release(key: string, id: string): void {
    const held = this.holders.get(key);
    if (typeof held !== 'object') {
      this.holders.delete(key);
      return;
    }
    held.delete(id);
    if (held.size === 1) this.holders.set(key, held.values().next().value!);
  }

  private hold(key: string, id: string): void {
    const held = this.holders.get(key);
    if (held === undefined) this.holders.set(key, id);
    else if (typeof held === 'string') this.holders.set(key, new Set([held, id]));
    else held.add(id);
  }
}

const NO_HOLDERS: ReadonlySet<string> = new Set();

const indexes = new WeakMap<Table<StoredRecord>, Map<string, UsedValues>>();

/** The values `field` (code `code`) holds in the table's records now: the kept index, or a new one. */
export function usedValues(table: Table<StoredRecord>, code: string, field: JsonObject): UsedValues {
  let byCode = indexes.get(table);
  if (!byCode) {
    byCode = new Map<string, UsedValues>();
    indexes.set(table, byCode);
  }
  const kept = byCode.get(code);
  if (kept && kept.field === field && kept.version === table.version) return kept;
  const built = new UsedValues(code, field, table.version);
  for (const [id, record] of table.entries()) built.set(id, undefined, record);
  byCode.set(code, built);
  return built;
}

/**
 * The record an update's `updateKey` names: the one whose unique field `code` holds `value` as
 * the field's index keys it (a NUMBER as a number: "1" finds "1.0"), the first in storage order
 * when several do (values kept from before the field was unique); undefined when none does.
 * What a scan of every record found, for every value a write can store, at the cost of a lookup.
 */
export function recordHolding(
  table: Table<StoredRecord>,
  code: string,
  field: JsonObject,
  value: string,
): string | undefined {
  // A value that is not a number names no NUMBER record (NaN equals nothing).
  if (field.type === 'NUMBER' && Number.isNaN(Number(value))) return undefined;
  const key = uniqueKey(code, field, { [code]: { type: typeOf(field), value } });
  if (key === undefined) return undefined;
  const holders = usedValues(table, code, field).holdersOf(key);
  if (holders.size <= 1) return holders.values().next().value;
  for (const id of table.raw.keys()) if (holders.has(id)) return id;
  return undefined;
}

/** Stops keeping the indexes of fields that are no longer unique (they would only cost writes). */
export function keepOnly(table: Table<StoredRecord>, codes: ReadonlySet<string>): void {
  const byCode = indexes.get(table);
  if (byCode) for (const code of byCode.keys()) if (!codes.has(code)) byCode.delete(code);
}

/**
 * `table.put`, keeping the table's unique-value indexes current (see the invariant above), and
 * its `$id` index (id-index.ts, which follows writes by the same rule).
 */
export function putRecord(table: Table<StoredRecord>, id: string, record: StoredRecord): void {
  const before = table.version;
  const previous = table.get(id);
  table.put(id, record);
  follow(table, before, id, previous, record);
  followRecordWrite(table, before, previous, record);
}

/** `table.delete`, keeping the table's unique-value indexes and its `$id` index current. */
export function deleteRecord(table: Table<StoredRecord>, id: string): void {
  const before = table.version;
  const previous = table.get(id);
  table.delete(id);
  follow(table, before, id, previous, undefined);
  followRecordWrite(table, before, previous, undefined);
}

function follow(
  table: Table<StoredRecord>,
  before: number,
  id: string,
  previous: StoredRecord | undefined,
  record: StoredRecord | undefined,
): void {
  const byCode = indexes.get(table);
  if (!byCode || table.version !== before + 1) return;
  for (const index of byCode.values()) {
    if (index.version !== before) continue;
    index.set(id, previous, record);
    index.version = table.version;
  }
}
