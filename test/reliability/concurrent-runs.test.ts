/**
 * Two appdeploy runs at the same time, and the locks and recovery records that guard them. Users
 * deploy from CI and from laptops: two CI jobs start at once, a laptop and CI target one
 * environment from two checkouts (no local lock is shared there: only the platform's revisions
 * can catch it). For each pair of concurrent-runs/pairs.ts, in turn on one project, the first run
 * of the built CLI is held at a step drawn from the seed (a preview write, the deploy call, a
 * record write: gate.ts holds that request before the local service sees it), the second runs
 * from start to end meanwhile, then the first is let go. Each run either waits, or refuses saying
 * who holds what and what to do (never "Bug"), or goes on and the platform's revision check
 * catches the conflict (the loser rolls back and says so). Afterwards (checks.ts) the first
 * checkout's apply converges, a fresh plan is empty, `status` is in sync, a seed converges, and no
 * record value is lost; so the next pair starts from a converged project. The lock's own life (a
 * lock a kill -9 left, its pid reused, another machine's, damaged, empty, a read-only .appdeploy)
 * is concurrent-runs/locks.ts's table.
 *
 * `CONCURRENT_RUNS_SEED` picks the seed (each pair's hold; under CI=true, which six pairs run),
 * `CONCURRENT_RUNS_ROUNDS` runs that many seeds, `CONCURRENT_RUNS_ALL=1` every pair under CI too,
 * `CONCURRENT_RUNS_PAIR` the pairs whose name contains it, `CONCURRENT_RUNS_LOG` (`out`: outputs).
 */
