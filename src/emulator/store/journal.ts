import {
  closeSync,
  existsSync,
  fsyncSync,
  openSync,
  readFileSync,
  renameSync,
  statSync,
  writeSync,
  ftruncateSync,
} from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { makeFolderDurably, syncDir } from './durable-folder.js';

/** One change to one table entry: `null` value means deleted. Entries are whole values, so replay is idempotent. */
export type Change = [table: string, key: string, value: unknown];

export interface Snapshot {
  tables: Record<string, [string, unknown][]>;
}

/**
 * Durability for the store: a write-ahead journal of whole-value changes, one JSON line per
 * transaction, fsynced before the request is answered; compacted into `snapshot.json` when it
 * grows. Why a journal and not SQLite: no native build on install, and the store is a map of JSON
 * documents whose every change is already a whole value, so replay is a plain idempotent put. A
 * torn last line (crash mid-write) fails to parse and is dropped: it was never acknowledged.
 */
export class Journal {
  private fd: number;
  private bytes: number;

  private constructor(
    private readonly dir: string,
    private readonly compactAtBytes: number,
  ) {
    this.fd = openSync(this.journalPath, 'a');
    this.bytes = statSync(this.journalPath).size;
  }

  static open(
    dir: string,
    compactAtBytes = 64 * 1024 * 1024,
  ): { journal: Journal; snapshot: Snapshot; changes: Change[][] } {
    makeFolderDurably(dir);
    const snapshot = readSnapshot(join(dir, 'snapshot.json'));
    const journalPath = join(dir, 'journal.jsonl');
    const changes: Change[][] = [];
    const fresh = !existsSync(journalPath);
    if (!fresh) {
      const { lines, validBytes, totalBytes } = readJournal(journalPath);
      changes.push(...lines);
      if (validBytes < totalBytes) {
        const fd = openSync(journalPath, 'r+');
        ftruncateSync(fd, validBytes);
        fsyncSync(fd);
        closeSync(fd);
      }
    }
    const journal = new Journal(dir, compactAtBytes);
    // The new journal's name reaches the disk before any line in it is acknowledged.
    if (fresh) syncDir(dir);
    return { journal, snapshot, changes };
  }

  private get journalPath(): string {
    return join(this.dir, 'journal.jsonl');
  }

  /** Appends one transaction and waits for the disk. Returns true when a compaction is due. */
  append(changes: Change[]): boolean {
    const line = Buffer.from(JSON.stringify(changes) + '\n');
    // writeSync may write part of a buffer; the rest must follow, or the next line is glued on.
    for (let written = 0; written < line.length;)
      written += writeSync(this.fd, line, written, line.length - written);
    fsyncSync(this.fd);
    this.bytes += line.length;
    return this.bytes >= this.compactAtBytes;
  }

  /** Writes a full snapshot atomically (temp file, fsync, rename), then empties the journal. */
  compact(snapshot: Snapshot): void {
    const tmp = join(this.dir, 'snapshot.json.tmp');
    const fd = openSync(tmp, 'w');
    writeSync(fd, JSON.stringify(snapshot));
    fsyncSync(fd);
    closeSync(fd);
    renameSync(tmp, join(this.dir, 'snapshot.json'));
    syncDir(this.dir);
    // A crash here leaves the old journal beside the new snapshot: replaying whole values is harmless.
    ftruncateSync(this.fd, 0);
    fsyncSync(this.fd);
    this.bytes = 0;
  }

  close(): void {
    closeSync(this.fd);
  }
}

/**
 * The transactions of the journal, and how many of its bytes hold them. Only a line ended by its
 * newline counts: `append` writes the line and its newline in one write and answers after the
 * fsync, so a crash can cut the last line anywhere, just before its newline included (that part
 * still parses, and the next append would be glued onto it, losing both on the next start). That
 * last part is dropped: it was never acknowledged. A line that does not parse with more lines after
 * it is no crash's doing (the file was damaged or edited): the start is refused, the file left as
 * it is, rather than everything after it thrown away.
 */
function readJournal(path: string): { lines: Change[][]; validBytes: number; totalBytes: number } {
  const text = readFileSync(path, 'utf8');
  const parts = text.split('\n');
  // The part after the last newline: empty, or a line cut short by a crash.
  parts.pop();
  const lines: Change[][] = [];
  let validBytes = 0;
  for (const [i, line] of parts.entries()) {
    const parsed = parseLine(line);
    if (parsed === undefined) {
      if (i < parts.length - 1)
        throw damaged(path, `line ${i + 1} is not a transaction, and ${parts.length - 1 - i} more follow it`);
      break; // the last whole line cannot be torn (its newline was written after it); skipped all the same
    }
    lines.push(parsed);
    validBytes += Buffer.byteLength(line) + 1;
  }
  return { lines, validBytes, totalBytes: Buffer.byteLength(text) };
}

/** A journal line's transaction: an array of [table, key, value]; undefined when it is not one. */
function parseLine(line: string): Change[] | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(line);
  } catch {
    return undefined;
  }
  const isChange = (c: unknown) =>
    Array.isArray(c) && c.length === 3 && typeof c[0] === 'string' && typeof c[1] === 'string';
  return Array.isArray(parsed) && parsed.every(isChange) ? (parsed as Change[]) : undefined;
}

/** The snapshot, written whole (temp file, fsync, rename) or not at all, so one that does not parse was damaged. */
function readSnapshot(path: string): Snapshot {
  if (!existsSync(path)) return { tables: {} };
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw damaged(path, `it is not JSON (${(error as Error).message})`);
  }
  const tables = (parsed as { tables?: unknown } | null)?.tables;
  if (tables === null || typeof tables !== 'object' || Array.isArray(tables))
    throw damaged(path, 'it holds no tables');
  return parsed as Snapshot;
}

/**
 * Why a data folder cannot be loaded, and what to do. A crash never causes this (a torn last
 * journal line is dropped, the snapshot is renamed into place whole): the file was damaged or
 * edited, and the service will not guess which writes to keep. The emulator command's hint for
 * it matches "in the data folder ... is damaged" (cli/commands/emulator.ts).
 */
function damaged(path: string, why: string): Error {
  return new Error(
    `${basename(path)} in the data folder ${dirname(path)} is damaged: ${why}; a crash does not do this (the file was changed outside the service)`,
  );
}
