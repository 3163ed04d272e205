/**
 * Loads the bundled CLI (dist/cli/main.cjs and its chunks, scripts/bundle-cli.mjs) through V8's
 * code cache. Node 20 keeps no compiled code between runs (its compile cache is Node 22's), so
 * every command compiled ~2 MB of JavaScript again: a plan of an unchanged app spent ~55 ms
 * compiling modules and more compiling functions on first call. Each chunk is compiled with the
 * cache its last run left, and at exit the code compiled in this run is saved for the next: the
 * plan took 0.27 s instead of 0.35 s (median of 15, against 0.07 s for `node -e 0`).
 *
 * The chunks are CommonJS so that `vm.Script` can take a cache (ES modules cannot on Node 20).
 * They require one another and node's built-in modules only; this loader resolves the first and
 * hands the second to node. V8 checks each cache against its own version, flags and the source's
 * length, and refuses one that does not fit (the chunk is then compiled as usual and its cache
 * written anew); a cache file is named after its chunk's file (cacheName), so a rebuilt chunk never
 * meets an old one. The cache is per user (`$XDG_CACHE_HOME` or `~/.cache`, then
 * `appdeploy/code-cache`, made readable by its owner alone: code another user could write would
 * run as yours), or where `APPDEPLOY_CODE_CACHE` says; `APPDEPLOY_CODE_CACHE=off` turns it off.
 * Nothing here may fail a command: a cache that cannot be read, made or written is not used.
 */
import { readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { homedir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { Script } from 'node:vm';
import { atomicWriteSync, makeFoldersSync } from '../atomic-write.js';

/** Where the cache lives for this environment, or null when it is off or has no home. */
export function codeCacheDirectory(env: NodeJS.ProcessEnv, home: () => string = homedir): string | null {
  const chosen = env.APPDEPLOY_CODE_CACHE;
  if (chosen === 'off') return null;
  if (chosen) return chosen;
  let base = env.XDG_CACHE_HOME;
  if (!base) {
    try {
      base = join(home(), '.cache');
    } catch {
      return null;
    }
  }
  return join(base, 'appdeploy', 'code-cache');
}

interface Loaded {
  script: Script;
  cachePath: string | null;
  /** The cache this run was given and V8 took: nothing to write at exit. */
  fromCache: boolean;
}

type Module = { exports: unknown };

export class CodeCacheLoader {
  readonly #modules = new Map<string, Module>();
  readonly #loaded: Loaded[] = [];
  readonly #builtin = createRequire(import.meta.url);
  /** This node's own folder of the cache: another version's or architecture's never mixes in. */
  readonly #dir: string | null;

  constructor(cacheDirectory: string | null) {
    this.#dir = cacheDirectory && usableDirectory(join(cacheDirectory, `${process.version}-${process.arch}`));
  }

  /** The exports of the CommonJS file `file`, loading what it requires of its own folder alike. */
  load(file: string): unknown {
    const known = this.#modules.get(file);
    if (known) return known.exports;
    const source = readFileSync(file, 'utf8');
    const cachePath = this.#dir && join(this.#dir, cacheName(file));
    const cachedData = cachePath ? readIfPresent(cachePath) : undefined;
    // The wrapper node gives a CommonJS file, on the file's first line so that positions hold.
    const script = new Script(`(function (exports, require, module, __filename, __dirname) {${source}\n})`, {
      filename: file,
      ...(cachedData ? { cachedData } : {}),
    });
    this.#loaded.push({
      script,
      cachePath,
      fromCache: cachedData !== undefined && !script.cachedDataRejected,
    });
    const module: Module = { exports: {} };
    this.#modules.set(file, module);
    const folder = dirname(file);
    const requireHere = (id: string): unknown =>
      id.startsWith('./') || id.startsWith('../') ? this.load(resolve(folder, id)) : this.#builtin(id);
    const wrapper = script.runInThisContext() as (...args: unknown[]) => void;
    wrapper.call(module.exports, module.exports, requireHere, module, file, folder);
    return module.exports;
  }

  /**
   * Writes the code this run compiled for every chunk whose cache was missing or refused (at exit:
   * the functions first called in this run are in it then). Each file is written aside and
   * renamed, so two commands ending together never leave half a file.
   */
  save(): void {
    let wrote = false;
    for (const { script, cachePath, fromCache } of this.#loaded) {
      if (!cachePath || fromCache) continue;
      try {
        atomicWriteSync(cachePath, script.createCachedData(), { mode: 0o600 });
        wrote = true;
      } catch {
        // A full disk or a read-only home: the next run compiles, as this one did.
      }
    }
    if (wrote && this.#dir) this.#prune(this.#dir);
  }

  /**
   * Removes the caches of chunks no longer built: every build names its chunks anew, and a
   * rebuilt chunk of the same name (same content) gets a cache of its own (cacheName), so without
   * this the folder would grow by a few MB a build. A run that wrote a cache (the first after a
   * build) removes those it did not use that are older than STALE_AFTER_MS, and of each chunk
   * name keeps the caches written most lately, COPIES_KEPT_PER_CHUNK in all with this run's (several installs of the same
   * version, a global one and a project's, each keep theirs). On a machine that builds appdeploy
   * a few hundred times a month the folder held 5,656 files (251 MB), read on every such run;
   * one still in use is at worst compiled once more by the command that uses it.
   */
  #prune(dir: string): void {
    const used = new Set(this.#loaded.map((l) => l.cachePath));
    const now = Date.now();
    const copies = new Map<string, { path: string; mtimeMs: number }[]>();
    try {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        // A cache no run used lately; a write's temporary file its process, killed, left behind.
        const keepFor = name.endsWith('.v8')
          ? STALE_AFTER_MS
          : name.endsWith('.tmp')
            ? TEMP_STALE_AFTER_MS
            : null;
        if (keepFor === null || used.has(path)) continue;
        const { mtimeMs } = statSync(path);
        if (mtimeMs < now - keepFor) rmSync(path, { force: true });
        else if (keepFor === STALE_AFTER_MS) {
          const chunk = chunkOf(name);
          copies.set(chunk, [...(copies.get(chunk) ?? []), { path, mtimeMs }]);
        }
      }
      for (const [chunk, unused] of copies) {
        const inUse = this.#loaded.filter(
          (l) => l.cachePath && chunkOf(basename(l.cachePath)) === chunk,
        ).length;
        const room = Math.max(0, COPIES_KEPT_PER_CHUNK - inUse);
        unused.sort((a, b) => b.mtimeMs - a.mtimeMs);
        for (const { path } of unused.slice(room)) rmSync(path, { force: true });
      }
    } catch {
      // Another command pruning at the same time, or a folder gone: nothing to do.
    }
  }
}

