/**
 * One project promoted through two or three environments, swept from a seed: each environment a
 * local service on port 0 whose directory knows the manifests' people by other codes (or the same),
 * appdeploy.yaml's maps between them drawn per kind (none, complete, partial, `~`, chained), and
 * manifests and a record file naming people in every place they can (environments-sweep/world.ts).
 * Through the CLI's main(), as a person runs it:
 *
 * validate passes for every environment; apply to each converges (a fresh plan is empty) and the
 * service then holds exactly the mapped codes, each a code its directory knows, nothing left out
 * by `~` (oracle.ts, from the README's "Promoting a project through environments"); export from
 * another environment leaves the manifests byte for byte (no churn); apply to the first again
 * leaves every environment's plan empty; seed writes the record file into each environment that is
 * not `protected: true` (people mapped), and export --records from each gives back the same bytes;
 * a protected environment refuses seed, whatever the flags, and nothing else (docs/records.md);
 * status of each says in sync, whatever another environment's lock holds; no output names any
 * environment's password; no command exits 70 or says "Bug".
 *
 * `ENV_SWEEP_SEED` and `ENV_SWEEP_ROUNDS` run it with another seed or more rounds.
 */
import { readFile, rm, writeFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { startEmulator, type RunningEmulator } from '../../src/emulator/index.js';
import { runMain, type MainRun } from '../support/main-in-process.js';
import { seededRandom } from '../support/seeded-random.js';
import { tempProject } from '../support/temp-project.js';
import { FAULTS, makeFault, undo, type Made } from './environments-sweep/faults.js';
import {
  call,
  expectedEntities,
  expectedFilter,
  expectedLeftOut,
  nodeAt,
  filtersIn,
  get,
  liveSettings,
  locations,
} from './environments-sweep/oracle.js';
import {
  pick,
  NOTES_MANIFEST,
  PLACES,
  emulatorDirectory,
  environment,
  projectFile,
  records,
  targetIn,
  thingsManifest,
  type Environment,
  type Kind,
  type Place,
} from './environments-sweep/world.js';

const SEED = Number(process.env.ENV_SWEEP_SEED ?? 20261128);
const ROUNDS = Number(process.env.ENV_SWEEP_ROUNDS ?? 6);
const NAMES = ['dev', 'staging', 'production'];

interface Round {
  round: number;
  random: () => number;
  root: string;
  /** The record file as the round wrote it. */
  records: string;
  envs: Environment[];
  services: Map<string, RunningEmulator>;
  things: Record<string, unknown>;
  problems: string[];
}

let open: RunningEmulator[] = [];
let roots: string[] = [];
afterEach(async () => {
  for (const emulator of open) await emulator.close();
  for (const root of roots) await rm(root, { recursive: true, force: true });
  open = [];
  roots = [];
});

async function world(round: number): Promise<Round> {
  const random = seededRandom(SEED + round);
  const count = random() < 0.5 ? 2 : 3;
  const envs = NAMES.slice(0, count).map((name, i) =>
    environment(random, name, i === count - 1 && random() < 0.6),
  );
  const services = new Map<string, RunningEmulator>();
  for (const env of envs) {
    const emulator = await startEmulator({ port: 0, deployMs: 5, ...emulatorDirectory(env) });
    open.push(emulator);
    services.set(env.name, emulator);
  }
  const places = new Set<Place>(PLACES.filter(() => random() < 0.7));
  const things = thingsManifest(random, places);
  const root = await tempProject('appdeploy-env-sweep-', {
    'appdeploy.yaml': projectFile(
      envs,
      Object.fromEntries([...services].map(([n, s]) => [n, s.url])),
      random() < 0.5,
    ),
    'apps/things.yaml': stringify(things),
    'apps/notes.yaml': stringify(NOTES_MANIFEST),
    'records/things.yaml': stringify(records(random, envs, 3 + Math.floor(random() * 4), random() < 0.5)),
  });
  roots.push(root);
  return {
    round,
    random,
    root,
    records: await readFile(join(root, 'records/things.yaml'), 'utf8'),
    envs,
    services,
    things,
    problems: [],
  };
}

/** main() in the project, its outcome checked for a bug's marks and for secrets. */
async function cli(r: Round, step: string, args: string[], want: number): Promise<MainRun> {
  const run = await runMain([...args, '-C', r.root]);
  const text = run.out + run.err;
  if (run.code !== want)
    r.problems.push(`${step}: exit ${run.code}, wanted ${want}:\n${text.slice(0, 3000)}`);
  if (run.code === 70 || /\bbug\b/i.test(text)) r.problems.push(`${step}: a bug:\n${text.slice(0, 3000)}`);
  for (const env of r.envs)
    if (text.includes(env.password)) r.problems.push(`${step}: shows the password of ${env.name}`);
  return run;
}

const idOf = async (r: Round, env: string, app: string): Promise<string> => {
  const config = await readFile(join(r.root, 'appdeploy.yaml'), 'utf8');
  const block = new RegExp(`^  ${app}:[\\s\\S]*?ids:\\s*\\n?((?:\\s+\\w+: \\d+\\n)+|\\{[^}]*\\})`, 'm').exec(
    config,
  );
  const id = block && new RegExp(`${env}: (\\d+)`).exec(block[1]!)?.[1];
  if (!id) throw new Error(`no id of ${app} in ${env}:\n${config}`);
  return id;
};

/** The service of `env` holds what the docs say the manifest becomes there. */
async function checkLive(r: Round, env: Environment, step: string) {
  const service = r.services.get(env.name)!;
  const app = await idOf(r, env.name, 'things');
  const live = await liveSettings(service.url, env.password, app, r.things);
  const want = expectedEntities(r.things, env);
  if (JSON.stringify(live.entities) !== JSON.stringify(want))
    r.problems.push(`${step}: ${env.name} holds ${live.entities.join(' ')}\n  wanted ${want.join(' ')}`);
  const filters = filtersIn(r.things)
    .map((f) => expectedFilter(f, env))
    .sort();
  if (JSON.stringify(live.filters) !== JSON.stringify(filters))
    r.problems.push(
      `${step}: ${env.name} filters ${JSON.stringify(live.filters)}, wanted ${JSON.stringify(filters)}`,
    );
}

/** plan lists each item the environment leaves out, at the manifest's file:line:col of the item. */
async function checkLeftOut(r: Round, env: Environment) {
  const run = await cli(
    r,
    `plan ${env.name} --format json`,
    ['plan', '--env', env.name, '--format', 'json'],
    0,
  );
  if (run.code !== 0) return;
  const app = (
    JSON.parse(run.out) as { apps: { key: string; leftOut?: { path: string; location: string }[] }[] }
  ).apps.find((a) => a.key === 'things');
  const leftOut = app?.leftOut ?? [];
  const want = expectedLeftOut(r.things, env);
  if (leftOut.length !== want)
    r.problems.push(
      `plan ${env.name}: ${leftOut.length} items left out, wanted ${want}: ${JSON.stringify(leftOut)}`,
    );
  const text = await readFile(join(r.root, 'apps/things.yaml'), 'utf8');
  for (const item of leftOut) {
    const at = `apps/things.yaml:${nodeAt(text, item.path)}`;
    if (!item.location.endsWith(at))
      r.problems.push(
        `plan ${env.name}: ${item.path} located at ${item.location}, the yaml library says ${at}`,
      );
  }
}

/** Whether the record file names a code the environment maps to `~`. */
function leavesOutSome(r: Round, env: Environment): boolean {
  return recordsWithout(parse(r.records), env) !== recordsWithout(parse(r.records), null);
}

const PEOPLE_FIELDS: Record<string, Kind> = { owner: 'users', team: 'groups', dept: 'organizations' };

/**
 * Records by key, each people field as a sorted list of codes with those `env` maps to `~`
 * taken out (none when null), emptied fields and rows' emptied columns left out: what an export
 * of what seed wrote there holds.
 */
function recordsWithout(records: unknown, env: Environment | null): string {
  const keep = (kind: Kind, value: unknown) =>
    (Array.isArray(value) ? value : [value])
      .filter((c): c is string => typeof c === 'string' && (env === null || targetIn(env, kind, c) !== null))
      .sort();
  const out = (records as Record<string, unknown>[]).map((record) => {
    const plain: Record<string, unknown> = {};
    for (const [field, value] of Object.entries(record)) {
      const kind = PEOPLE_FIELDS[field];
      if (kind !== undefined) {
        const codes = keep(kind, value);
        if (codes.length > 0) plain[field] = codes;
      } else if (field === 'lines')
        plain[field] = (value as Record<string, unknown>[]).map((row) => {
          const who = keep('users', row['who']);
          return { item: row['item'], ...(who.length > 0 ? { who } : {}) };
        });
      else plain[field] = value;
    }
    return plain;
  });
  return JSON.stringify(out.sort((a, b) => String(a['key']).localeCompare(String(b['key']))));
}

async function snapshot(r: Round): Promise<string> {
  const files = ['appdeploy.yaml', 'apps/things.yaml', 'apps/notes.yaml', 'records/things.yaml'];
  return (
    await Promise.all(files.map(async (f) => `--- ${f}\n${await readFile(join(r.root, f), 'utf8')}`))
  ).join('\n');
}

async function plansEmpty(r: Round, step: string) {
  for (const env of r.envs)
    await cli(r, `${step}: plan ${env.name}`, ['plan', '--env', env.name, '--detailed-exitcode'], 0);
}

async function recordsIn(r: Round, env: Environment): Promise<unknown[]> {
  const app = await idOf(r, env.name, 'things');
  const body = (await get(r.services.get(env.name)!.url, env.password, `/k/v1/records.json?app=${app}`)) as {
    records: unknown[];
  };
  return body.records;
}

async function sweep(r: Round) {
  for (const env of r.envs) await cli(r, `validate ${env.name}`, ['validate', '--env', env.name], 0);
  if (r.problems.length > 0) return;
  for (const env of r.envs) {
    await cli(r, `apply ${env.name}`, ['apply', '--env', env.name, '--yes'], 0);
    await cli(r, `plan after apply ${env.name}`, ['plan', '--env', env.name, '--detailed-exitcode'], 0);
    await checkLive(r, env, `apply ${env.name}`);
    await checkLeftOut(r, env);
  }
  if (r.problems.length > 0) return;
  // Promotion: export from the last environment, apply to the first again.
  const before = await snapshot(r);
  const last = r.envs.at(-1)!;
  await cli(r, `export ${last.name}`, ['export', '--env', last.name, '--app', 'things', '--app', 'notes'], 0);
  const after = await snapshot(r);
  if (after !== before)
    r.problems.push(`export ${last.name} churned the project:\n${after}\n---- was:\n${before}`);
  await cli(r, `apply ${r.envs[0]!.name} again`, ['apply', '--env', r.envs[0]!.name, '--yes'], 0);
  await plansEmpty(r, 'after promotion');

  // Records: seed into each environment but a protected one, which refuses whatever the flags.
  let reference: string | undefined;
  const recordFile = join(r.root, 'records/things.yaml');
  const original = await readFile(recordFile, 'utf8');
  for (const env of r.envs) {
    if (env.protected) {
      for (const flags of [
        ['--yes'],
        ['--dry-run'],
        ['--clean', '--yes'],
        ['--dry-run', '--detailed-exitcode'],
      ]) {
        const run = await cli(
          r,
          `seed ${env.name} ${flags.join(' ')}`,
          ['seed', '--env', env.name, ...flags],
          1,
        );
        if (!/ENVIRONMENT\.PROTECTED|protected: true/.test(run.err + run.out))
          r.problems.push(`seed of protected ${env.name} ${flags.join(' ')} did not say why: ${run.err}`);
      }
      if ((await recordsIn(r, env)).length !== 0) r.problems.push(`seed wrote into protected ${env.name}`);
      // Reading is not writing (docs/records.md): export --records from it works.
      const file = join(r.root, 'records/things.yaml');
      const kept = await readFile(file, 'utf8');
      await cli(
        r,
        `export --records ${env.name} (protected)`,
        ['export', '--records', '--app', 'things', '--env', env.name],
        0,
      );
      await writeFile(file, kept);
      continue;
    }
    await writeFile(recordFile, original);
    await cli(r, `seed ${env.name}`, ['seed', '--env', env.name, '--yes'], 0);
    await cli(
      r,
      `seed again ${env.name}`,
      ['seed', '--env', env.name, '--dry-run', '--detailed-exitcode'],
      0,
    );
    await cli(
      r,
      `export --records ${env.name}`,
      ['export', '--records', '--app', 'things', '--env', env.name],
      0,
    );
    const exported = await readFile(recordFile, 'utf8');
    // docs/records.md: seed leaves out a code mapped to ~; export maps the others back.
    const want = recordsWithout(parse(original), env);
    const got = recordsWithout(parse(exported), null);
    if (JSON.stringify(got) !== JSON.stringify(want))
      r.problems.push(
        `export --records ${env.name}: ${JSON.stringify(got)}\n  wanted ${JSON.stringify(want)}`,
      );
    if (!leavesOutSome(r, env)) {
      if (reference === undefined) reference = exported;
      else if (exported !== reference)
        r.problems.push(
          `export --records ${env.name} differs from the first environment's:\n${exported}\n---- first:\n${reference}`,
        );
    }
  }
  await writeFile(recordFile, original);
  await plansEmpty(r, 'after seeds');
  for (const env of r.envs) await cli(r, `status ${env.name}`, ['status', '--env', env.name], 0);
  // Half the rounds each, to keep the default run short.
  if (r.round % 2 === 0) {
    await otherEnvironmentsFiles(r);
    await secretsInReports(r);
  } else {
    await exportAll(r);
    await driftInOne(r);
  }
}

/**
 * An apply of one environment running (its lock, held by a live process: this one) and a
 * recovery record it cannot read: docs/errors.md, APPLY.RUNNING and APPLY.RECOVERY_RECORD name
 * `.appdeploy/apply-<env>.*`, so they stop that environment's commands and no other's.
 */
async function otherEnvironmentsFiles(r: Round) {
  const busy = pick(r.random, r.envs);
  await mkdir(join(r.root, '.appdeploy'), { recursive: true });
  const lock = join(r.root, '.appdeploy', `apply-${busy.name}.lock`);
  const record = join(r.root, '.appdeploy', `apply-${busy.name}.json`);
  await writeFile(lock, String(process.pid));
  const running = await cli(
    r,
    `apply ${busy.name} while its lock is held`,
    ['apply', '--env', busy.name, '--yes'],
    1,
  );
  if (!running.err.includes('APPLY.RUNNING') && !running.err.includes('another apply'))
    r.problems.push(`apply ${busy.name} with its lock held: ${running.err}`);
  await writeFile(record, '{ not a recovery record');
  await cli(r, `status ${busy.name} with its record unreadable`, ['status', '--env', busy.name], 1);
  for (const env of r.envs.filter((e) => e !== busy)) {
    for (const args of [['status'], ['apply', '--yes'], ['plan', '--detailed-exitcode']]) {
      const run = await cli(
        r,
        `${args[0]} ${env.name} beside ${busy.name}'s files`,
        [...args, '--env', env.name],
        0,
      );
      if ((run.out + run.err).includes(`apply-${busy.name}`))
        r.problems.push(`${args[0]} ${env.name} names ${busy.name}'s files: ${run.out}${run.err}`);
    }
  }
  await rm(lock);
  await rm(record);
  await cli(r, `status ${busy.name} once they are gone`, ['status', '--env', busy.name], 0);
}

/** export --all from an environment: every app the service shows is one of the project's, unchanged. */
async function exportAll(r: Round) {
  const env = pick(r.random, r.envs);
  const before = await snapshot(r);
  await cli(r, `export --all ${env.name}`, ['export', '--env', env.name, '--all'], 0);
  const after = await snapshot(r);
  if (after !== before)
    r.problems.push(`export --all ${env.name} churned the project:\n${after}\n---- was:\n${before}`);
}

/**
 * A change made on one environment's service (a label, deployed): status of that environment
 * says it drifted (exit 2), every other's stays in sync; apply puts it back.
 */
async function driftInOne(r: Round) {
  const env = pick(r.random, r.envs);
  const { url } = r.services.get(env.name)!;
  const app = await idOf(r, env.name, 'things');
  await call(url, env.password, 'PUT', '/k/v1/preview/app/form/fields.json', {
    app,
    properties: { due: { type: 'DATE', label: 'Changed on the service' } },
  });
  await call(url, env.password, 'POST', '/k/v1/preview/app/deploy.json', { apps: [{ app }] });
  for (let i = 0; i < 100; i++) {
    const { apps } = (await get(url, env.password, `/k/v1/preview/app/deploy.json?apps[0]=${app}`)) as {
      apps: { status: string }[];
    };
    if (apps[0]?.status === 'SUCCESS') break;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  for (const other of r.envs)
    await cli(
      r,
      `status ${other.name} after a change in ${env.name}`,
      ['status', '--env', other.name],
      other === env ? 2 : 0,
    );
  await cli(r, `apply ${env.name} after its change`, ['apply', '--env', env.name, '--yes'], 0);
  await plansEmpty(r, `after the change in ${env.name}`);
}

/** Plans in every format, for every environment: no password of any environment in them (cli checks). */
async function secretsInReports(r: Round) {
  for (const env of r.envs)
    for (const format of ['json', 'markdown'])
      await cli(r, `plan ${env.name} --format ${format}`, ['plan', '--env', env.name, '--format', format], 0);
}

/** A mistake in the maps or files: refused where the docs say, located, nothing written; undone. */
async function mistake(r: Round) {
  // In turn, so that the default rounds make each mistake once.
  const fault = FAULTS[r.round % FAULTS.length]!;
  const candidates = fault === 'unknown-in-records' ? r.envs.filter((e) => !e.protected) : r.envs;
  const env = pick(r.random, candidates);
  const before = await Promise.all(r.envs.map((e) => recordsIn(r, e)));
  const made = await makeFault(r.random, r.root, fault, env);
  const step = `${fault} in ${env.name}`;
  const refusedBy = made[0]!.refusedBy;
  const command =
    refusedBy === 'validate'
      ? ['validate', '--env', env.name]
      : refusedBy === 'plan'
        ? ['plan', '--env', env.name]
        : ['seed', '--env', env.name, '--yes'];
  const run = await cli(r, `${step}: ${refusedBy}`, command, 1);
  await located(r, step, run.out + run.err, made);
  if (refusedBy !== 'seed') {
    const applied = await cli(r, `${step}: apply`, ['apply', '--env', env.name, '--yes'], 1);
    await located(r, `${step}: apply`, applied.out + applied.err, made);
  }
  const after = await Promise.all(r.envs.map((e) => recordsIn(r, e)));
  if (JSON.stringify(after) !== JSON.stringify(before)) r.problems.push(`${step}: records were written`);
  await undo(r.root, made);
  await plansEmpty(r, `${step} undone`);
  return fault;
}

/** The output names the code, at a file:line:col whose line holds what the mistake put there. */
async function located(r: Round, step: string, text: string, made: readonly Made[]) {
  const want = made[0]!;
  if (!text.includes(`"${want.names}"`))
    r.problems.push(`${step}: does not name "${want.names}":\n${text.slice(0, 2000)}`);
  const at = (await locations(r.root, text)).filter((l) => l.at.startsWith(want.file + ':'));
  if (want.at !== '' && !at.some((l) => l.line.includes(want.at)))
    r.problems.push(
      `${step}: no ${want.file}:line:col at "${want.at}": ${JSON.stringify(at)}\n${text.slice(0, 2000)}`,
    );
}

describe(`environments sweep (seed ${SEED}, ${ROUNDS} rounds)`, () => {
  for (let round = 0; round < ROUNDS; round++)
    it(`round ${round}`, async () => {
      const r = await world(round);
      await sweep(r);
      if (r.problems.length === 0) await mistake(r);
      expect(
        r.problems,
        `${JSON.stringify(r.envs.map((e) => ({ name: e.name, modes: e.modes, maps: e.maps, platform: e.platform, protected: e.protected })))}`,
      ).toEqual([]);
    }, 120_000);
});
