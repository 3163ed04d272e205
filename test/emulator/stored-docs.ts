import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The current documents of one store table in a data directory, replayed from its journal. Some
 * attachment keys (thread comments, plug-in packages, guest images) are never shown by the
 * interface, which has no GET for them: tests read them where the service keeps them.
 */
export function storedDocs<T>(dataDir: string, table: string): T[] {
  const docs = new Map<string, T>();
  for (const line of readFileSync(join(dataDir, 'journal.jsonl'), 'utf8').split('\n')) {
    if (line === '') continue;
    for (const [name, key, value] of JSON.parse(line) as [string, string, T | null][]) {
      if (name !== table) continue;
      if (value === null) docs.delete(key);
      else docs.set(key, value);
    }
  }
  return [...docs.values()];
}
