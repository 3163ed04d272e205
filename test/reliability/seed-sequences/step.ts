/**
 * One seed of a sequence, judged against the oracle (oracle.ts, from the docs): the plan's `+ ~ -`
 * keys are the edits', the records read over REST afterwards are the file's (people through the
 * environment's map, lookups filled by the platform, each key once), what it says it seeded is
 * its plan, and a second seed is "No changes.". With a fault (a 500 at a drawn bulk request, once
 * or until the seed gives up; a 429 the client retries; a 503 at a read; the built CLI killed
 * with SIGKILL while the service holds a bulk answer it carried out), `status` still says the
 * apps are in sync and the next seed plans what the service holds against the file and converges.
 * With another client editing a record between the seed's read and its write, the write is
 * refused for its revision and planned again (docs/records.md: "When a bulk request is refused
 * because a record changed since it was read ... seed reads the app again and plans again"): the
 * fields the file names end as the file says, the other client's edit of a field it does not
 * name stays.
 */
import { call, bulkRequests, holdBulkAnswer } from '../emulator-process.js';
import { startCommand } from '../apply-process.js';
import type { Draw } from '../apply-sequences/pick.js';
import { LookupMiss, type Expected, type State } from './oracle.js';
import { printed } from './outputs.js';
import { conflictSeed } from './conflict.js';
import {
  again,
  args,
  arm,
  BULK,
  bugIn,
  expected,
  planFindings,
  seededFindings,
  stateFindings,
  states,
  type SeedCall,
} from './judge.js';
import { APP_KEYS, type AppKey, type Env, type World } from './world.js';

export const MODES = [
  'plain',
  'conflict',
  'fault-500-once',
  'fault-500-always',
  'fault-429',
  'fault-503-read',
  'fault-upload',
  'kill',
  'kill-anytime',
] as const;
export type Mode = (typeof MODES)[number];

/** The seed to run this step: every app mostly; one app when that writes no lookup to a partner the app lacks. */
export async function drawCall(world: World, d: Draw, env: Env): Promise<SeedCall> {
  const c: SeedCall = {
    env,
    named: d.chance(0.7) ? [] : [d.pick(APP_KEYS)!],
    clean: d.chance(0.35),
    json: d.chance(0.4),
  };
  if (c.named[0] !== 'things') return c;
  try {
    await expected(world, c, await states(world, env));
    return c;
  } catch (e) {
    if (!(e instanceof LookupMiss)) throw e;
    return { ...c, named: [] };
  }
}

/** A plain seed: its plan, what it says, what it leaves, and a second seed with nothing to do. */
async function plainSeed(
  world: World,
  c: SeedCall,
  step: string,
  before = undefined as Record<AppKey, State> | undefined,
) {
  const want = await expected(world, c, before ?? (await states(world, c.env)));
  const run = await world.cli(args(c));
  const out = [...bugIn(step, run)];
  if (run.code !== 0) return [...out, `${step}: exit ${run.code}: ${run.stdout}${run.stderr}`];
  const got = printed(run, c.json);
  out.push(...planFindings(step, got, want), ...seededFindings(step, got, want));
  out.push(...(await stateFindings(world, c.env, step, want)));
  out.push(...(await again(world, c, step)));
  return out;
}

/** `status` after a seed stopped or killed: seed keeps no record, so every app is in sync. */
async function statusFindings(world: World, env: Env, step: string): Promise<string[]> {
  const run = await world.cli(['status', '--env', env]);
  const out = bugIn(`${step}: status`, run);
  if (run.code !== 0 || !run.stdout.includes('In sync'))
    out.push(`${step}: status (exit ${run.code}) is not "In sync": ${run.stdout}${run.stderr}`);
  return out;
}

/**
 * After a seed that may have stopped part-way: status, then the next seed plans what the service
 * holds against the file, and leaves what the first seed should have left.
 */
async function converges(world: World, c: SeedCall, step: string, first: Map<AppKey, Expected>) {
  await call(world.services[c.env].url, 'DELETE', '/_emulator/faults');
  const out = await statusFindings(world, c.env, step);
  const now = await states(world, c.env);
  out.push(...(await plainSeed(world, { ...c, json: false }, `${step}, the next seed`, now)));
  out.push(...(await stateFindings(world, c.env, `${step}, after the next seed`, first)));
  return out;
}

/** How many bulk requests the seed will send (adds, changes, deletes of each app: one each, at this size). */
const bulkCount = (want: Map<AppKey, Expected>) =>
  [...want.values()].reduce((n, e) => n + [e.add, e.change, e.delete].filter((l) => l.length > 0).length, 0);

