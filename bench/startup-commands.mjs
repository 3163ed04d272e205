// The three command start-up ratios of issue 25, each against `node -e 0` spawned in the same run:
// `appdeploy --help`, `validate` of the helpdesk example, and `plan` of the helpdesk example on
// its local environment after an apply (so the plan is unchanged: what a CI check runs most).
// Each command is spawned afresh (cold: module loading is the point) and timed to its exit.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const BIN = fileURLToPath(new URL('../dist/cli/bin.js', import.meta.url));
const EXAMPLE = fileURLToPath(new URL('../examples/helpdesk', import.meta.url));

/** Milliseconds from spawning `args` to its exit; throws when it exits with another code. */
function exitMs(args, cwd, code = 0) {
  const started = performance.now();
  const result = spawnSync(process.execPath, args, { cwd, encoding: 'utf8' });
  const ms = performance.now() - started;
  if (result.status !== code)
    throw new Error(`${args.join(' ')} exited ${result.status}: ${result.stderr}${result.stdout}`);
  return ms;
}

export const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/**
 * Runs the three commands and the bare baseline `runs` times each, alternated so that load from
 * other processes falls on all alike; returns the median milliseconds of each.
 */
export function measureCommands(runs) {
  const dir = mkdtempSync(join(tmpdir(), 'appdeploy-startup-commands-'));
  try {
    cpSync(EXAMPLE, dir, { recursive: true, filter: (source) => !source.includes('.appdeploy') });
    exitMs([BIN, 'apply', '--yes'], dir);
    const times = { bare: [], help: [], validate: [], plan: [] };
    for (let run = 0; run < runs; run++) {
      times.bare.push(exitMs(['-e', '0'], dir));
      times.help.push(exitMs([BIN, '--help'], dir));
      times.validate.push(exitMs([BIN, 'validate'], dir));
      times.plan.push(exitMs([BIN, 'plan', '--detailed-exitcode'], dir));
    }
    return Object.fromEntries(Object.entries(times).map(([name, xs]) => [name, median(xs)]));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
