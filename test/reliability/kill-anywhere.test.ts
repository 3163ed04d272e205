import { readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { appdeploy } from '../support/cli.js';
import { EMU_ENV, emulatorAndProject, type Cleanups } from './emulator-process.js';
import { expectConverged, expectTruthfulStatus, type World } from './kill-anywhere/checks.js';
import { apiRequests, describeMoment, runAndKill, type KillMoment } from './kill-anywhere/kill.js';
import { projectIds, records, serviceApps, type Values } from './kill-anywhere/service-state.js';
import {
  between,
  csv,
  customer,
  random,
  RECORDS_FILE,
  writeProject,
  type Customer,
  type StateName,
} from './kill-anywhere/world.js';

/**
 * kill -9 at a moment drawn from a seed, in every command that writes: the built CLI against a
 * local service in a process of its own, on a project of two apps. Each round kills one command
 * (apply of settings across areas with a new app deployed in two steps and a customization file,
 * seed of 2,000 records and `seed --clean`, apply with a field migration over them, restore of a
 * backup, export --records) once the service has seen its Nth request: either while the service
 * holds the answer of a request it carried out, or a few milliseconds after one arrived. After
 * each kill `status` must agree with the service (checks.ts) and the same command run again must
 * converge: exit 0, an empty plan, every record value kept, no temporary field, lock or file left.
 *
 * A fixed seed by default; `KILL_ANYWHERE_SEED` picks another, `KILL_ANYWHERE_ROUNDS` kills each
 * command that many times in a row before letting it finish (each kill from where the last left).
 */
const SEED = Number(process.env.KILL_ANYWHERE_SEED ?? 20261128);
const ROUNDS = Number(process.env.KILL_ANYWHERE_ROUNDS ?? 1);
const CUSTOMERS = 2000;
const FIELDS = ['code', 'name', 'notes', 'qty', 'region'];

const cleanups: Cleanups = [];
afterEach(async () => {
  for (const clean of cleanups.splice(0).reverse()) await clean();
});

const next = random(SEED);
/** The kills of this run, named in a failure: the moment is what reproduces it. */
const story: string[] = [];

/** A moment among the first `requests` requests of the command, as many as a whole run sends. */
function moment(requests: number): KillMoment {
  const request = between(next, 1, requests);
  return next() < 0.5
    ? { request, how: 'answer-lost', delayMs: 0 }
    : { request, how: 'after', delayMs: between(next, 0, 30) };
}

function byCode(values: Map<string, Values>): Map<string, Values> {
  return new Map([...values.values()].map((v) => [v.code!, v]));
}

/** Plain values as the records API reads them back: an empty choice reads as nothing chosen. */
const asRead = (c: Customer): Values => ({ ...c });

describe('kill -9 anywhere', { timeout: 300_000 }, () => {
  it(`seed ${SEED}: status tells the truth after each kill, and the same command converges`, async () => {
    const { emu, project } = await emulatorAndProject('kill-anywhere', cleanups, 'SIGKILL', 50);
    const root = project.path;
    const url = emu.url;
    const w: World = { url, root, run: (...args) => appdeploy([...args, '--env', 'emu'], root, EMU_ENV) };
    let version = 1;
    const state = async (name: StateName) => writeProject(root, url, name, ++version, await projectIds(root));
    const customersId = async () => String((await projectIds(root)).customers);
    const must = async (...args: string[]) => {
      const done = await w.run(...args);
      expect(done.code, `${args.join(' ')}\n${done.stdout}${done.stderr}`).toBe(0);
      return done;
    };

    /**
     * Kills `command` at a moment among its first `requests`, checks status, and runs it again
     * (ROUNDS kills in a row, then to its end) until it converges.
     */
    async function killRound(command: string, args: string[], requests: number): Promise<void> {
      let told = '';
      for (let round = 1; round <= ROUNDS + 1; round++) {
        const last = round > ROUNDS;
        const m: KillMoment = last ? { request: 1e9, how: 'after', delayMs: 0 } : moment(requests);
        const sent = await apiRequests(url);
        const killed = await runAndKill(url, root, command, args, m, cleanups);
        const at = `seed ${SEED}: ${command} ${args.join(' ')} killed ${describeMoment(m)}`;
        story.push(`${at}: ${killed.killed ? 'killed' : `ended first (${killed.code})`}`);
        if (!killed.killed) {
          const output = `${at}\n${killed.stdout}${killed.stderr}`;
          if (killed.code !== 0 && /never got its answer/.test(killed.stderr)) {
            // The one kill moment the next run cannot finish alone (recovery-adopt.ts): the create
            // call of a new app carried out, its answer lost, the app a draft that no list shows.
            // The run says so and what to do, as status said: give the app's id in appdeploy.yaml.
            expect(told, at).toContain('until told which app the service made');
            await giveStrayId(w, 'orders');
            round--;
            continue;
          }
          expect(killed.code, output).toBe(0);
          story.push(`  ${(await apiRequests(url)) - sent} requests`);
          await expectConverged(w, at);
          return;
        }
        told = await expectTruthfulStatus(w, at);
      }
    }

    // The start: customers alone, no records.
    await state('start');
    await writeFile(join(root, RECORDS_FILE), csv([]));
    await must('apply', '--yes');

    // Settings across areas, the new app orders (two deploy steps) and a customization file.
    await state('two apps');
    await killRound('apply', ['--yes'], 48);
    // Settings changed again in both apps, the customization file with another content.
    await state('settings changed');
    await killRound('apply', ['--yes'], 51);

    // Seed 2,000 records; each key written exactly once, with the file's values.
    const first = Array.from({ length: CUSTOMERS }, (_, i) => customer(i));
    await writeFile(join(root, RECORDS_FILE), csv(first));
    await killRound('seed', ['--yes'], 4);
    await expectRecords(first);

    // seed --clean: 200 records changed, 200 deleted, 100 added.
    const second = [
      ...first.slice(0, CUSTOMERS - 200).map((c, i) => (i % 14 === 0 ? customer(i, 1) : c)),
      ...Array.from({ length: 100 }, (_, i) => customer(CUSTOMERS + i)),
    ];
    await writeFile(join(root, RECORDS_FILE), csv(second));
    await killRound('seed', ['--yes', '--clean'], 10);
    await expectRecords(second);

    // A migration: notes from MULTI_LINE_TEXT to SINGLE_LINE_TEXT, every value kept.
    const beforeMigration = await records(url, await customersId(), FIELDS);
    await state('migrated');
    await killRound('apply', ['--yes'], 155);
    expect(await records(url, await customersId(), FIELDS)).toEqual(beforeMigration);

    // A backup (qty removed with its values), qty added again, the backup restored.
    await state('qty removed');
    await writeFile(join(root, RECORDS_FILE), 'code,name\n');
    await must('apply', '--yes', '--allow-data-loss');
    await state('migrated');
    await writeFile(join(root, RECORDS_FILE), csv(second));
    await must('apply', '--yes');
    const backups = join(root, '.appdeploy', 'backups', 'emu');
    const backup = (await readdir(backups))
      .filter((f) => f.endsWith('.jsonl'))
      .sort()
      .at(-1)!;
    await killRound('restore', [join('.appdeploy', 'backups', 'emu', backup), '--yes'], 16);
    expect(await records(url, await customersId(), FIELDS)).toEqual(beforeMigration);

    // export --records: the file written again from the service, whole.
    await writeFile(join(root, RECORDS_FILE), 'code,name\n');
    await killRound('export', ['--records', '--app', 'customers'], 8);
    const seeded = await w.run('seed', '--dry-run', '--detailed-exitcode');
    expect(seeded.code, seeded.stdout + seeded.stderr).toBe(0);

    async function expectRecords(file: readonly Customer[]): Promise<void> {
      const read = await records(url, await customersId(), FIELDS);
      expect(read.size, story.join('\n')).toBe(file.length);
      expect(Object.fromEntries(byCode(read)), story.join('\n')).toEqual(
        Object.fromEntries(file.map((c) => [c.code, asRead(c)])),
      );
      const dry = await w.run('seed', '--dry-run', '--detailed-exitcode');
      expect(dry.code, dry.stdout + dry.stderr).toBe(0);
    }
  });
});

/** Gives app `key` the id of the app on the service no app of the project has: as the refusal says. */
async function giveStrayId(w: World, key: string): Promise<void> {
  const ids = await projectIds(w.root);
  const known = new Set(Object.values(ids).map(String));
  const strays = (await serviceApps(w.url, Math.max(0, ...Object.values(ids)))).filter(
    (id) => !known.has(id),
  );
  expect(strays.length).toBe(1);
  const { readFile } = await import('node:fs/promises');
  const { parse, stringify } = await import('yaml');
  const path = join(w.root, 'appdeploy.yaml');
  const config = parse(await readFile(path, 'utf8'));
  config.apps[key].ids = { emu: Number(strays[0]) };
  await writeFile(path, stringify(config));
}
