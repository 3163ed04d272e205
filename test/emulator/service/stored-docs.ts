import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  RECORD_FILES_TABLE,
  RECORD_FILE_LINKS_TABLE,
  deriveRecordFileIndex,
  type RecordFileHolders,
  type RecordFileIndex,
  type RecordFileLink,
} from '../../../src/emulator/file-index/record-files.js';
import type { StoredRecord } from '../../../src/emulator/records/model.js';

/**
 * Every table of a data directory as the store loads it: snapshot.json, then journal.jsonl
 * replayed over it (up to a torn last line). Some attachment keys (thread comments, plug-in
 * packages, guest images) are never shown by the interface, which has no GET for them, and the
 * record file index is internal: tests read them where the service keeps them.
 */
export function storedTables(dataDir: string): Map<string, Map<string, unknown>> {
  const tables = new Map<string, Map<string, unknown>>();
  const table = (name: string) => tables.get(name) ?? tables.set(name, new Map()).get(name)!;
  const snapshot = join(dataDir, 'snapshot.json');
  if (existsSync(snapshot)) {
    const parsed = JSON.parse(readFileSync(snapshot, 'utf8')) as {
      tables: Record<string, [string, unknown][]>;
    };
    for (const [name, entries] of Object.entries(parsed.tables))
      for (const [k, v] of entries) table(name).set(k, v);
  }
  const journal = join(dataDir, 'journal.jsonl');
  const lines = existsSync(journal) ? readFileSync(journal, 'utf8').split('\n') : [];
  for (const line of lines) {
    let changes: [string, string, unknown][];
    try {
      changes = JSON.parse(line) as [string, string, unknown][];
    } catch {
      break; // the store drops a torn last line too
    }
    for (const [name, key, value] of changes) {
      if (value === null) table(name).delete(key);
      else table(name).set(key, value);
    }
  }
  return tables;
}

/** The current documents of one store table, keyed as stored. */
export function storedEntries<T>(dataDir: string, table: string): Map<string, T> {
  return (storedTables(dataDir).get(table) ?? new Map()) as Map<string, T>;
}

/** The current documents of one store table. */
export function storedDocs<T>(dataDir: string, table: string): T[] {
  return [...storedEntries<T>(dataDir, table).values()];
}

/**
 * The record file index a data directory holds, next to the one its records and file owners
 * imply: after any write they must be equal (the index is derived only once, when an older
 * store is opened, so a mistake in its upkeep would otherwise last).
 */
export function keptAndDerivedIndex(dataDir: string): { kept: RecordFileIndex; derived: RecordFileIndex } {
  const tables = storedTables(dataDir);
  const files = (tables.get('files') ?? new Map()) as Map<string, { owner?: { kind: string; app?: string } }>;
  const apps = [...tables]
    .filter(([name]) => name.startsWith('records:'))
    .map(([name, records]) => [name.slice('records:'.length), records as Map<string, StoredRecord>] as const);
  const derived = deriveRecordFileIndex(apps, (key) => {
    const owner = files.get(key)?.owner;
    return owner?.kind === 'record' ? owner.app : undefined;
  });
  const kept = {
    holders: (tables.get(RECORD_FILES_TABLE) ?? new Map()) as Map<string, RecordFileHolders>,
    links: (tables.get(RECORD_FILE_LINKS_TABLE) ?? new Map()) as Map<string, RecordFileLink>,
  };
  return { kept, derived };
}
