import { spawn, type ChildProcess } from 'node:child_process';
import { BIN } from '../support/cli.js';
import type { Cleanups } from './emulator-process.js';

/** A command of the built CLI (`appdeploy apply`, `appdeploy seed`) as its own process, so that a test can signal or kill it. */
export interface ApplyProcess {
  readonly child: ChildProcess;
  stdout(): string;
  stderr(): string;
  /** Resolves once stderr holds `text`; rejects when the process ends first or 30 s pass. */
  waitFor(text: string): Promise<void>;
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export function startApply(
  root: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  cleanups: Cleanups,
): ApplyProcess {
  return startCommand('apply', root, args, env, cleanups);
}

export function startCommand(
  command: string,
  root: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  cleanups: Cleanups,
): ApplyProcess {
  const child = spawn(process.execPath, [BIN, command, ...args], {
    cwd: root,
    env: { ...process.env, NO_COLOR: '1', ...env },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  let ended = false;
  void exited.then(() => (ended = true));
  cleanups.push(() => void child.kill('SIGKILL'));
  return {
    child,
    stdout: () => stdout,
    stderr: () => stderr,
    exited,
    async waitFor(text) {
      const deadline = Date.now() + 30_000;
      while (!stderr.includes(text)) {
        if (ended || Date.now() > deadline)
          throw new Error(
            `${command} never said ${JSON.stringify(text)}; stdout: ${stdout}\nstderr: ${stderr}`,
          );
        await new Promise((r) => setTimeout(r, 5));
      }
    },
  };
}