/** The chunk a cache file is of: its name less the size, times and inode cacheName adds. */
function chunkOf(cacheFile: string): string {
  return cacheFile.split('.').slice(0, -5).join('.');
}

/** How many caches of one chunk name stay: this run's, and those other installs wrote lately. */
const COPIES_KEPT_PER_CHUNK = 4;
/** How long a cache no run has written stays when a run writes others. */
const STALE_AFTER_MS = 30 * 24 * 60 * 60 * 1000;
/** How long a temporary file stays: a write takes milliseconds, so one an hour old was left by a killed run. */
const TEMP_STALE_AFTER_MS = 60 * 60 * 1000;

/** `dir`, made if absent, when it is this user's alone; otherwise null (the cache is not used). */
function usableDirectory(dir: string): string | null {
  try {
    makeFoldersSync(dir, 0o700);
    const stat = statSync(dir);
    // Where there are no user ids (Windows), the folder's own permissions are the platform's.
    const mine =
      typeof process.getuid !== 'function' || (stat.uid === process.getuid() && (stat.mode & 0o077) === 0);
    return stat.isDirectory() && mine ? dir : null;
  } catch {
    return null;
  }
}

/**
 * A chunk's cache file, so that a rebuilt or reinstalled chunk never meets another's cache. V8
 * checks a cache only against the source's length, and takes one made for other code of the same
 * length: that code would run. Size and modification time are not enough (npm gives every file of
 * a package it installs the same time, 1985-10-26); the change time (set by the system on every
 * write, never by a copy or an unpacker) and the inode number are added.
 */
function cacheName(file: string): string {
  const stat = statSync(file, { bigint: true });
  return `${basename(file)}.${stat.size}.${stat.mtimeNs}.${stat.ctimeNs}.${stat.ino}.v8`;
}

function readIfPresent(path: string): Buffer | undefined {
  try {
    return readFileSync(path);
  } catch {
    return undefined;
  }
}
