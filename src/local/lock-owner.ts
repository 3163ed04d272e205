/**
 * Who holds a lock file (lock.ts), and whether that process still runs. A pid alone cannot say:
 * after a kill -9 the system hands the pid to a later process (pids wrap around, and a CI
 * container starts every job's processes at the same few pids), which a lock of pids alone takes
 * for its owner, refusing every later command "while another runs" that never will end. And a
 * project folder on a network share, or mounted into a container, is seen by processes of another
 * machine (or pid namespace), whose pids mean nothing here. So the lock holds, beside the pid (its
 * first line, as before), the machine's host name and the process's start: on Linux the boot's id
 * and the process's start time since boot (`/proc/<pid>/stat`, field 22, "starttime"; proc(5)),
 * which no two processes of one boot share. A pid that runs but started at another time is
 * another process; a lock of another host cannot be checked here and is left to its owner, with
 * the user told which host and pid hold it.
 *
 * This file reads `process` outside cli/ for the same reason as lock.ts: the owner is the process.
 */
import { readFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { processRuns } from '../atomic-write.js';

export interface LockOwner {
  pid: number;
  /** The host name of the machine it runs on; absent in locks of older versions. */
  host?: string;
  /** The process's start (boot id and start time), where the system tells it. */
  started?: string;
}

/**
 * `runs`; `gone`: no such process; `reused`: its pid is another process's now (started at another
 * time); `elsewhere`: another host's, which this machine cannot ask.
 */
export type OwnerState = 'runs' | 'gone' | 'reused' | 'elsewhere';

/** This process as a lock names it. */
export function thisProcess(): LockOwner {
  const started = processStart(process.pid);
  return { pid: process.pid, host: hostname(), ...(started === null ? {} : { started }) };
}

/** The lock file's text: the pid first (what older versions read), then `host` and `started`. */
export function ownerText(owner: LockOwner): string {
  const lines = [String(owner.pid)];
  if (owner.host !== undefined) lines.push(`host ${owner.host}`);
  if (owner.started !== undefined) lines.push(`started ${owner.started}`);
  return `${lines.join('\n')}\n`;
}

/** The owner a lock file's text names, or null when it names none (empty, damaged). */
export function parseOwner(text: string): LockOwner | null {
  const [first = '', ...rest] = text.split('\n');
  const pid = Number(first.trim());
  if (!/^\s*\d+\s*$/.test(first) || !Number.isSafeInteger(pid) || pid <= 0) return null;
  const owner: LockOwner = { pid };
  for (const line of rest) {
    const [key, ...value] = line.trim().split(' ');
    if (key === 'host' && value.length > 0) owner.host = value.join(' ');
    if (key === 'started' && value.length > 0) owner.started = value.join(' ');
  }
  return owner;
}

/** Whether two owners are one process (what a take-over and a release compare). */
export function sameOwner(a: LockOwner, b: LockOwner): boolean {
  return a.pid === b.pid && a.host === b.host && a.started === b.started;
}

/** Whether the owner still runs, as far as this machine can tell. */
export function ownerState(owner: LockOwner): OwnerState {
  if (owner.host !== undefined && owner.host !== hostname()) return 'elsewhere';
  if (!processRuns(owner.pid)) return 'gone';
  if (owner.started === undefined) return 'runs';
  const now = processStart(owner.pid);
  // A system that does not tell a process's start (not Linux): the pid is all there is.
  return now === null || now === owner.started ? 'runs' : 'reused';
}

/** How messages name the owner: `pid 123`, `pid 123 on host ci-7` for another host's. */
export function ownerShown(owner: LockOwner): string {
  return owner.host !== undefined && owner.host !== hostname()
    ? `pid ${owner.pid} on host ${owner.host}`
    : `pid ${owner.pid}`;
}

let bootId: string | null | undefined;

/** The process's start as `<boot id>:<start time>`, or null where /proc does not tell it. */
function processStart(pid: number): string | null {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
  // The command name (field 2) is in parentheses and may hold spaces: fields count after it.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const start = fields[22 - 3];
  if (start === undefined || !/^\d+$/.test(start)) return null;
  bootId ??= readBootId();
  return `${bootId ?? 'boot'}:${start}`;
}

function readBootId(): string | null {
  try {
    return readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim() || null;
  } catch {
    return null;
  }
}
