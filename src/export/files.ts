/**
 * Files the service holds (the icon, JavaScript and CSS): read once per run while the areas are
 * read (they compare files by content), kept by content hash, and saved beside the manifest so
 * that it can refer to them by `path` (unless `--no-files`: then they are left out of it). A file
 * the manifest already names keeps its path; a new one goes to `<app key>/<name>` next to the
 * manifest.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import type { Client } from '../client/index.js';

export interface ServiceFiles {
  /** The ReadContext's downloadHash: downloads once, keeps the content. */
  hash(fileKey: string): Promise<string>;
  content(sha256: string): Buffer | undefined;
}

export function serviceFiles(client: Client): ServiceFiles {
  const byKey = new Map<string, Promise<string>>();
  const bySha = new Map<string, Buffer>();
  return {
    hash(fileKey) {
      let hash = byKey.get(fileKey);
      if (!hash) {
        hash = client.files.download({ fileKey }).then(({ data }) => {
          const sha = sha256(data);
          bySha.set(sha, data);
          return sha;
        });
        byKey.set(fileKey, hash);
      }
      return hash;
    },
    content: (sha) => bySha.get(sha),
  };
}

export function sha256(data: Buffer | string): string {
  return createHash('sha256').update(data).digest('hex');
}

/** The `path:` values of a manifest's FILE entries (icon, JS, CSS), wherever they are. */
export function manifestFilePaths(value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) for (const v of value) manifestFilePaths(v, out);
  else if (value !== null && typeof value === 'object') {
    const o = value as Record<string, unknown>;
    if (o.type === 'FILE' && typeof o.path === 'string') out.push(o.path);
    else for (const v of Object.values(o)) manifestFilePaths(v, out);
  }
  return out;
}

/**
 * The files of one app's manifest: where each file of the service goes (paths relative to the
 * manifest's folder, with `/`), which ones are to be written, and the hash of any path, for
 * reading the manifest back (a path about to be written has the content it will have).
 */
export class ManifestFiles {
  readonly writes = new Map<string, string>();
  readonly notes: string[] = [];
  readonly #dir: string;
  readonly #known: string[];
  readonly #hashes = new Map<string, string>();

  constructor(
    manifestPath: string,
    readonly appKey: string,
    existing: unknown,
    readonly save: boolean,
  ) {
    this.#dir = dirname(manifestPath);
    this.#known = manifestFilePaths(existing);
  }

  /** ExportContext.filePath. */
  pathFor(sha: string, name: string): string | null {
    const same = this.#known.find((p) => this.hash(p) === sha);
    if (same !== undefined) return same;
    const named = this.#known.find((p) => posix.basename(p) === name);
    if (!this.save) {
      if (named === undefined) return `${LEFT_OUT}${name}`;
      this.notes.push(`${named}: the service holds other content; not downloaded (--no-files)`);
      return named;
    }
    const path = named ?? this.newPath(sha, name);
    this.writes.set(path, sha);
    return path;
  }

  /** ResolveContext.fileHash: a path about to be written has the content it will have. */
  hash(path: string): string {
    return this.writes.get(path) ?? this.diskHash(path);
  }

  /** The hash of the file as it is on disk now. */
  diskHash(path: string): string {
    let hash = this.#hashes.get(path);
    if (hash === undefined) {
      const file = join(this.#dir, ...path.split('/'));
      hash = existsSync(file) ? sha256(readFileSync(file)) : `missing:${path}`;
      this.#hashes.set(path, hash);
    }
    return hash;
  }

  absolute(path: string): string {
    return join(this.#dir, ...path.split('/'));
  }

  private newPath(sha: string, name: string): string {
    const safe = name.replace(/[\\/]/g, '_') || 'file';
    const plain = `${this.appKey}/${safe}`;
    const taken = this.writes.get(plain);
    return taken === undefined || taken === sha ? plain : `${this.appKey}/${sha.slice(0, 8)}-${safe}`;
  }
}

/** The path given to a file left out (`--no-files`): no manifest path can start with it. */
const LEFT_OUT = '\u0000left-out:';

export interface LeftOutFile {
  /** The manifest's top-level key it was under (`customize`, `icon`). */
  topKey: string;
  name: string;
}

/** The manifest without the FILE entries given LEFT_OUT paths, and what they were. */
export function withoutLeftOutFiles(manifest: Record<string, unknown>): {
  manifest: Record<string, unknown>;
  leftOut: LeftOutFile[];
} {
  const leftOut: LeftOutFile[] = [];
  const isLeftOut = (value: unknown): value is { path: string } => {
    const o = value as Record<string, unknown> | null;
    return o !== null && typeof o === 'object' && o.type === 'FILE' && String(o.path).startsWith(LEFT_OUT);
  };
  const strip = (value: unknown, topKey: string): unknown => {
    if (Array.isArray(value))
      return value.flatMap((v) => {
        if (!isLeftOut(v)) return [strip(v, topKey)];
        leftOut.push({ topKey, name: v.path.slice(LEFT_OUT.length) });
        return [];
      });
    if (value === null || typeof value !== 'object') return value;
    return Object.fromEntries(
      Object.entries(value).flatMap(([k, v]) => {
        if (!isLeftOut(v)) return [[k, strip(v, topKey)]];
        leftOut.push({ topKey, name: v.path.slice(LEFT_OUT.length) });
        return [];
      }),
    );
  };
  const out = Object.fromEntries(Object.entries(manifest).map(([key, value]) => [key, strip(value, key)]));
  // A top-level FILE (the icon) is itself left out.
  for (const [key, value] of Object.entries(manifest))
    if (isLeftOut(value)) {
      delete out[key];
      leftOut.push({ topKey: key, name: value.path.slice(LEFT_OUT.length) });
    }
  return { manifest: out, leftOut };
}
