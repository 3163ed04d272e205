/**
 * One appdeploy process at a time on a project's `.appdeploy/local` data: the embedded service
 * keeps an append-only journal there, and two processes appending to it at once would interleave
 * their writes and lose each other's snapshots. The lock is a file created with O_EXCL naming its
 * owner (lock-owner.ts: its pid, host and start); a lock whose owner no longer runs (a crash, a
 * `kill -9`; its pid gone, or another process's now) is taken over, one of another host is not.
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
import { makeFoldersSync } from '../atomic-write.js';
import { AppdeployError } from '../errors.js';
import {
  ownerShown,
  ownerState,
  ownerText,
  parseOwner,
  sameOwner,
  thisProcess,
  type LockOwner,
} from './lock-owner.js';

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
  /** Whether that pid runs still, as another process: the lock's owner started at another time. */
  readonly pidReused: boolean;
}

/**
 * Takes the lock of a data directory (creating the directory), or throws LOCAL.LOCKED naming
 * the pid that holds it. `shown` is how messages name the directory (`.appdeploy/local`).
 */
export function acquireLocalLock(dir: string, shown = '.appdeploy/local'): LocalLock {
  const path = join(dir, LOCK_FILE);
  return inWritableFolder(`${shown}/${LOCK_FILE}`, () => {
    makeFoldersSync(dir);
    return acquireLockFile(path, {
      held: (owner) => locked(owner, shown, path),
      contended: new AppdeployError('LOCAL.LOCKED', `cannot take the lock ${shown}/${LOCK_FILE}`, {
        hint: `Other appdeploy commands keep taking it; try again, or delete ${shown}/${LOCK_FILE} if none runs.`,
      }),
    });
  });
}

/** The file system's answers that say this user may not write the lock's folder. */
const UNWRITABLE = new Set(['EACCES', 'EPERM', 'EROFS']);

/**
 * Runs `make` (the lock's folder and file), a folder this user may not write (a read-only
 * `.appdeploy`, one another user owns, a read-only file system) said as LOCK.UNWRITABLE naming
 * the lock as `shown`, not as a bug.
 */
export function inWritableFolder<T>(shown: string, make: () => T): T {
  try {
    return make();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === undefined || !UNWRITABLE.has(code)) throw error;
    const why = code === 'EROFS' ? 'the file system is read-only' : 'permission denied';
    const folder = dirname(shown);
    throw new AppdeployError('LOCK.UNWRITABLE', `cannot make the lock ${shown}: ${why} (${code})`, {
      hint: `Make ${folder} writable by the user running appdeploy (chmod u+w ${folder}), or run appdeploy as its owner: it keeps its locks and records there.`,
      cause: error,
    });
  }
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
  refusal: { held: (owner: LockOwner) => AppdeployError; contended: AppdeployError },
): LocalLock {
  let stale: LockOwner | 'unreadable' | null = null;
  let reused = false;
  // A few rounds: each one either takes the lock, finds a live owner, or clears a dead one.
  for (let round = 0; round < 5; round++) {
    if (tryCreate(path)) {
      removeStaleAsides(path);
      return held(path, stale === null || stale === 'unreadable' ? stale : stale.pid, reused);
    }
    const owner = readOwner(path);
    if (owner === 'gone') continue;
    const state = owner === 'unreadable' ? 'gone' : ownerState(owner);
    // Another host's owner cannot be asked from here: its lock stands until it, or the user, ends it.
    if (owner !== 'unreadable' && (state === 'runs' || state === 'elsewhere')) throw refusal.held(owner);
    // An empty lock is one being written this instant, or one its writer died before filling;
    // the owner writes its pid right after creating the file, so an empty one is given a moment.
    if (owner === 'unreadable' && round < 3) {
      sleepSync(100);
      continue;
    }
    if (takeOver(path, owner)) {
      stale = owner;
      reused = state === 'reused';
    }
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
  const reused = lock.pidReused ? '; its pid is another process now' : '';
  return `${shown} was left by ${who}, which no longer runs (it ended without releasing it: a crash or a kill -9${reused}); taken over.`;
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
    writeSync(fd, ownerText(thisProcess()));
  } finally {
    closeSync(fd);
  }
  return true;
}

function held(path: string, tookOverFrom: number | 'unreadable' | null, pidReused: boolean): LocalLock {
  let released = false;
  const me = thisProcess();
  const release = () => {
    if (released) return;
    released = true;
    process.off('exit', release);
    // Only our own lock: never one a later process took over after we were thought dead.
    const owner = readOwner(path);
    if (typeof owner === 'object' && sameOwner(owner, me)) unlinkQuietly(path);
  };
  // A command that exits on a second Ctrl-C skips its `finally` blocks; the exit event still runs.
  process.on('exit', release);
  return { path, release, tookOverFrom, pidReused };
}

/**
 * The process that holds the lock file `path` (one running, or one of another host, which cannot
 * be asked), or null: none, this process, or a stale one.
 */
export function runningHolder(path: string): LockOwner | null {
  const owner = readOwner(path);
  if (typeof owner !== 'object' || sameOwner(owner, thisProcess())) return null;
  const state = ownerState(owner);
  return state === 'runs' || state === 'elsewhere' ? owner : null;
}

/** The owner the lock file names, `gone` if there is no file, `unreadable` if it names none. */
function readOwner(path: string): LockOwner | 'gone' | 'unreadable' {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 'gone';
    throw error;
  }
  return parseOwner(text) ?? 'unreadable';
}

/**
 * Clears a stale lock without clearing a fresh one: two processes may find the same dead pid,
 * and the first may already have made a new lock when the second acts. So the lock is moved
 * aside first and checked there; a lock that turns out to be live is put back with link(), which
 * fails rather than overwrite a lock created in between.
 */
function takeOver(path: string, stale: LockOwner | 'unreadable'): boolean {
  const aside = `${path}.stale-${randomUUID()}`;
  try {
    renameSync(path, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
  const moved = readOwner(aside);
  const live =
    typeof moved === 'object' &&
    (stale === 'unreadable' || !sameOwner(moved, stale)) &&
    ['runs', 'elsewhere'].includes(ownerState(moved));
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
    if (typeof owner === 'object' && ['gone', 'reused'].includes(ownerState(owner))) unlinkQuietly(aside);
  }
}

function locked(owner: LockOwner, shown: string, path: string): AppdeployError {
  const elsewhere = ownerState(owner) === 'elsewhere';
  return new AppdeployError(
    'LOCAL.LOCKED',
    `another appdeploy command (${ownerShown(owner)}) is using ${shown}; wait for it to finish, or stop it`,
    {
      hint: `Only one command at a time may use the local service's data. If no such process runs${elsewhere ? ` on ${owner.host}` : ''}, delete ${path}.`,
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
