import { createHash } from 'node:crypto';
import {
  closeSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  writeSync,
  existsSync,
} from 'node:fs';
import { join } from 'node:path';

/**
 * File contents, addressed by their SHA-256. Kept out of the journal so a 20 MB upload is one
 * file write, not a 27 MB JSON line. With a data directory each blob is on disk (fsynced) before
 * the journal line that refers to it; a blob with no reference left is harmless.
 */
export class BlobStore {
  private readonly memory = new Map<string, Buffer>();
  private readonly dir: string | null;

  constructor(dataDir: string | null) {
    this.dir = dataDir === null ? null : join(dataDir, 'blobs');
    if (this.dir) mkdirSync(this.dir, { recursive: true });
  }

  put(content: Buffer): string {
    const id = createHash('sha256').update(content).digest('hex');
    if (this.dir) {
      const path = join(this.dir, id);
      if (!existsSync(path)) {
        // Written aside and renamed, so a crash never leaves a torn file under the content's name.
        const fd = openSync(`${path}.tmp`, 'w');
        writeSync(fd, content);
        fsyncSync(fd);
        closeSync(fd);
        renameSync(`${path}.tmp`, path);
      }
    } else {
      this.memory.set(id, content);
    }
    return id;
  }

  get(id: string): Buffer | undefined {
    if (!this.dir) return this.memory.get(id);
    const path = join(this.dir, id);
    return existsSync(path) ? readFileSync(path) : undefined;
  }

  clear(): void {
    this.memory.clear();
    if (this.dir) {
      rmSync(this.dir, { recursive: true, force: true });
      mkdirSync(this.dir, { recursive: true });
    }
  }
}
