/**
 * The apply lock's life (cli/apply-lock.ts, local/lock.ts, local/lock-owner.ts): each case leaves
 * `.appdeploy/apply-a.lock` (or the folder) as something left it, then runs the built CLI's apply
 * of a changed manifest. A lock whose owner no longer runs is taken over with a note naming it; a
 * lock whose owner may run (on this machine or on another one sharing the folder) refuses, naming
 * the pid (and host) and what to do; a folder that cannot be written refuses, naming it. Never a
 * bug; afterwards the checks of every pair (checks.ts).
 */
import { spawn } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Run } from '../../support/cli.js';
import type { Hold } from './gate.js';
import type { World } from './world.js';

export interface LockCase {
  name: string;
  /** Leaves the lock (or the folder) as the case says; returns what the apply must say. */
  leave(world: World, lock: string, tools: LockTools): Promise<Expect>;
}

export interface Expect {
  code: number;
  /** Text stderr must hold. */
  says: string[];
  /** Text `status`, run before the apply, must not hold. */
  statusLacks?: string;
}

export interface LockTools {
  /** The lock a run killed with kill -9 left (held at `hold`): its text and the dead pid. */
  killedRun(hold: Hold): Promise<{ text: string; pid: number }>;
  /** A process that runs until the case ends: its pid. */
  running(): Promise<number>;
}

const PREVIEW_WRITE: Hold = { match: /^(PUT|POST|DELETE) \/k\/v1\/preview\/app\/(?!deploy)/, nth: 1 };
const shown = '.appdeploy/apply-a.lock';
const takenOver = (who: string, why = '') =>
  `Note: ${shown} was left by ${who}, which no longer runs (it ended without releasing it: a crash or a kill -9${why}); taken over.`;

export const LOCK_CASES: readonly LockCase[] = [
  {
    name: 'left by a run killed with kill -9',
    async leave(_world, _lock, tools) {
      const { pid } = await tools.killedRun(PREVIEW_WRITE);
      return { code: 0, says: [takenOver(`pid ${pid}`)] };
    },
  },
  {
    name: "left by a run killed with kill -9, its pid now another process's",
    async leave(_world, lock, tools) {
      const { text } = await tools.killedRun(PREVIEW_WRITE);
      // The system handed the dead run's pid to a later process: the lock names a pid that runs.
      const reused = await tools.running();
      await writeFile(lock, text.replace(/^\d+/, String(reused)));
      const record = join(lock, '..', 'apply-a.json');
      await writeFile(record, (await readFile(record, 'utf8')).replace(/"pid":\d+/, `"pid":${reused}`));
      return {
        code: 0,
        says: [takenOver(`pid ${reused}`, '; its pid is another process now')],
        // The killed run's recovery record names the dead pid too: status must not wait for it.
        statusLacks: 'An apply is running',
      };
    },
  },
  {
    name: 'held by a run on another machine sharing the folder',
    async leave(_world, lock) {
      await writeFile(lock, '4242\nhost ci-runner-7\nstarted 0f1e2d3c:123456\n');
      return {
        code: 1,
        says: [
          'Error: another apply of environment "a" is running from this project (pid 4242 on host ci-runner-7); wait for it to finish, or stop it\n' +
            `  \`npx appdeploy status --env a\` shows what it has done so far. If no such process runs on ci-runner-7, delete ${shown}.`,
        ],
      };
    },
  },
  {
    name: 'left by an older version (a pid alone) whose process is gone',
    async leave(_world, lock) {
      const pid = await endedPid();
      await writeFile(lock, `${pid}\n`);
      return { code: 0, says: [takenOver(`pid ${pid}`)] };
    },
  },
  {
    name: 'damaged',
    async leave(_world, lock) {
      await writeFile(lock, Buffer.from([0x00, 0xff, 0x31, 0x0a, 0x7b]));
      return { code: 0, says: [takenOver('a process that wrote no pid')] };
    },
  },
  {
    name: 'empty',
    async leave(_world, lock) {
      await writeFile(lock, '');
      return { code: 0, says: [takenOver('a process that wrote no pid')] };
    },
  },
];

/** The pid of a process that ran and ended. */
async function endedPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' });
  await new Promise((resolve) => child.once('exit', resolve));
  return child.pid!;
}

/** A process of this test that runs until `stop`: a pid that is not an apply's. */
export function sleeper(): { pid: Promise<number>; stop(): void } {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
  return {
    pid: new Promise((resolve) => child.once('spawn', () => resolve(child.pid!))),
    stop: () => void child.kill('SIGKILL'),
  };
}

/** The findings of one lock case's apply against what the case expects. */
export function lockFindings(run: Run, expected: Expect): string[] {
  const findings: string[] = [];
  if (run.code !== expected.code) findings.push(`apply exited ${run.code}, expected ${expected.code}`);
  for (const text of expected.says)
    if (!run.stderr.includes(text)) findings.push(`apply did not say ${JSON.stringify(text)}`);
  if (findings.length > 0) findings.push(`apply said:\n${run.stdout}${run.stderr}`);
  return findings;
}

export const readLock = (root: string) => readFile(join(root, shown), 'utf8');
export const lockPath = (root: string) => join(root, shown);
