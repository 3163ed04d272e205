import type { Json } from '../model/app.js';
import { idOf, type StoredRecord } from '../records/model.js';
import type { EmulatorContext } from '../context.js';
import type { Store, Table } from '../store/store.js';

/**
 * Which records hold each record attachment: the app and the ids of its records whose FILE
 * values (top-level or in a subtable cell) name the key. A download looks its holders up here
 * instead of scanning the app's records. It lives in tables, so a write that fails rolls it back
 * with the records and the journal keeps it; it is derived from the records once, when a store
 * written without it is opened (migrations/), and kept by every record write after that.
 *
 * The holders of a key are a list linked through one row per (key, record), in numeric id order:
 * a write journals only its own row, its neighbours and the head, however many records share the
 * key (a single document listing them all made each write copy and journal the whole list), and
 * a lookup follows the links instead of scanning (the store's tables are maps, with no prefix
 * search for "every row of this key").
 */
export const RECORD_FILES_TABLE = 'recordFiles';
export const RECORD_FILE_LINKS_TABLE = 'recordFileLinks';

/** Table `recordFiles`, keyed by attachment key: the app whose records hold it, and its first and last holder. */
export interface RecordFileHolders {
  readonly app: string;
  readonly first: string;
  readonly last: string;
}

/** Table `recordFileLinks`, keyed by `linkKey(fileKey, recordId)`: the holders before and after, by id. */
export interface RecordFileLink {
  readonly prev: string | null;
  readonly next: string | null;
}

export const linkKey = (fileKey: string, recordId: string): string => `${fileKey}\u0000${recordId}`;

/** The two tables as one value: what the derivation returns and what the store holds. */
export interface RecordFileIndex {
  readonly holders: ReadonlyMap<string, RecordFileHolders>;
  readonly links: ReadonlyMap<string, RecordFileLink>;
}

/** Record ids are numbers; the lists keep them in numeric order so that upkeep and derivation agree. */
const idOrder = (a: string, b: string): number => Number(a) - Number(b);

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
  const was = before ? fileKeysOf(before) : NO_KEYS;
  const now = after ? fileKeysOf(after) : NO_KEYS;
  if (was.size === 0 && now.size === 0) return;
  const id = idOf((after ?? before)!);
  const tables = indexTables(ctx.store);
  for (const key of was) if (!now.has(key)) unlink(tables, key, appId, id);
  for (const key of now) if (!was.has(key)) link(tables, key, appId, id);
}

/** The ids of the records of `appId` that hold the attachment key, in id order (none when it is not a record file there). */
export function recordsHolding(ctx: EmulatorContext, appId: string, fileKey: string): string[] {
  const { holders, links } = indexTables(ctx.store);
  const head = holders.get(fileKey);
  if (head?.app !== appId) return [];
  const ids: string[] = [];
  for (let id: string | null = head.first; id !== null;) {
    const at = links.get(linkKey(fileKey, id));
    // A missing link, or a list longer than the table (a cycle), is a bug: reported, not looped on.
    if (!at || ids.length >= links.size)
      throw new Error(`the record file index of ${fileKey} is broken at record ${id}`);
    ids.push(id);
    id = at.next;
  }
  return ids;
}

interface IndexTables {
  readonly holders: Table<RecordFileHolders>;
  readonly links: Table<RecordFileLink>;
}

export function indexTables(store: Store): IndexTables {
  return {
    holders: store.table<RecordFileHolders>(RECORD_FILES_TABLE),
    links: store.table<RecordFileLink>(RECORD_FILE_LINKS_TABLE),
  };
}

/**
 * Adds record `id` to the key's list, in id order. A key listed for another app is left alone:
 * only its owner app's records hold it (a write elsewhere cannot attach it, see attachFileKey;
 * only data older than file owners lets another app's record name it, and the derivation leaves
 * those out too).
 */
