/**
 * `appdeploy seed` over many steps, as a team uses it. From a fixed seed, the records round trip's
 * project (things, with a table, a file field, user, group and organization fields and a lookup
 * of partners' key field; partners) is applied to two environments whose maps give the file's
 * people other codes, and its record files are edited step by step: 1-3 random edits a person
 * makes (seed-sequences/edits.ts: add, change, empty, remove, re-key, reorder, save as YAML, JSON
 * or CSV, add a table row, rewrite an attachment, point the lookup elsewhere). Each step runs the
 * built CLI's `seed --yes` into one environment (every app or one, now and then `--clean` or
 * `--format json`) and judges it against an oracle written from docs/records.md
 * (seed-sequences/oracle.ts, step.ts): the plan's `+ ~ -`, the records over REST afterwards, a
 * second seed with "No changes.". One step in four injects a fault (a 500 at a drawn bulk
 * request, once or always; a 429; a 503 at a read; a 500 at an upload) or kills the CLI with
 * SIGKILL (while the service holds a bulk answer, or at a drawn moment): `status` stays truthful
 * and the next seed converges, every key once. Now and then another client edits, deletes or adds
 * a record between the seed's read and its write (seed-sequences/conflict.ts), and a seed into the
 * `protected: true` environment is refused. No command exits 70 or says "Bug".
 *
 * `SEED_SEQ_SEED` picks the first seed, `SEED_SEQ_ROUNDS` how many seeds run (one sequence each),
 * `SEED_SEQ_STEPS` the steps of each (10 by default: about 30 s); `SEED_SEQ_MODE` runs every step
 * in one mode (`conflict`, `kill`, ...: step.ts's MODES) and `SEED_SEQ_LOG` prints each step.
 */
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../support/seeded-random.js';
import { draws } from './apply-sequences/pick.js';
import { EDITS } from './seed-sequences/edits.js';
import { drawCall, MODES, protectedFindings, runSeed, type Mode } from './seed-sequences/step.js';
import { ENVS, startWorld, writeWorld, type World } from './seed-sequences/world.js';

const SEED = Number(process.env.SEED_SEQ_SEED ?? 20261129);
const ROUNDS = Number(process.env.SEED_SEQ_ROUNDS ?? 1);
const STEPS = Number(process.env.SEED_SEQ_STEPS ?? 10);
const SEEDS = Array.from({ length: ROUNDS }, (_, i) => SEED + i);
/** One step in this many injects a fault or kills the CLI. */
const FAULT_EVERY = 4;
const FAULTS = MODES.filter((m) => m !== 'plain' && m !== 'conflict');

/** The steps of one seed's sequence: edits, a seed judged, now and then a protected environment tried. */
async function runSteps(world: World, seed: number): Promise<void> {
  const d = draws(seededRandom(seed));
  const log: string[] = [];
  let written = new Set<string>();
  for (let step = 1; step <= STEPS; step++) {
    const done: string[] = [];
    for (let i = 1 + Math.floor(d.rnd() * 3); i > 0; i--) {
      const said = EDITS[d.pick(Object.keys(EDITS))!]!(world, d);
      if (said !== null) done.push(said);
    }
    written = await writeWorld(world, written);
    const call = await drawCall(world, d, d.pick(ENVS)!);
    const drawn: Mode = d.chance(1 / FAULT_EVERY) ? d.pick(FAULTS)! : d.chance(0.15) ? 'conflict' : 'plain';
    const mode = (process.env.SEED_SEQ_MODE as Mode | undefined) ?? drawn;
    const flags = `${call.clean ? ' --clean' : ''}${call.json ? ' --format json' : ''}`;
    const name = `step ${step} (${mode}: seed ${call.named.join(' ')} --env ${call.env}${flags})`;
    log.push(`${name}: ${done.join('; ')}`);
    const findings = await runSeed(world, d, call, mode, name);
    if (d.chance(0.15)) findings.push(...(await protectedFindings(world, d, name)));
    if (process.env.SEED_SEQ_LOG) console.log(`seed ${seed} ${log.at(-1)!}`);
    expect(findings, `seed ${seed}\n${log.join('\n')}`).toEqual([]);
  }
}

describe('seed sequences', () => {
  it.each(SEEDS)(
    'seed %i: every seed plans the edits, writes the file, converges after faults and kills',
    async (seed) => {
      // A world of its own per seed: a failure replays from its seed alone.
      const world = await startWorld();
      try {
        await runSteps(world, seed);
      } finally {
        await world.close();
      }
    },
    600_000,
  );
});
