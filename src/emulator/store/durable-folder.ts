import { closeSync, fsyncSync, mkdirSync, openSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * A rename or a new file is durable only once its folder is fsynced: fsync of the file keeps its
 * bytes, not its name. So a blob renamed into place, a snapshot renamed over the old one, a new
 * journal or a new folder each sync the folder that names it before anything refers to it.
 */
export function syncDir(dir: string): void {
  try {
    const fd = openSync(dir, 'r');
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  } catch {
    // Some file systems refuse fsync on a directory; the rename is still atomic there.
  }
}

/** Makes `dir` (and missing parents), each new folder's name synced in its parent. */
export function makeFolderDurably(dir: string): void {
  const first = mkdirSync(dir, { recursive: true });
  if (first === undefined) return;
  for (let made = dir; ; made = dirname(made)) {
    syncDir(dirname(made));
    if (made === first || dirname(made) === made) return;
  }
}
