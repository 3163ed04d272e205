/**
 * One mistake made: a fresh copy of the project as the current folder, the variables the mistake
 * sets, the command run (through main() in this process; the emulator, which serves until
 * stopped, as the built CLI with a time limit), then what it wrote and the checks.
 */
import { spawn } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BIN } from '../../support/cli.js';
import { runMain } from '../../support/main-in-process.js';
import { check, type Finding, type Run } from './checks.js';
import type { Mistake } from './mistakes.js';
import { changedFiles, copyOfBase, filesOf, serviceFingerprint, type World } from './world.js';

export interface Case {
  mistake: Mistake;
  code: number;
  findings: Finding[];
}

/** How long an emulator the mistake did not stop may serve before it counts as started. */
const EMULATOR_LIMIT_MS = 8_000;

export async function runCase(world: World, mistake: Mistake, name: string): Promise<Case> {
  const dir = copyOfBase(world, name);
  try {
    makePendingChange(dir, mistake.pendingChange);
    const files = filesOf(dir);
    const service = await serviceFingerprint(world);
    const run =
      mistake.built === true || mistake.args[0] === 'emulator'
        ? await runBuilt(mistake, dir)
        : await runHere(mistake, dir);
    const written = {
      files: changedFiles(files, filesOf(dir)),
      service: (await serviceFingerprint(world)) !== service,
    };
    return { mistake, code: run.code, findings: check(mistake, run, written) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function makePendingChange(dir: string, change: Mistake['pendingChange']): void {
  if (change === undefined) return;
  const file = join(dir, change === 'manifest' ? 'apps/tasks.yaml' : 'records/tasks.yaml');
  const text = readFileSync(file, 'utf8');
  const changed =
    change === 'manifest'
      ? text.replace(/^name: .*$/m, 'name: Tasks (changed)')
      : text.replace(/^ {2}title: .*$/m, '  title: Changed by the sweep');
  if (changed === text) throw new Error(`no change made in ${file}`);
  writeFileSync(file, changed);
}

/** main() with `dir` as the current folder and the mistake's variables, both put back after. */
async function runHere(mistake: Mistake, dir: string): Promise<Run> {
  const cwd = process.cwd();
  const saved = new Map<string, string | undefined>();
  for (const [name, value] of Object.entries(mistake.variables ?? {})) {
    saved.set(name, process.env[name]);
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  process.chdir(dir);
  try {
    return await runMain(mistake.args);
  } finally {
    process.chdir(cwd);
    for (const [name, value] of saved)
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
  }
}

/** The built CLI in `dir`; stopped (and said so) if it is still serving after the limit. */
function runBuilt(mistake: Mistake, dir: string): Promise<Run> {
  return new Promise((resolve) => {
    const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1' };
    for (const [name, value] of Object.entries(mistake.variables ?? {}))
      if (value === undefined) delete env[name];
      else env[name] = value;
    const child = spawn(process.execPath, [BIN, ...mistake.args], {
      cwd: dir,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    let started = false;
    const timer = setTimeout(() => {
      started = true;
      child.kill('SIGTERM');
    }, EMULATOR_LIMIT_MS);
    child.on('exit', (code) => {
      clearTimeout(timer);
      // Serving is what a refused emulator must not do: counted as an exit it must not have.
      resolve({
        code: started ? -1 : (code ?? -1),
        out,
        err: started ? `${err}\n(still serving after ${EMULATOR_LIMIT_MS} ms)` : err,
      });
    });
  });
}
