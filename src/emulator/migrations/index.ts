import { FILES_TABLE, type StoredFile } from '../model/files.js';
import { recordsTable } from '../model/app.js';
import {
  deriveRecordFileIndex,
  indexTables,
  type AppRecords,
  type RecordFileIndex,
} from '../file-index/record-files.js';
import { deriveFileOwners } from './file-owners.js';
import type { StoredRecord } from '../records/model.js';
import type { Store, Table } from '../store/store.js';

/**
 * Table `meta`, key `format`: the data format the store was last brought up to. Work that derives
 * something from all of the data runs once, when a store below the current format is opened, in
 * one transaction that also raises the marker: a crash leaves either the old format (and the next
 * start does it again; it only writes what differs) or the new one with its marker. Not on every
 * start: deriving the record file index walks every record (about 70 ms per 20,000), and
 * re-deriving would quietly repair any upkeep mistake that tests should see instead.
 *
 * Why a marker and not "the index is absent": a store without attachments has no index in any
 * version, and a store written by the first version of the index holds it in another form.
 * The control API's reset empties every table, the marker too: the next start then derives once
 * more, from records that the current version wrote (nothing to repair, one pass of cost).
 */
export const META_TABLE = 'meta';
const FORMAT_KEY = 'format';

/** 1: every attachment has an owner, and the record file index is kept as linked rows. */
export const STORE_FORMAT = 1;

/** Brings a store written by an older version up to the current format; call once when it opens. */
export function migrateStore(store: Store): void {
  const meta = store.table<{ version: number }>(META_TABLE);
  if ((meta.get(FORMAT_KEY)?.version ?? 0) >= STORE_FORMAT) return;
  store.transaction(() => {
    // The index first: the owners of old record attachments are read from it, so both name one app.
    deriveFileOwners(store, writeDerivedRecordFileIndex(store));
    meta.put(FORMAT_KEY, { version: STORE_FORMAT });
  });
}

/** Derives the record file index from the records and writes what differs from the stored one. */
function writeDerivedRecordFileIndex(store: Store): RecordFileIndex {
  const files = store.table<Partial<StoredFile>>(FILES_TABLE);
  const prefix = recordsTable('');
  const apps = store
    .tableNames()
    .filter((name) => name.startsWith(prefix))
    .map((name): AppRecords => [name.slice(prefix.length), store.table<StoredRecord>(name).entries()]);
  const derived = deriveRecordFileIndex(apps, (key) => {
    const owner = files.get(key)?.owner;
    return owner?.kind === 'record' ? owner.app : undefined;
  });
  const { holders, links } = indexTables(store);
  writeExactly(holders, derived.holders);
  writeExactly(links, derived.links);
  return derived;
}

/** Makes the table hold exactly `wanted` (documents of an older form differ, and are replaced or deleted). */
function writeExactly<T extends object>(table: Table<T>, wanted: ReadonlyMap<string, T>): void {
  for (const key of [...table.entries()].map(([key]) => key)) if (!wanted.has(key)) table.delete(key);
  for (const [key, doc] of wanted) {
    const stored = table.get(key);
    if (!stored || !sameFields(stored, doc)) table.put(key, doc);
  }
}

function sameFields(a: object, b: object): boolean {
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  const keys = Object.keys(x);
  return keys.length === Object.keys(y).length && keys.every((k) => x[k] === y[k]);
}
