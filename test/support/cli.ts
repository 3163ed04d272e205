/**
 * Runs the built CLI (`node dist/cli/bin.js`, what `npx appdeploy` runs): to its end in a folder
 * of its own (`appdeploy`), or as a long-lived process read line by line (`runCli`). dist/ is
 * built once for the whole run by global-setup.ts.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const BIN = join(ROOT, 'dist/cli/bin.js');

export interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

export function appdeploy(args: string[], cwd: string, env: NodeJS.ProcessEnv = {}): Promise<Run> {
  return runCommand(process.execPath, [BIN, ...args], cwd, env);
}

export function runCommand(
  cmd: string,
  args: string[],
  cwd: string,
  env: NodeJS.ProcessEnv = {},
  timeoutMs = 90_000,
): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      cmd,
      args,
      { cwd, timeout: timeoutMs, env: { ...process.env, NO_COLOR: '1', ...env } },
      (error, stdout, stderr) =>
        resolve({
          code: error ? Number(error.code ?? 1) : 0,
          stdout,
          // A run the timeout killed says so: its own output ends where it was cut.
          stderr: error?.killed ? `${stderr}\n(killed by ${error.signal} after ${timeoutMs} ms)` : stderr,
        }),
    );
  });
}

export const tempDir = (name: string) => mkdtemp(join(tmpdir(), `appdeploy-${name}-`));

export interface CliProcess {
  readonly child: ChildProcess;
  /** The first stdout line. */
  readonly firstLine: string;
  readonly url: string;
  stderr(): string;
  /** Resolves when the process ends: its exit code (null when killed by a signal) and signal. */
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Runs `appdeploy <args>` and waits for its first line on stdout (or its exit, whichever comes first). */
export function runCli(args: string[], waitMs = 10_000): Promise<CliProcess> {
  return runNode([BIN, ...args], waitMs);
}

/** The same for `node <argv>`: a script that serves as the CLI does (its first line names its URL). */
export function runNode(argv: string[], waitMs = 10_000): Promise<CliProcess> {
  const child = spawn(process.execPath, argv, { stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`no first line within ${waitMs} ms; stderr: ${stderr}`));
    }, waitMs);
    const done = () => {
      clearTimeout(timer);
      const firstLine = stdout.split('\n')[0] ?? '';
      resolve({
        child,
        firstLine,
        url: /http:\/\/\S+/.exec(firstLine)?.[0] ?? '',
        stderr: () => stderr,
        exited,
      });
    };
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      if (stdout.includes('\n')) done();
    });
    void exited.then(done);
  });
}

/** `appdeploy emulator -C DIR` in the background, and the URL it says it listens on. */
export function serveProject(root: string, ...flags: string[]) {
  const child = spawn(process.execPath, [BIN, 'emulator', '-C', root, '--port', '0', ...flags], {
    stdio: 'pipe',
  });
  const url = new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /listening on (\S+)/.exec(out);
      if (match?.[1]) resolve(match[1]);
    });
    child.once('exit', (code) => reject(new Error(`emulator exited ${code}`)));
  });
  return { child, url };
}

/** Stops what serveProject started, and waits for its exit. */
export async function stopServing(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}
