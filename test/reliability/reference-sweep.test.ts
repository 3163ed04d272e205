/**
 * Cross-app references, fuzzed from a fixed seed: "a plan must never promise what apply cannot
 * do" where apps name each other's fields. Three apps (reference-sweep/world.ts: master, orders
 * looking master up, notes looking orders up, master listing orders: a cycle) are applied, given
 * records, then changed step by step by random edits that touch a referenced field and the
 * references to it together or apart (reference-sweep/edits.ts): remove, rename (`renamedFrom`),
 * retype (a migration), unique and options changed, a field moved into or out of a table, an app
 * taken out of the project or put back, the apps reordered, a new app looking master up by a
 * field added in the same apply, a cycle; and edits the platform refuses (a copy between types
 * it does not pair, two lookups copying into one field, a lookup keyed on a date), which validate
 * must refuse. After each step (reference-sweep/judge.ts): a blocked plan is refused by apply
 * with nothing written; otherwise apply succeeds, a fresh plan is empty and the live settings
 * over REST are the manifests' (the references too: related app by id, key, copies, pickers,
 * condition, shown fields); one step in four has a fault at a random write, after which draft
 * and live are as before.
 *
 * `REF_SWEEP_SEED` picks the first seed, `REF_SWEEP_ROUNDS` how many seeds run, `REF_SWEEP_STEPS`
 * the steps of each (10 by default).
 */
import { rm } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { adminCall, useLocalService } from '../support/service.js';
import { EXAMPLE_DIRECTORY } from '../support/example-directory.js';
import { seededRandom } from '../support/seeded-random.js';
import { draws } from './apply-sequences/pick.js';
import { EDITS, type Done } from './reference-sweep/edits.js';
import { judgeStep } from './reference-sweep/judge.js';
import { newProjectFolder, startingWorld, writeWorld, type World } from './reference-sweep/world.js';

const SEED = Number(process.env.REF_SWEEP_SEED ?? 20261129);
const ROUNDS = Number(process.env.REF_SWEEP_ROUNDS ?? 3);
const STEPS = Number(process.env.REF_SWEEP_STEPS ?? 10);
const SEEDS = Array.from({ length: ROUNDS }, (_, i) => SEED + i);
const FAULT_EVERY = 4;

/** Records in master, orders (their lookup copying master's) and notes. */
async function addRecords(url: string, w: World): Promise<void> {
  const add = (app: string, records: unknown[]) =>
    adminCall(url, 'POST', '/k/v1/records.json', { app: w.ids[app], records });
  await add(
    'master',
    [1, 2, 3].map((i) => ({
      code: { value: `M${i}` },
      num: { value: String(i) },
      title: { value: `Title ${i}` },
      price: { value: String(10 * i) },
      kind: { value: i % 2 ? 'A' : 'B' },
      day: { value: `2026-01-0${i}` },
      items: { value: [{ value: { item: { value: `i${i}` }, qty: { value: String(i) } } }] },
    })),
  );
  await add('orders', [
    { order_no: { value: 'O1' }, m_code: { value: 'M1' }, note: { value: 'n1' } },
    { order_no: { value: 'O2' }, m_code: { value: 'M2' } },
  ]);
  await add('notes', [{ subject: { value: 'S1' }, order_ref: { value: 'O1' } }]);
}

describe('reference sweep', () => {
  const service = useLocalService({
    emulator: { deployMs: 5, ...EXAMPLE_DIRECTORY },
    client: { retry: { retries: 0 } },
  });

  it.each(SEEDS)(
    'seed %i: references edited together or apart plan what apply does',
    async (seed) => {
      const d = draws(seededRandom(seed));
      const root = await newProjectFolder();
      let world = startingWorld();
      const log: string[] = [];
      try {
        await writeWorld(root, service.url, world);
        const first = await judgeStep(service, root, world, [], d, false);
        expect(first.findings, `seed ${seed} first apply: ${first.what}`).toEqual([]);
        await addRecords(service.url, world);
        const names = Object.keys(EDITS);
        for (let step = 1; step <= STEPS; step++) {
          const previous = structuredClone(world);
          const done: Done[] = [];
          const count = 1 + Math.floor(d.rnd() * 2);
          for (let i = 0; i < count; i++) {
            const did = EDITS[d.pick(names)!]!(world, d);
            if (did) done.push(did);
          }
          await writeWorld(root, service.url, world);
          const fault = d.rnd() < 1 / FAULT_EVERY;
          const verdict = await judgeStep(service, root, world, done, d, fault);
          log.push(
            `step ${step}${fault ? ' (fault)' : ''}: ${done.map((x) => x.said).join('; ')}\n    -> ${verdict.what}`,
          );
          if (process.env.REF_SWEEP_DEBUG) console.log(`seed ${seed} ${log[log.length - 1]}`);
          if (process.env.REF_SWEEP_COLLECT) for (const f of verdict.findings) console.log(`  FINDING ${f}`);
          else expect(verdict.findings, `seed ${seed}\n${log.join('\n')}`).toEqual([]);
          if (verdict.undo) {
            world = { ...previous, ids: world.ids };
            await writeWorld(root, service.url, world);
          }
        }
      } finally {
        await rm(root, { recursive: true, force: true });
      }
    },
    240_000,
  );
});
