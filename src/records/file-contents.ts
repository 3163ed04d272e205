/**
 * Whether a file of the machine is the one the service holds, by content. A read gives an
 * attachment's name, size and a download key, and a key changes with every upload (spec "Upload
 * File", "File field value"), so name and size are all a read can compare, and a file rewritten
 * at its size (a corrected contract, a fixed typo) looked the same. Where name and size are alike,
 * seed and restore therefore download the service's file (GET file.json by the read's key, spec
 * "Files"; kintone.dev "Download File": the key a read gives, view rights on the app, record and
 * field) and compare SHA-256 hashes of the bytes with the local file's. Where they differ, nothing
 * is downloaded: the values already differ.
 *
 * Requests: one download per distinct attachment of the service that is compared with a file of
 * the same name and size, none for a value without files; at most the client's concurrency in
 * flight (inParallel: the client's timeout starts before its wait for a slot, so they are not all
 * queued at once). The platform documents
 * no limit of its own on downloads beyond the per-app daily request quota every call counts
 * against (rest-interface.md "Limits" is silent on file.json).
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { inParallel } from '../client/in-parallel.js';
import { ServiceError, type Client } from '../client/index.js';
import { sameValue, type ContentOf } from './values.js';

export class FileContents {
  readonly #client: Client;
  readonly #signal: AbortSignal | undefined;
  /** Hashes by fileId. */
  readonly #hashes = new Map<string, string>();

  constructor(client: Client, options: { signal?: AbortSignal | undefined } = {}) {
    this.#client = client;
    this.#signal = options.signal;
  }

  /**
   * Hashes the files on both sides of each pair of values alike by name and size (the local ones
   * read from disk, the service's downloaded), those not hashed already; then `contentOf` knows
   * them, and `sameValue(a, b, contentOf)` compares them by content too.
   */
  async learn(pairs: Iterable<readonly [unknown, unknown]>): Promise<void> {
    const wanted = new Set<string>();
    for (const [a, b] of pairs) {
      if (!Array.isArray(a) || !Array.isArray(b) || !sameValue(a, b)) continue;
      for (const file of [...(a as unknown[]), ...(b as unknown[])]) {
        const id = fileId(file);
        if (id !== undefined && !this.#hashes.has(id)) wanted.add(id);
      }
    }
    const ids = [...wanted];
    await inParallel(
      ids.length,
      this.#client.concurrency,
      async (i) => {
        const id = ids[i]!;
        this.#hashes.set(id, await this.#hash(id));
      },
      this.#signal,
    );
  }

  /** A file's content hash, once learnt. */
  readonly contentOf: ContentOf = (file) => {
    const id = fileId(file);
    return id === undefined ? undefined : this.#hashes.get(id);
  };

  async #hash(id: string): Promise<string> {
    const [side, at] = [id.slice(0, id.indexOf(':')), id.slice(id.indexOf(':') + 1)];
    if (side === 'path') return hashOfFile(at);
    try {
      // Hashed as it arrives: an attachment of tens of megabytes is never held whole.
      const { sha256 } = await this.#client.files.downloadHash({ fileKey: at }, { signal: this.#signal });
      return sha256;
    } catch (error) {
      // GAIA_BL01 (404): the key is no longer the record's (platform-facts.md: "file key not
      // found or expired"): the record was given another file since it was read. Its content is
      // then none the local file has; the write planned for it carries the revision read, which
      // the service refuses, and the caller reads the record again.
      if (error instanceof ServiceError && error.status === 404) return `gone:${at}`;
      throw error;
    }
  }
}

/** Which file a value's item is: one of the machine by its path, the service's by its key. */
function fileId(file: unknown): string | undefined {
  if (typeof file !== 'object' || file === null) return undefined;
  const { path, fileKey } = file as { path?: unknown; fileKey?: unknown };
  if (typeof path === 'string') return `path:${path}`;
  if (typeof fileKey === 'string') return `key:${fileKey}`;
  return undefined;
}

async function hashOfFile(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}
