import { createHash } from 'node:crypto';
import {
  closeSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';
import { syncDir } from './durable-folder.js';

/**
 * File contents, addressed by their SHA-256. Kept out of the journal so a 20 MB upload is one
 * file write, not a 27 MB JSON line. With a data directory each blob is durable before the
 * journal line that refers to it: written to a temporary name, fsynced, renamed to its content's
 * name, and the blob folder fsynced (the rename is only on disk once its folder is). A blob with
 * no reference left is harmless; a reference whose blob a crash of older data left missing or
 * short is found at start (model/lost-files.ts).
 */
export class BlobStore {
  private readonly memory = new Map<string, Buffer>();
  private readonly dir: string | null;

  constructor(private readonly dataDir: string | null) {
    this.dir = dataDir === null ? null : join(dataDir, 'blobs');
    if (this.dir && mkdirSync(this.dir, { recursive: true }) !== undefined) syncDir(dataDir!);
  }

  put(content: Buffer): string {
    const id = createHash('sha256').update(content).digest('hex');
    if (this.dir) {
      const path = join(this.dir, id);
      // A blob already whole is kept; a short one (set aside at start, or damaged since) is written again.
      if (this.sizeOnDisk(id) !== content.length) {
        // Written aside and renamed, so a crash never leaves a torn file under the content's name.
        const fd = openSync(`${path}.tmp`, 'w');
        try {
          for (let written = 0; written < content.length;)
            written += writeSync(fd, content, written, content.length - written);
          fsyncSync(fd);
        } finally {
          closeSync(fd);
        }
        renameSync(`${path}.tmp`, path);
        syncDir(this.dir);
      }
    } else {
      this.memory.set(id, content);
    }
    return id;
  }

  get(id: string): Buffer | undefined {
    if (!this.dir) return this.memory.get(id);
    try {
      return readFileSync(join(this.dir, id));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  /** How many bytes of the blob are on disk (in memory: its length); undefined when it is absent. */
  sizeOnDisk(id: string): number | undefined {
    if (!this.dir) return this.memory.get(id)?.length;
    return statSync(join(this.dir, id), { throwIfNoEntry: false })?.size;
  }

  /**
   * Moves a blob shorter than its content aside (`<id>.partial`), so that it is never served as
   * if whole and the next upload of the content writes it again.
   */
  setAside(id: string): void {
    if (this.dir) renameSync(join(this.dir, id), join(this.dir, `${id}.partial`));
    else this.memory.delete(id);
  }

  clear(): void {
    this.memory.clear();
    if (this.dir) {
      rmSync(this.dir, { recursive: true, force: true });
      mkdirSync(this.dir, { recursive: true });
      syncDir(this.dataDir!);
    }
  }
}
