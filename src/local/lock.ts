/**
 * One appdeploy process at a time on a project's `.appdeploy/local` data: the embedded service
 * keeps an append-only journal there, and two processes appending to it at once would interleave
 * their writes and lose each other's snapshots. The lock is a file created with O_EXCL holding the
 * owner's pid; a lock whose pid is no longer running (a crash, a `kill -9`) is taken over.
 *
 * This file reads `process` outside cli/ on purpose: the owner of a process-wide lock is the
 * process (its pid, written into the lock and compared with other pids), and the lock must go
 * when the process exits even where `finally` blocks do not run (`process.on('exit')`). A caller
 * handing the pid in would change nothing but where `process.pid` is written.
 */
import { randomUUID } from 'node:crypto';
import {
  closeSync,
  linkSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { makeFoldersSync, processRuns } from '../atomic-write.js';
import { AppdeployError } from '../errors.js';

export const LOCK_FILE = 'lock';

export interface LocalLock {
  readonly path: string;
  /** Removes the lock if it is still ours; safe to call twice. */
  release(): void;
  /**
   * The pid of the process that left the lock taken over (one no longer running: a crash, a
   * `kill -9`), `unreadable` for a lock left without a pid, null when none was: what the user is
   * told, since that process ended without its own answer.
   */
  readonly tookOverFrom: number | 'unreadable' | null;
}

/**
 * Takes the lock of a data directory (creating the directory), or throws LOCAL.LOCKED naming
 * the pid that holds it. `shown` is how messages name the directory (`.appdeploy/local`).
 */
export function acquireLocalLock(dir: string, shown = '.appdeploy/local'): LocalLock {
  makeFoldersSync(dir);
  const path = join(dir, LOCK_FILE);
  return acquireLockFile(path, {
    held: (owner) => locked(owner, shown, path),
    contended: new AppdeployError('LOCAL.LOCKED', `cannot take the lock ${shown}/${LOCK_FILE}`, {
      hint: `Other appdeploy commands keep taking it; try again, or delete ${shown}/${LOCK_FILE} if none runs.`,
    }),
  });
}

/**
 * Takes the lock file `path` (its folder must exist): created exclusively with this process's
 * pid, a lock of a pid no longer running taken over. `refusal.held` is the error for a lock a
 * running process holds, `refusal.contended` the one for a lock that other processes keep taking.
 * The local environment's lock (above) and apply's lock of an environment (cli/apply-lock.ts)
 * share it.
 */
export function acquireLockFile(
  path: string,
  refusal: { held: (owner: number) => AppdeployError; contended: AppdeployError },
): LocalLock {
  let stale: number | 'unreadable' | null = null;
  // A few rounds: each one either takes the lock, finds a live owner, or clears a dead one.
  for (let round = 0; round < 5; round++) {
    if (tryCreate(path)) {
      removeStaleAsides(path);
      return held(path, stale);
    }
    const owner = readOwner(path);
    if (owner === 'gone') continue;
    if (owner !== 'unreadable' && isRunning(owner)) throw refusal.held(owner);
    // An empty lock is one being written this instant, or one its writer died before filling;
    // the owner writes its pid right after creating the file, so an empty one is given a moment.
    if (owner === 'unreadable' && round < 3) {
      sleepSync(100);
      continue;
    }
    if (takeOver(path, owner)) stale = owner;
  }
  throw refusal.contended;
}

/**
 * What the user is told of a lock taken over (null when none was): the process that left it ended
 * without an answer of its own, which may have left work behind (`status` says what).
 */
export function takenOverNote(lock: LocalLock, shown: string): string | null {
  if (lock.tookOverFrom === null) return null;
  const who = lock.tookOverFrom === 'unreadable' ? 'a process that wrote no pid' : `pid ${lock.tookOverFrom}`;
  return `${shown} was left by ${who}, which no longer runs (it ended without releasing it: a crash or a kill -9); taken over.`;
}

function tryCreate(path: string): boolean {
  let fd: number;
  try {
    fd = openSync(path, 'wx');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  try {
    writeSync(fd, `${process.pid}\n`);
  } finally {
    closeSync(fd);
  }
  return true;
}

function held(path: string, tookOverFrom: number | 'unreadable' | null): LocalLock {
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    process.off('exit', release);
    // Only our own lock: never one a later process took over after we were thought dead.
    if (readOwner(path) === process.pid) unlinkQuietly(path);
  };
  // A command that exits on a second Ctrl-C skips its `finally` blocks; the exit event still runs.
  process.on('exit', release);
  return { path, release, tookOverFrom };
}

/** The pid of the running process that holds the lock file `path`, or null (none, or a stale one). */
export function runningHolder(path: string): number | null {
  const owner = readOwner(path);
  return typeof owner === 'number' && owner !== process.pid && isRunning(owner) ? owner : null;
}

/** The pid in the lock file, `gone` if there is no file, `unreadable` if it holds no pid. */
function readOwner(path: string): number | 'gone' | 'unreadable' {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 'gone';
    throw error;
  }
  const pid = Number(text.trim());
  return Number.isInteger(pid) && pid > 0 ? pid : 'unreadable';
}

/** Whether process `pid` runs; also what status asks of an apply's record. */
export const isRunning = processRuns;

/**
 * Clears a stale lock without clearing a fresh one: two processes may find the same dead pid,
 * and the first may already have made a new lock when the second acts. So the lock is moved
 * aside first and checked there; a lock that turns out to be live is put back with link(), which
 * fails rather than overwrite a lock created in between.
 */
function takeOver(path: string, stale: number | 'unreadable'): boolean {
  const aside = `${path}.stale-${randomUUID()}`;
  try {
    renameSync(path, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
  const moved = readOwner(aside);
  const live = moved !== stale && moved !== 'gone' && moved !== 'unreadable' && isRunning(moved);
  if (live) {
    try {
      linkSync(aside, path);
    } catch {
      // Someone created a lock meanwhile; theirs stands and the next round reads it.
    }
  }
  unlinkQuietly(aside);
  // Whether a stale lock was cleared (not one put back, nor one gone meanwhile).
  return !live && moved !== 'gone';
}

/**
 * A take-over killed between its rename and its unlink (kill -9) leaves the lock it moved aside,
 * `<lock>.stale-<uuid>`; the holder of the lock removes those whose process no longer runs. One
 * whose process runs is a take-over under way (it reads the file, then puts a live lock back), so
 * it stays, as does one that holds no pid: its writer may be filling it this instant.
 */
function removeStaleAsides(path: string): void {
  const prefix = `${basename(path)}.stale-`;
  let entries: string[];
  try {
    entries = readdirSync(dirname(path));
  } catch {
    return;
  }
  for (const entry of entries) {
    if (!entry.startsWith(prefix)) continue;
    const aside = join(dirname(path), entry);
    let owner: ReturnType<typeof readOwner>;
    try {
      owner = readOwner(aside);
    } catch {
      continue; // not a file this lock wrote (a folder of that name): not ours to remove
    }
    if (typeof owner === 'number' && !isRunning(owner)) unlinkQuietly(aside);
  }
}

function locked(pid: number, shown: string, path: string): AppdeployError {
  return new AppdeployError(
    'LOCAL.LOCKED',
    `another appdeploy command (pid ${pid}) is using ${shown}; wait for it to finish, or stop it`,
    {
      hint: `Only one command at a time may use the local service's data. If no such process runs, delete ${path}.`,
    },
  );
}

function unlinkQuietly(path: string): void {
  try {
    unlinkSync(path);
  } catch {
    // Already gone: what was wanted.
  }
}

function sleepSync(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}