/** A seed with a fault injected at the service. */
async function faultSeed(world: World, d: Draw, c: SeedCall, mode: Mode, step: string): Promise<string[]> {
  const want = await expected(world, c, await states(world, c.env));
  const skip = Math.floor(d.rnd() * Math.max(1, bulkCount(want)));
  if (mode === 'fault-500-once' || mode === 'fault-500-always')
    await arm(world, c.env, {
      method: 'POST',
      path: BULK,
      status: 500,
      skip,
      times: mode === 'fault-500-once' ? 1 : 50,
    });
  if (mode === 'fault-429')
    await arm(world, c.env, { method: 'POST', path: BULK, status: 429, skip, times: 2 });
  // An upload's 500 (its outcome unknown) is settled as a bulk request's: a fresh plan uploads again.
  if (mode === 'fault-upload')
    await arm(world, c.env, { method: 'POST', path: '^/k/v1/file\\.json$', status: 500, times: 1 });
  if (mode === 'fault-503-read')
    await arm(world, c.env, { method: 'GET', path: '^/k/v1/records\\.json$', status: 503, skip, times: 1 });
  const run = await world.cli(args(c));
  const out = bugIn(step, run);
  // A fault the client retries (429, a read's 503), or one a re-plan settles (one 500 at a bulk
  // request or an upload), ends well;
  // a 500 at every bulk request stops the seed (SEED.STOPPED), exit 1.
  const gaveUp = mode === 'fault-500-always' && bulkCount(want) > skip;
  const wantCode = gaveUp ? 1 : 0;
  if (run.code !== wantCode)
    out.push(`${step}: exit ${run.code}, expected ${wantCode}: ${run.stdout}${run.stderr}`);
  if (gaveUp && !/SEED\.STOPPED|stopped/.test(run.stdout + run.stderr))
    out.push(`${step}: a seed that gave up does not say it stopped: ${run.stdout}${run.stderr}`);
  // "`Seeded ...` counts what the reads find written, before the failure and after it": all of it.
  if (run.code === 0)
    out.push(
      ...planFindings(step, printed(run, c.json), want),
      ...seededFindings(step, printed(run, c.json), want),
    );
  return [...out, ...(await converges(world, c, step, want))];
}

/**
 * The built CLI killed with SIGKILL: while the service holds the answer of a bulk request it
 * carried out (`kill`), or at a drawn moment of its run, reading, uploading or writing (`kill-anytime`).
 */
async function killedSeed(
  world: World,
  d: Draw,
  c: SeedCall,
  step: string,
  anytime: boolean,
): Promise<string[]> {
  const want = await expected(world, c, await states(world, c.env));
  const { url } = world.services[c.env];
  const skip = Math.floor(d.rnd() * Math.max(1, bulkCount(want)));
  const before = await bulkRequests(url);
  if (!anytime) await holdBulkAnswer(url, skip, 20_000);
  const cleanups: (() => void | Promise<void>)[] = [];
  const seeding = startCommand('seed', world.root, args(c).slice(1), {}, cleanups);
  let ended = false;
  void seeding.exited.then(() => (ended = true));
  const deadline = Date.now() + (anytime ? 300 + Math.floor(d.rnd() * 1200) : 30_000);
  while (!ended && (anytime || (await bulkRequests(url)) - before < skip + 1) && Date.now() < deadline)
    await new Promise((r) => setTimeout(r, 10));
  // Let the held request be carried out (its body read) before the kill.
  if (!anytime) await new Promise((r) => setTimeout(r, 30 + Math.floor(d.rnd() * 50)));
  seeding.child.kill('SIGKILL');
  const exit = await seeding.exited;
  const out = bugIn(step, { code: exit.code, stdout: seeding.stdout(), stderr: seeding.stderr() });
  if (exit.signal !== 'SIGKILL' && exit.code !== 0)
    out.push(
      `${step}: ended ${JSON.stringify(exit)} before the kill: ${seeding.stdout()}${seeding.stderr()}`,
    );
  for (const clean of cleanups) await clean();
  return [...out, ...(await converges(world, c, step, want))];
}

/** The step's seed, run in `mode`. */
export async function runSeed(
  world: World,
  d: Draw,
  c: SeedCall,
  mode: Mode,
  step: string,
): Promise<string[]> {
  switch (mode) {
    case 'plain':
      return plainSeed(world, c, step);
    case 'kill':
    case 'kill-anytime':
      return killedSeed(world, d, c, step, mode === 'kill-anytime');
    case 'conflict':
      return (await conflictSeed(world, d, c, step)) ?? plainSeed(world, c, step);
    case 'fault-500-once':
    case 'fault-500-always':
    case 'fault-429':
    case 'fault-503-read':
    case 'fault-upload':
      return faultSeed(world, d, c, mode, step);
  }
}

/** A seed into the `protected: true` environment is refused whatever the flags, and writes nothing. */
export async function protectedFindings(world: World, d: Draw, step: string): Promise<string[]> {
  const before = await bulkRequests(world.services.a.url);
  const flags = [...(d.chance(0.5) ? ['--clean'] : []), ...(d.chance(0.5) ? ['--format', 'json'] : [])];
  const run = await world.cli(['seed', '--env', 'p', '--yes', ...flags]);
  const out = bugIn(`${step}: seed --env p`, run);
  if (run.code !== 1 || !/ENVIRONMENT\.PROTECTED|`protected: true`/.test(run.stdout + run.stderr))
    out.push(
      `${step}: seed into protected p (exit ${run.code}) not refused with ENVIRONMENT.PROTECTED: ${run.stdout}${run.stderr}`,
    );
  if ((await bulkRequests(world.services.a.url)) !== before) out.push(`${step}: seed into protected p wrote`);
  return out;
}
