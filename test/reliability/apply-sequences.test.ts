/**
 * A plan must never promise what apply cannot do. From a fixed seed, a project (the crm example
 * with the helpdesk's tickets app beside it) is applied, then changed step by step by random
 * valid edits of its manifests, several per step and some depending on each other (a field
 * removed with the views naming it, a field or status renamed with everything naming it), across
 * every settings area (apply-sequences/field-edits.ts, settings-edits.ts). After each step
 * (apply-sequences/step.ts): validate accepts; plan blocks nothing validate could have known;
 * the plan's JSON applies, or is refused for a risk without its flag and applies with it; a fresh
 * plan is empty and the live settings over REST are the manifest's; an export plans empty.
 * Now and then a fault at a random write makes apply fail: draft and live are as before,
 * `status` says the manifest is not applied, and the next apply converges.
 *
 * `APPLY_SEQ_SEED` picks the first seed, `APPLY_SEQ_ROUNDS` how many seeds run (one sequence
 * each), `APPLY_SEQ_STEPS` the steps of each (8 by default).
 */
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { apply } from '../../src/apply/index.js';
import { plan } from '../../src/plan/index.js';
import { useLocalService, adminCall } from '../support/service.js';
import { EXAMPLE_DIRECTORY } from '../support/example-directory.js';
import { seededRandom } from '../support/seeded-random.js';
import { FIELD_EDITS, type Edit } from './apply-sequences/field-edits.js';
import { draws } from './apply-sequences/pick.js';
import { SETTINGS_EDITS, editCustomize } from './apply-sequences/settings-edits.js';
import { judgeStep, validated } from './apply-sequences/step.js';
import {
  APP_KEYS,
  readManifests,
  startingProject,
  writeManifests,
  writeProjectFile,
} from './apply-sequences/world.js';

const SEED = Number(process.env.APPLY_SEQ_SEED ?? 20261128);
const ROUNDS = Number(process.env.APPLY_SEQ_ROUNDS ?? 1);
const STEPS = Number(process.env.APPLY_SEQ_STEPS ?? 8);
/**
 * By default a fixed seed and the seeds that once met a defect within their first 8 steps: 13
 * (export of a title field the app no longer has, step 8) and 38 (a copy action into a field
 * added in the same apply, step 2). Either variable set: ROUNDS seeds from SEED.
 */
const SEEDS =
  process.env.APPLY_SEQ_SEED === undefined && process.env.APPLY_SEQ_ROUNDS === undefined
    ? [SEED, 13, 38]
    : Array.from({ length: ROUNDS }, (_, i) => SEED + i);
/** One step in this many has a fault injected at a write. */
const FAULT_EVERY = 4;

/** Records in customers, so that removing a field or an option holding values is a risk. */
async function addRecords(url: string, id: string): Promise<void> {
  await adminCall(url, 'POST', '/k/v1/records.json', {
    app: id,
    records: [
      {
        customer_code: { value: 'ACME1' },
        company_name: { value: 'Acme' },
        industry: { value: 'Retail' },
        notes: { value: 'n' },
      },
      {
        customer_code: { value: 'GLOBX' },
        company_name: { value: 'Globex' },
        address: { value: 'Main St' },
        annual_revenue: { value: '12' },
      },
    ],
  });
}

describe('apply sequences', () => {
  const service = useLocalService({
    emulator: { deployMs: 10, ...EXAMPLE_DIRECTORY },
    client: { retry: { retries: 0 } },
  });

  it.each(SEEDS)(
    'seed %i: every step validates, plans, applies, converges and exports empty',
    async (seed) => {
      const d = draws(seededRandom(seed));
      const root = await startingProject(service.url);
      await mkdir(join(root, 'apps', 'customize'), { recursive: true });
      try {
        const first = (await validated(root)).project!;
        const applied = await apply({
          plan: await plan({ project: first, client: service.client }),
          project: first,
          client: service.client,
          pollIntervalMs: { initial: 10, max: 50 },
        });
        expect(applied.outcome).toBe('applied');
        const project = (await validated(root)).project!;
        await addRecords(service.url, project.apps.find((a) => a.key === 'customers')!.id!);
        const files: Record<string, string> = {};
        const edits: Record<string, Edit> = {
          ...FIELD_EDITS,
          ...SETTINGS_EDITS,
          editCustomize: editCustomize(files),
        };
        const names = Object.keys(edits);
        const log: string[] = [];
        for (let step = 1; step <= STEPS; step++) {
          const previous = await readManifests(root);
          const manifests = structuredClone(previous);
          const done: string[] = [];
          const count = 1 + Math.floor(d.rnd() * 3);
          for (let i = 0; i < count; i++) {
            const said = edits[d.pick(names)!]!(manifests, d.pick(APP_KEYS)!, d);
            if (said !== null) done.push(said);
          }
          await writeManifests(root, manifests);
          for (const [path, text] of Object.entries(files)) await writeProjectFile(root, path, text);
          const fault = d.rnd() < 1 / FAULT_EVERY;
          log.push(`step ${step}${fault ? ' (fault)' : ''}: ${done.join('; ')}`);
          const outcome = await judgeStep(service, root, d, fault);
          expect(outcome.findings, `seed ${seed}\n${log.join('\n')}`).toEqual([]);
          if (outcome.undo) await writeManifests(root, previous);
        }
      } finally {
        await rm(root, { recursive: true, force: true });
      }
    },
    240_000,
  );
});
