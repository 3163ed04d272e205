import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The built CLI (`npm test` builds before vitest runs). */
export const BIN = fileURLToPath(new URL('../../dist/cli/bin.js', import.meta.url));

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
  const child = spawn(process.execPath, [BIN, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
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

export function authHeader(login = 'admin', password = 'admin'): Record<string, string> {
  return { 'X-Service-Authorization': Buffer.from(`${login}:${password}`).toString('base64') };
}
