import { recordsTable, type Json } from '../model/app.js';
import { idOf, type StoredRecord } from './model.js';
import type { EmulatorContext } from '../context.js';
import type { Store } from '../store/store.js';

/**
 * Which records hold each record attachment (table `recordFiles`, keyed by attachment key): the
 * app and the ids of its records whose FILE values (top-level or in a subtable cell) name the
 * key. A download looks its holders up here instead of scanning the app's records. It is a
 * table, so a write that fails rolls it back with the records, and the journal keeps it;
 * `rebuildRecordFileIndex` derives it again from the records when the store opens.
 */
export const RECORD_FILES_TABLE = 'recordFiles';

export interface RecordFileHolders {
  readonly app: string;
  /** Record ids, in the order they came to hold the key. */
  readonly records: readonly string[];
}

const RECORDS_PREFIX = recordsTable('');

/**
 * Keeps the index true after one record write: `before` undefined for a new record, `after`
 * undefined for a deleted one. Call inside the write's `store.transaction`, after the put.
 */
export function reindexRecordFiles(
  ctx: EmulatorContext,
  appId: string,
  before: StoredRecord | undefined,
  after: StoredRecord | undefined,
): void {
  const id = idOf((after ?? before)!);
  const was = before ? fileKeysOf(before) : new Set<string>();
  const now = after ? fileKeysOf(after) : new Set<string>();
  const table = ctx.store.table<RecordFileHolders>(RECORD_FILES_TABLE);
  for (const key of was) {
    if (now.has(key)) continue;
    const records = (table.get(key)?.records ?? []).filter((r) => r !== id);
    if (records.length === 0) table.delete(key);
    else table.put(key, { app: appId, records });
  }
  for (const key of now) {
    if (was.has(key)) continue;
    const records = table.get(key)?.records ?? [];
    if (!records.includes(id)) table.put(key, { app: appId, records: [...records, id] });
  }
}

/** The ids of the records of `appId` that hold the attachment key (none when it is not a record file there). */
export function recordsHolding(ctx: EmulatorContext, appId: string, fileKey: string): readonly string[] {
  const holders = ctx.store.table<RecordFileHolders>(RECORD_FILES_TABLE).get(fileKey);
  return holders?.app === appId ? holders.records : [];
}

/**
 * Derives the index from the records and writes what differs (nothing, unless the data was
 * written by a version without the index). Call once when the store opens.
 */
export function rebuildRecordFileIndex(store: Store): void {
  const derived = new Map<string, RecordFileHolders>();
  for (const name of store.tableNames()) {
    if (!name.startsWith(RECORDS_PREFIX)) continue;
    const app = name.slice(RECORDS_PREFIX.length);
    for (const [id, record] of store.table<StoredRecord>(name).entries())
      for (const key of fileKeysOf(record)) {
        const records = derived.get(key)?.records ?? [];
        derived.set(key, { app, records: [...records, id] });
      }
  }
  const table = store.table<RecordFileHolders>(RECORD_FILES_TABLE);
  const same = (a: RecordFileHolders | undefined, b: RecordFileHolders): boolean =>
    a !== undefined && a.app === b.app && a.records.join(',') === b.records.join(',');
  const stale = [...table.entries()].map(([key]) => key).filter((key) => !derived.has(key));
  const changed = [...derived].filter(([key, holders]) => !same(table.get(key), holders));
  if (stale.length === 0 && changed.length === 0) return;
  store.transaction(() => {
    for (const key of stale) table.delete(key);
    for (const [key, holders] of changed) table.put(key, holders);
  });
}

/** Every attachment key the record's FILE values hold, subtable cells included. */
export function fileKeysOf(record: StoredRecord): Set<string> {
  const keys = new Set<string>();
  for (const field of Object.values(record)) for (const key of keysIn(field)) keys.add(key);
  return keys;
}

/** The top-level field of the record (a FILE field, or the subtable around one) that holds the key. */
export function fieldHolding(record: StoredRecord, fileKey: string): string | undefined {
  for (const [code, field] of Object.entries(record)) if (keysIn(field).includes(fileKey)) return code;
  return undefined;
}

/** The keys one top-level field holds: its own FILE value, or the FILE cells of a subtable's rows. */
function keysIn(field: { readonly type: string; readonly value: Json }): string[] {
  if (field.type === 'FILE') return fileValueKeys(field.value);
  if (field.type !== 'SUBTABLE' || !Array.isArray(field.value)) return [];
  const rows = field.value as { value?: Record<string, { type: string; value: Json }> }[];
  return rows.flatMap((row) =>
    Object.values(row.value ?? {}).flatMap((cell) => (cell.type === 'FILE' ? fileValueKeys(cell.value) : [])),
  );
}

function fileValueKeys(value: Json): string[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((v) =>
    typeof v === 'object' && v !== null && !Array.isArray(v) && typeof v.fileKey === 'string'
      ? [v.fileKey]
      : [],
  );
}