import { execFile } from 'node:child_process';
import { chmod, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { seededRandom } from '../support/seeded-random.js';
import { useLocalService } from '../support/service.js';
import { draws } from './apply-sequences/pick.js';
import type { Cleanups } from './emulator-process.js';
import { convergence, runFindings } from './concurrent-runs/checks.js';
import { COUNT, PAIRS, type Pair } from './concurrent-runs/pairs.js';
import { AUTH, makeWorld, type World } from './concurrent-runs/world.js';
import { BIN, type Run } from '../support/cli.js';
import type { Hold } from './concurrent-runs/gate.js';
import type { Draw } from './apply-sequences/pick.js';
import { LOCK_CASES, lockFindings, lockPath, readLock, sleeper } from './concurrent-runs/locks.js';

const SEED = Number(process.env.CONCURRENT_RUNS_SEED ?? 20261129);
const ROUNDS = Number(process.env.CONCURRENT_RUNS_ROUNDS ?? 1);
const SEEDS = Array.from({ length: ROUNDS }, (_, i) => SEED + i);
const ONLY = process.env.CONCURRENT_RUNS_PAIR;
/**
 * Under CI=true each seed runs this many pairs, drawn by the seed (the file stays under ~90 s: a
 * pair is some seven runs of the built CLI); every pair otherwise, or with CONCURRENT_RUNS_ALL=1.
 */
const CI_PAIRS = 6;
const ALL = process.env.CONCURRENT_RUNS_ALL === '1' || !process.env.CI;

/** The pairs a seed runs: all, or CI_PAIRS of them drawn by the seed, in the table's order. */
function pairsOf(d: Draw): Pair[] {
  const named = PAIRS.filter((p) => ONLY === undefined || p.name.includes(ONLY));
  if (ALL || ONLY !== undefined) return named;
  const order = named.map((pair) => ({ pair, key: d.rnd() }));
  const drawn = new Set(
    [...order]
      .sort((x, y) => x.key - y.key)
      .slice(0, CI_PAIRS)
      .map((o) => o.pair),
  );
  return named.filter((pair) => drawn.has(pair));
}

const service = useLocalService({ emulator: { deployMs: 20 } });
const cleanups: Cleanups = [];
afterEach(async () => {
  for (const clean of cleanups.splice(0).reverse()) await clean();
});

/** One pair: the first held, the second run whole, the first let go; then the checks. */
async function runPair(world: World, pair: Pair, d: Draw): Promise<{ drawn: string; findings: string[] }> {
  const setup = await pair.prepare(world, d);
  const gate = await world.gate();
  const hold = d.pick(setup.first.holds)!;
  gate.arm(hold);
  const running = setup.first.checkout.start(setup.first.args, gate);
  const held = await gate.held(running.exited);
  const second = await setup.second.run();
  gate.release();
  const exit = await running.exited;
  const first = { code: exit.code ?? -1, stdout: running.stdout(), stderr: running.stderr() };
  if (process.env.CONCURRENT_RUNS_LOG === 'out')
    console.log(
      `${pair.name}\n--- first (${first.code}):\n${first.stdout}${first.stderr}\n--- second (${second.code}):\n${second.stdout}${second.stderr}`,
    );
  const drawn = `${pair.name}: ${setup.first.args.join(' ')} held at ${hold.match.source} #${hold.nth}${held ? '' : ' (it ended before)'}`;
  const findings = [
    ...runFindings(`the first run (${setup.first.args[0]})`, first, setup.first.allowed),
    ...runFindings(setup.second.label, second, setup.second.allowed),
    ...((await setup.judge?.({ first, second })) ?? []),
    ...(await convergence(world.first, service.url, world.file, setup.kept, setup.records ?? false)),
  ];
  return { drawn, findings };
}

describe('two runs at the same time', () => {
  it.each(SEEDS)(
    'seed %i: every pair refuses, waits or is caught by the revisions, and converges after',
    async (seed) => {
      const d = draws(seededRandom(seed));
      const world = await makeWorld(service.url, cleanups, { count: COUNT, envB: true });
      const failed: string[] = [];
      for (const pair of pairsOf(d)) {
        const { drawn, findings } = await runPair(world, pair, d);
        if (process.env.CONCURRENT_RUNS_LOG) console.log(`seed ${seed} ${drawn}`);
        if (findings.length > 0) failed.push(`${drawn}\n  ${findings.join('\n  ')}`);
      }
      expect(failed, `seed ${seed}`).toEqual([]);
    },
    600_000,
  );
});

describe("the apply lock's life", () => {
  it('a lock whose owner is gone is taken over, saying so; one whose owner may run refuses, naming it', async () => {
    const d = draws(seededRandom(SEED));
    const world = await makeWorld(service.url, cleanups, { count: 5 });
    const lock = lockPath(world.first.root);
    const sleepers: (() => void)[] = [];
    cleanups.push(() => sleepers.forEach((stop) => stop()));
    const tools = {
      async killedRun(hold: Hold) {
        const gate = await world.gate();
        gate.arm(hold);
        const run = world.first.start(['apply', '--env', 'a', '--yes'], gate);
        if (!(await gate.held(run.exited))) throw new Error(`the apply ended first: ${run.stderr()}`);
        const text = await readLock(world.first.root);
        run.child.kill('SIGKILL');
        await run.exited;
        return { text, pid: run.child.pid! };
      },
      async running() {
        const other = sleeper();
        sleepers.push(() => other.stop());
        return other.pid;
      },
    };
    const failed: string[] = [];
    for (const lockCase of LOCK_CASES) {
      world.fields = { ...world.fields, title: { ...world.fields.title, label: `Title ${d.fresh('l')}` } };
      await world.first.manifest(world.fields);
      const expected = await lockCase.leave(world, lock, tools);
      const status = expected.statusLacks ? await world.first.run(['status', '--env', 'a']) : undefined;
      const run = await world.first.run(['apply', '--env', 'a', '--yes']);
      const findings = [...lockFindings(run, expected), ...runFindings('apply', run, [expected.code])];
      if (status && expected.statusLacks && status.stdout.includes(expected.statusLacks))
        findings.push(`status said ${JSON.stringify(expected.statusLacks)}:\n${status.stdout}`);
      // What the refusal says to do once no apply runs there.
      if (expected.code === 1) await rm(lock, { force: true });
      // A refusal's lock is deleted as it says, then an apply must converge; a take-over's apply did.
      findings.push(
        ...(await convergence(world.first, service.url, world.file, {}, false, expected.code === 1)),
      );
      if (findings.length > 0) failed.push(`a lock ${lockCase.name}:\n  ${findings.join('\n  ')}`);
    }
    expect(failed).toEqual([]);
  }, 300_000);

  it('a read-only .appdeploy refuses the apply, naming the lock and what to do', async () => {
    const world = await makeWorld(service.url, cleanups, { count: 2 });
    world.fields = { ...world.fields, title: { ...world.fields.title, label: 'Title read-only' } };
    await world.first.manifest(world.fields);
    const folder = join(world.first.root, '.appdeploy');
    // Root writes into a read-only folder all the same: the run is then another user's.
    const asRoot = process.getuid?.() === 0;
    for (let dir = world.first.root; asRoot && dir !== tmpdir(); dir = dirname(dir)) await chmod(dir, 0o755);
    await chmod(folder, 0o555);
    const apply = () => runAs(asRoot ? 65534 : undefined, world.first.root, ['apply', '--env', 'a', '--yes']);
    const run = asRoot ? await withCliReachable(apply) : await apply();
    await chmod(folder, 0o755);
    expect(run.stderr).toContain(
      'Error: cannot make the lock .appdeploy/apply-a.lock: permission denied (EACCES)\n' +
        '  Make .appdeploy writable by the user running appdeploy (chmod u+w .appdeploy), or run appdeploy as its owner: it keeps its locks and records there.',
    );
    expect(runFindings('apply', run, [1])).toEqual([]);
    expect(await convergence(world.first, service.url, world.file, {}, false)).toEqual([]);
  }, 120_000);
});

/**
 * Runs `run` with every folder above the built CLI searchable by other users: a clean clone made
 * by `mktemp -d` (mode 0700) is root's alone, and the user the test runs the CLI as must reach
 * it (and the node_modules it requires). The folders' modes are given back after.
 */
async function withCliReachable<T>(run: () => Promise<T>): Promise<T> {
  const changed: [string, number][] = [];
  for (let dir = dirname(BIN); dir !== dirname(dir); dir = dirname(dir)) {
    const mode = (await stat(dir)).mode & 0o777;
    if ((mode & 0o005) === 0o005) continue;
    changed.push([dir, mode]);
    await chmod(dir, mode | 0o005);
  }
  try {
    return await run();
  } finally {
    for (const [dir, mode] of changed) await chmod(dir, mode);
  }
}

/** The built CLI as user `uid` (when given: the test runs as root), straight to the service. */
function runAs(uid: number | undefined, cwd: string, args: string[]): Promise<Run> {
  const env = {
    ...process.env,
    ...AUTH,
    GATE_URL: service.url,
    NO_COLOR: '1',
    HOME: cwd,
    APPDEPLOY_CODE_CACHE: '',
  };
  const ids = uid === undefined ? {} : { uid, gid: uid };
  return new Promise((resolve) =>
    execFile(process.execPath, [BIN, ...args], { cwd, env, ...ids }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    ),
  );
}