function link({ holders, links }: IndexTables, fileKey: string, app: string, id: string): void {
  const head = holders.get(fileKey);
  if (!head) {
    holders.put(fileKey, { app, first: id, last: id });
    links.put(linkKey(fileKey, id), { prev: null, next: null });
    return;
  }
  if (head.app !== app || links.has(linkKey(fileKey, id))) return;
  // Walk back from the last holder: a new record has the highest id, so this stops at once.
  let prev: string | null = head.last;
  while (prev !== null && idOrder(prev, id) > 0) prev = links.get(linkKey(fileKey, prev))!.prev;
  const next = prev === null ? head.first : links.get(linkKey(fileKey, prev))!.next;
  links.put(linkKey(fileKey, id), { prev, next });
  if (prev !== null) links.put(linkKey(fileKey, prev), { ...links.get(linkKey(fileKey, prev))!, next: id });
  if (next !== null) links.put(linkKey(fileKey, next), { ...links.get(linkKey(fileKey, next))!, prev: id });
  if (prev === null || next === null)
    holders.put(fileKey, {
      app,
      first: prev === null ? id : head.first,
      last: next === null ? id : head.last,
    });
}

/** Takes record `id` of `app` out of the key's list; the key goes when no record holds it. */
function unlink({ holders, links }: IndexTables, fileKey: string, app: string, id: string): void {
  const head = holders.get(fileKey);
  const at = links.get(linkKey(fileKey, id));
  // Under another app's list this record (older data, see link) was never a holder; its id may
  // even be a holder's id in that app, so the list is left alone.
  if (!head || head.app !== app || !at) return;
  links.delete(linkKey(fileKey, id));
  if (at.prev !== null)
    links.put(linkKey(fileKey, at.prev), { ...links.get(linkKey(fileKey, at.prev))!, next: at.next });
  if (at.next !== null)
    links.put(linkKey(fileKey, at.next), { ...links.get(linkKey(fileKey, at.next))!, prev: at.prev });
  const first = at.prev === null ? at.next : head.first;
  const last = at.next === null ? at.prev : head.last;
  if (first === null || last === null) holders.delete(fileKey);
  else if (first !== head.first || last !== head.last) holders.put(fileKey, { app, first, last });
}

/** One app's records, as the derivation reads them. */
export type AppRecords = readonly [
  app: string,
  records: Iterable<readonly [id: string, record: StoredRecord]>,
];

/**
 * The index the records imply (pure; the migration writes it, tests compare the kept index with
 * it). A key is held by the records of one app: the app its file's recorded owner names
 * (`recordOwner`), or, for a file stored before owners were recorded, the lowest numeric app id
 * among those whose records name it, so that the owner derived from this index afterwards is the
 * same app and deriving again gives the same index. Other apps' records naming the key are no
 * holders (they cannot send it back either).
 */
export function deriveRecordFileIndex(
  apps: Iterable<AppRecords>,
  recordOwner: (fileKey: string) => string | undefined,
): RecordFileIndex {
  const held = new Map<string, { app: string; ids: string[] }>();
  for (const [app, records] of [...apps].sort(([a], [b]) => idOrder(a, b)))
    for (const [id, record] of records)
      for (const key of fileKeysOf(record)) {
        let entry = held.get(key);
        if (!entry) held.set(key, (entry = { app: recordOwner(key) ?? app, ids: [] }));
        if (entry.app === app) entry.ids.push(id);
      }
  const holders = new Map<string, RecordFileHolders>();
  const links = new Map<string, RecordFileLink>();
  for (const [key, { app, ids }] of held) {
    if (ids.length === 0) continue;
    ids.sort(idOrder);
    holders.set(key, { app, first: ids[0]!, last: ids.at(-1)! });
    ids.forEach((id, i) =>
      links.set(linkKey(key, id), { prev: ids[i - 1] ?? null, next: ids[i + 1] ?? null }),
    );
  }
  return { holders, links };
}

const NO_KEYS: ReadonlySet<string> = new Set();

/** Every attachment key the record's FILE values hold, subtable cells included. */
export function fileKeysOf(record: StoredRecord): ReadonlySet<string> {
  // This runs twice for every record a write touches, and most records hold no file: nothing is
  // made for a field that cannot hold one, nor for a record that holds none.
  // The type first, the own-property check only for a field that can hold a file: Object.hasOwn on
  // every field was most of the cost (fileKeysOf ~12 ms of the migrate bench's 20,000 updates).
  let keys: Set<string> | undefined;
  for (const code in record) {
    const type = record[code]?.type;
    if (type !== 'FILE' && type !== 'SUBTABLE') continue;
    if (!Object.hasOwn(record, code)) continue;
    for (const key of keysIn(record[code]!)) (keys ??= new Set()).add(key);
  }
  return keys ?? NO_KEYS;
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
