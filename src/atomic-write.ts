/**
 * Writing a file so that a crash leaves the old file or the new one, never half of one: the content
 * goes into a temporary file beside the target (the same folder, so the rename stays on one file
 * system, where it is atomic), which is then renamed over it. The temporary name is this write's
 * own (the process id, so a file a killed process left says whose it was, and a random part), so
 * two writes at once, in one process or two, never share one; a write or a rename that fails
 * removes it. Of two writes to the same path at once, the last rename wins, whole. A process
 * killed between the write and the rename (kill -9) leaves its temporary file: the next write of
 * the same target removes it, so a command run again after a kill leaves none behind. A target
 * that is a symbolic link is written where the link points, the link kept (as editors save a
 * linked file): a manifest linked from a folder several projects share stays shared.
 */
import { randomBytes } from 'node:crypto';
import {
  closeSync,
  mkdirSync,
  openSync,
  readdirSync,
  readlinkSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';

export interface AtomicWriteOptions {
  /** The new file's permissions (as writeFile's `mode`); the process's default when absent. */
  readonly mode?: number | undefined;
}

export async function atomicWrite(
  path: string,
  content: string | Uint8Array,
  options: AtomicWriteOptions = {},
): Promise<void> {
  await throughTemp(path, (temp) => writeFile(temp, content, modeOf(options)));
}

/**
 * What both asynchronous writes share: `write` fills a temporary file beside `path` (the target
 * a link names), registered for removeTempsInFlight while under way, then renamed over it; one
 * that fails removes it and throws its error naming `path`. Leftovers of killed processes first.
 */
async function throughTemp<T>(path: string, write: (temp: string) => Promise<T>): Promise<T> {
  path = throughLinks(path);
  removeLeftovers(path);
  const temp = tempBeside(path);
  inFlight.add(temp);
  try {
    const result = await write(temp);
    await rename(temp, path);
    return result;
  } catch (error) {
    await rm(temp, { force: true });
    throw namingTarget(error, temp, path);
  } finally {
    inFlight.delete(temp);
  }
}

/**
 * A file filled piece by piece, as a download arrives (the client's `files.downloadTo` takes one):
 * `restart` drops what was written so far (a retry after a body cut part-way starts the file
 * over), `write` appends a piece. Written synchronously: the next piece is not read from the
 * socket before this one is on disk, so nothing piles up in memory however large the file.
 */
export interface StreamedFile {
  restart(): void;
  write(chunk: Uint8Array): void;
}

/**
 * atomicWrite for content that arrives in pieces and need not fit in memory: `fill` writes it into
 * a temporary file beside `path` (registered like atomicWrite's, so an interrupt removes it, and
 * a kill -9's is removed by the next write of `path`), renamed over `path` only once `fill`
 * resolves; a `fill` that rejects leaves `path` as it was and nothing beside it. Resolves with what
 * `fill` resolved with. The folder must exist.
 */
export async function atomicWriteStreamed<T>(
  path: string,
  fill: (file: StreamedFile) => Promise<T>,
  options: AtomicWriteOptions = {},
): Promise<T> {
  return await throughTemp(path, async (temp) => {
    let fd: number | undefined;
    const close = () => {
      if (fd !== undefined) closeSync(fd);
      fd = undefined;
    };
    const file: StreamedFile = {
      restart() {
        close();
        fd = openSync(temp, 'w', options.mode ?? 0o666);
      },
      write(chunk) {
        if (fd === undefined) file.restart();
        for (let done = 0; done < chunk.length;) done += writeSync(fd!, chunk, done);
      },
    };
    let result: T;
    try {
      result = await fill(file);
      // An empty content is still a file.
      if (fd === undefined) file.restart();
    } catch (error) {
      try {
        close();
      } catch {
        // The file is removed next: what failed first is what the caller hears.
      }
      throw error;
    }
    close();
    return result;
  });
}

/** The temporary files of this process's asynchronous writes not yet renamed or removed. */
const inFlight = new Set<string>();

/**
 * Removes the temporary files of the writes under way: what a process about to exit mid-write
 * (Ctrl-C, cli/interrupt.ts) calls, so that it leaves each target as it was, and nothing beside it.
 */
export function removeTempsInFlight(): void {
  for (const temp of inFlight) rmSync(temp, { force: true });
  inFlight.clear();
}

/** The same, for callers that write synchronously (the recovery record, the local ids, the code cache at exit). */
export function atomicWriteSync(
  path: string,
  content: string | Uint8Array,
  options: AtomicWriteOptions = {},
): void {
  path = throughLinks(path);
  removeLeftovers(path);
  const temp = tempBeside(path);
  try {
    writeFileSync(temp, content, modeOf(options));
    renameSync(temp, path);
  } catch (error) {
    rmSync(temp, { force: true });
    throw namingTarget(error, temp, path);
  }
}

/**
 * The file a symbolic link at `path` names, followed link after link (at most 40, as Linux's
 * ELOOP); `path` itself when it is no link (or nothing is there yet). A link whose file does not
 * exist yet names where it goes.
 */
function throughLinks(path: string): string {
  let at = path;
  for (let hops = 0; hops < 40; hops++) {
    let target: string;
    try {
      target = readlinkSync(at);
    } catch {
      return at;
    }
    at = resolve(dirname(at), target);
  }
  return at;
}

function tempBeside(path: string): string {
  return `${path}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
}

/** Targets this process has looked beside already: once each (apply saves its recovery record thousands of times). */
const swept = new Set<string>();

/**
 * Removes the temporary files of `path` (tempBeside's names) that a process no longer running
 * left: killed between its write and its rename. A write under way in a running process keeps
 * its own.
 */
function removeLeftovers(path: string): void {
  if (swept.has(path)) return;
  swept.add(path);
  const name = basename(path);
  removeLeftoversIn(dirname(path), (target) => target === name);
}

/**
 * The same for every target in `folder` that `targets` accepts (by name): for a writer whose next
 * file has another name than the one a killed run was writing (a backup, named by its time). A
 * folder that cannot be listed is left to the write itself to report.
 */
export function removeLeftoversIn(folder: string, targets: (name: string) => boolean): void {
  let entries: string[];
  try {
    entries = readdirSync(folder);
  } catch {
    return;
  }
  for (const entry of entries) {
    const temp = /^(.+)\.(\d+)\.[0-9a-f]{12}\.tmp$/.exec(entry);
    if (temp !== null && targets(temp[1]!) && !processRuns(Number(temp[2])))
      rmSync(join(folder, entry), { force: true });
  }
}

/**
 * Whether process `pid` runs (EPERM: it does, as another user); this process always does. Also
 * what the locks of local/lock.ts ask of their owners.
 */
export function processRuns(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The error with `path` set to the file the caller gave where it named the temporary one: a caller
 * saying which of the user's paths was refused reads it (cli/user-path.ts). The message stays what
 * the system said.
 */
function namingTarget(error: unknown, temp: string, path: string): unknown {
  const failure = error as NodeJS.ErrnoException;
  if (failure.path === temp) failure.path = path;
  return error;
}

function modeOf(options: AtomicWriteOptions): { mode?: number } {
  return options.mode === undefined ? {} : { mode: options.mode };
}

/**
 * Makes a folder and the folders above it that are missing, as `mkdir -p`. Node 20's own
 * recursive mkdir loops for ever (at full CPU) where the system answers ENOENT for a folder whose
 * parent exists, as it does anywhere under /proc (`APPDEPLOY_CODE_CACHE=/proc`, `--out /proc/x`
 * hung a command); here such a folder throws its ENOENT, which the caller reports as for any
 * folder it cannot make.
 */
export function makeFoldersSync(path: string, mode?: number): void {
  try {
    mkdirSync(path, { mode });
  } catch (error) {
    if (errorCode(error) === 'EEXIST' && statSync(path).isDirectory()) return;
    const parent = dirname(path);
    if (errorCode(error) !== 'ENOENT' || parent === path) throw error;
    makeFoldersSync(parent, mode);
    mkdirSync(path, { mode });
  }
}

/** makeFoldersSync, without blocking. */
export async function makeFolders(path: string, mode?: number): Promise<void> {
  try {
    await mkdir(path, { mode });
  } catch (error) {
    if (errorCode(error) === 'EEXIST' && (await stat(path)).isDirectory()) return;
    const parent = dirname(path);
    if (errorCode(error) !== 'ENOENT' || parent === path) throw error;
    await makeFolders(parent, mode);
    await mkdir(path, { mode });
  }
}

function errorCode(error: unknown): unknown {
  return (error as NodeJS.ErrnoException | null)?.code;
}
