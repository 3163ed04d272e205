/** Runs the built CLI (`node dist/cli/bin.js`, what `npx appdeploy` runs) in a folder of its own. */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
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
): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      cmd,
      args,
      { cwd, timeout: 90_000, env: { ...process.env, NO_COLOR: '1', ...env } },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

/**
 * `npm test` builds before vitest, so under it nothing is rebuilt: tsc rewriting dist/ while
 * another file runs the CLI would make that file fail at random. Run on their own, the files
 * build first, one at a time (a directory made with mkdir is the lock); a file that waited for
 * another's build uses it.
 */
export async function build(): Promise<void> {
  if (process.env.npm_lifecycle_event === 'test') return;
  const lock = join(ROOT, 'node_modules', '.first-run-build');
  const deadline = Date.now() + 120_000;
  while (
    !(await mkdir(lock).then(
      () => true,
      () => false,
    ))
  ) {
    // Another file is building: wait for it and use its build (a crashed one's lock expires).
    await new Promise((resolve) => setTimeout(resolve, 200));
    if (!existsSync(lock)) return;
    if (Date.now() > deadline) await rm(lock, { recursive: true, force: true });
  }
  try {
    const result = await runCommand('npm', ['run', 'build'], ROOT);
    if (result.code !== 0) throw new Error(result.stderr);
  } finally {
    await rm(lock, { recursive: true, force: true });
  }
}

export const tempDir = (name: string) => mkdtemp(join(tmpdir(), `appdeploy-${name}-`));
