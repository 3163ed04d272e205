import {
  closeSync,
  existsSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  statSync,
  writeSync,
  ftruncateSync,
} from 'node:fs';
import { join } from 'node:path';

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
    mkdirSync(dir, { recursive: true });
    const snapshotPath = join(dir, 'snapshot.json');
    const snapshot: Snapshot = existsSync(snapshotPath)
      ? (JSON.parse(readFileSync(snapshotPath, 'utf8')) as Snapshot)
      : { tables: {} };
    const journalPath = join(dir, 'journal.jsonl');
    const changes: Change[][] = [];
    if (existsSync(journalPath)) {
      const text = readFileSync(journalPath, 'utf8');
      let validBytes = 0;
      for (const line of text.split('\n')) {
        if (line === '') break;
        let parsed: Change[];
        try {
          parsed = JSON.parse(line) as Change[];
        } catch {
          break; // torn write: everything from here on was never acknowledged
        }
        changes.push(parsed);
        validBytes += Buffer.byteLength(line) + 1;
      }
      if (validBytes < Buffer.byteLength(text)) {
        const fd = openSync(journalPath, 'r+');
        ftruncateSync(fd, validBytes);
        fsyncSync(fd);
        closeSync(fd);
      }
    }
    return { journal: new Journal(dir, compactAtBytes), snapshot, changes };
  }

  private get journalPath(): string {
    return join(this.dir, 'journal.jsonl');
  }

  /** Appends one transaction and waits for the disk. Returns true when a compaction is due. */
  append(changes: Change[]): boolean {
    const line = Buffer.from(JSON.stringify(changes) + '\n');
    writeSync(this.fd, line);
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

function syncDir(dir: string): void {
  try {
    const fd = openSync(dir, 'r');
    fsyncSync(fd);
    closeSync(fd);
  } catch {
    // Some file systems refuse fsync on a directory; the rename is still atomic there.
  }
}
