/**
 * Ctrl-C while a command holds the local service's lock, before any handler of its own (issue 33
 * item 13): the real built CLI gets SIGINT the moment its lock appears, and must say it was
 * interrupted, exit 130 and leave no lock behind (before: killed silently, the lock kept). The
 * same for SIGTERM, as a CI runner stops a job (interrupt sweep: before, node ended the process
 * at SIGTERM with no word, exit 143 and the lock left, which the next run called a crash's).
 */
import { spawn } from 'node:child_process';
import { existsSync, watch } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { appdeploy, BIN } from '../support/cli.js';
import { useTempDir } from '../support/temp-dir.js';

let project = '';
useTempDir('interrupt', async (d) => {
  project = join(d, 'p');
  if ((await appdeploy(['init', 'p'], d)).code !== 0) throw new Error('init failed');
  if ((await appdeploy(['apply', '--yes'], project)).code !== 0) throw new Error('apply failed');
});

interface Ended {
  code: number | null;
  signal: NodeJS.Signals | null;
  stderr: string;
  /** Whether SIGINT was sent while the lock was there (a run may end before its lock is seen). */
  interrupted: boolean;
}

/** `appdeploy plan`, sent `signal` as soon as its lock file appears. */
function planInterrupted(signal: 'SIGINT' | 'SIGTERM'): Promise<Ended> {
  const data = join(project, '.appdeploy/local');
  const lock = join(data, 'lock');
  return new Promise((resolve) => {
    let interrupted = false;
    let stderr = '';
    const child = spawn(process.execPath, [BIN, 'plan'], {
      cwd: project,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    const interrupt = () => {
      if (interrupted || child.exitCode !== null || !existsSync(lock)) return;
      interrupted = true;
      child.kill(signal);
    };
    const watcher = watch(data, interrupt);
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('exit', (code, signal) => {
      watcher.close();
      resolve({ code, signal, stderr, interrupted });
    });
  });
}

describe('Ctrl-C or SIGTERM while a command holds the local lock', () => {
  it.each(['SIGINT', 'SIGTERM'] as const)(
    '%s: says so, exits 130 and removes the lock',
    async (signal) => {
      // The lock is seen only if the run is still going when the watcher reports it: a few runs.
      let ended: Ended | undefined;
      for (let attempt = 0; attempt < 10 && ended?.interrupted !== true; attempt++)
        ended = await planInterrupted(signal);
      expect(ended?.interrupted, `${signal} reached a run holding its lock`).toBe(true);
      expect(ended).toMatchObject({ code: 130, signal: null });
      // What it left and what to run: plan writes nothing on the service.
      expect(ended!.stderr.trim().split('\n').at(-1)).toBe(
        `Interrupted (${signal}): plan had changed nothing (it reads the service, and writes --out only once done). Run \`npx appdeploy plan\` again.`,
      );
      expect(existsSync(join(project, '.appdeploy/local/lock'))).toBe(false);
    },
    120_000,
  );
});
