/**
 * Hashes of the files the service holds (icons, customization files), so that areas compare
 * them with local files by content: the planner reads them to diff, apply to check what it wrote.
 */
import type { Client } from '../client/index.js';

/** Hashes of files the service holds, each downloaded once per run. */
export function downloadHasher(client: Client): (fileKey: string) => Promise<string> {
  const seen = new Map<string, Promise<string>>();
  return (fileKey) => {
    let hash = seen.get(fileKey);
    if (!hash) {
      hash = client.files.downloadHash({ fileKey }).then(({ sha256 }) => sha256);
      seen.set(fileKey, hash);
    }
    return hash;
  };
}
