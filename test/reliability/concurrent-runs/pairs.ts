/**
 * The pairs of the concurrent-runs sweep: a first run of the built CLI held at a step drawn from
 * the seed (gate.ts), a second run from start to end meanwhile, then the first let go. Each pair
 * says what it changes first, where the first may be held, what the second is, and which exits
 * each may end with; checks.ts then asks the same of every pair (no bug, convergence, no value
 * lost). What the second run must do is the documentation's: one apply at a time per environment
 * from a folder (README "Applying from CI", cli/apply-lock.ts), otherwise the platform's
 * revisions refuse the later write (DESIGN.md "Apply", spec/platform-facts.md "Revisions") and
 * the loser rolls back its own draft only.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parse } from 'yaml';
import type { Run } from '../../support/cli.js';
import { call } from '../emulator-process.js';
import type { Draw } from '../apply-sequences/pick.js';
import { appId } from './checks.js';
import type { Hold } from './gate.js';
import type { Checkout, Fields, World } from './world.js';

/** Where an apply may be held: one of its preview writes, or its deploy call. */
const APPLY_WRITE = /^(PUT|POST|DELETE) \/k\/v1\/preview\/app\/(?!deploy)/;
const DEPLOY = /^POST \/k\/v1\/preview\/app\/deploy\.json$/;
/** Where records are written: seed, restore and a migration's copy. */
const RECORD_WRITE = /^(POST|PUT|DELETE) \/k\/v1\/(bulkRequest|records?)\.json$/;

export interface Outcome {
  first: Run;
  second: Run;
}

export interface Pair {
  name: string;
  /** Edits the checkouts before the runs; returns what the runs and the checks need. */
  prepare(world: World, d: Draw): Promise<Setup>;
}

export interface Setup {
  first: { checkout: Checkout; args: string[]; holds: Hold[]; allowed: number[] };
  /** The second run, started once the first is held (a client's edit is a run of its own). */
  second: { label: string; run: () => Promise<Run>; allowed: number[] };
  /** Findings particular to the pair. */
  judge?(outcome: Outcome): Promise<string[]> | string[];
  /** Whether the runs write records (the checks then run a seed, which must converge). */
  records?: boolean;
  /** Values another client wrote that must be there at the end. */
  kept?: Record<string, Record<string, string>>;
}

/** The first checkout's manifest with title's label changed: a plain settings change. */
async function relabel(world: World, d: Draw): Promise<void> {
  world.fields = { ...world.fields, title: { ...world.fields.title, label: `Title ${d.fresh('v')}` } };
  await world.first.manifest(world.fields);
}

/** The first checkout's record file with every title tagged anew and `extra` records added. */
async function editRecords(world: World, d: Draw, extra: number): Promise<void> {
  const tag = d.fresh('s');
  const known = new Set(world.file.map((r) => r.ref));
  const added = Array.from({ length: extra }, (_, i) => `n${known.size + i + 1}`).filter(
    (ref) => !known.has(ref),
  );
  world.file = [
    ...world.file.map((r) => ({ ...r, title: `${r.title!.replace(/ s\d+$/, '')} ${tag}` })),
    ...added.map((ref) => ({ ref, title: `New ${ref} ${tag}`, amount: '1' })),
  ];
  await world.first.recordFile(world.file);
}
const applyHolds = (writes: number): Hold[] => [
  ...Array.from({ length: writes }, (_, i) => ({ match: APPLY_WRITE, nth: i + 1 })),
  { match: DEPLOY, nth: 1 },
];
const recordHolds = (n: number): Hold[] =>
  Array.from({ length: n }, (_, i) => ({ match: RECORD_WRITE, nth: i + 1 }));
const applyA = ['apply', '--env', 'a', '--yes'];

export const COUNT = 30;
const seedA = ['seed', '--env', 'a', '--yes'];

export const PAIRS: readonly Pair[] = [
  {
    name: 'apply + apply, one folder, one environment',
    async prepare(world, d) {
      await relabel(world, d);
      const { first } = world;
      return {
        first: { checkout: first, args: applyA, holds: applyHolds(1), allowed: [0] },
        second: { label: 'the second apply', run: () => first.run(applyA), allowed: [1] },
        judge: ({ second }) =>
          second.stderr.includes('another apply of environment "a" is running from this project (pid ')
            ? []
            : [`the second apply was not refused naming the running one:\n${second.stderr}`],
      };
    },
  },
  {
    name: 'apply + apply, two checkouts, one environment',
    async prepare(world, d) {
      const other = await world.clone();
      await other.manifest({
        ...world.fields,
        title: { ...world.fields.title, label: `Title ${d.fresh('b')}` },
        [d.fresh('note')]: { type: 'MULTI_LINE_TEXT', label: 'Note' },
      });
      await relabel(world, d);
      return {
        first: { checkout: world.first, args: applyA, holds: applyHolds(1), allowed: [0, 1] },
        second: { label: "the other checkout's apply", run: () => other.run(applyA), allowed: [0, 1] },
        judge: ({ first, second }) => [
          ...([first, second].some((r) => r.code === 0) || bothRefusedBeforeWriting(first, second)
            ? []
            : ['neither apply went through, and one of them rolled back']),
          // The other's draft may be an apply under way: the refusal must not only say to discard it.
          ...(/not deployed/.test(second.stdout) &&
          !second.stdout.includes('if such an apply runs, wait for it')
            ? [
                `the refusal of the other's draft says to discard it, not to wait for an apply under way:\n${second.stdout}`,
              ]
            : []),
        ],
      };
    },
  },
  duringApply(
    'apply + apply, one folder, two environments',
    'the apply of b',
    ['apply', '--env', 'b', '--yes'],
    [0],
  ),
  applyAndSeed('apply'),
  applyAndSeed('seed'),
  {
    name: 'seed + seed, one folder',
    async prepare(world, d) {
      await editRecords(world, d, 3);
      const { first } = world;
      return {
        records: true,
        first: { checkout: first, args: seedA, holds: recordHolds(2), allowed: [0, 1] },
        second: { label: 'the second seed', run: () => first.run(seedA), allowed: [0, 1] },
      };
    },
  },
  {
    name: 'apply with a field migration + seed',
    async prepare(world, d) {
      migrateAmount(world);
      await world.first.manifest(world.fields);
      await editRecords(world, d, 1);
      world.file[2] = { ...world.file[2]!, amount: String(100 + Math.floor(d.rnd() * 900)) };
      await world.first.recordFile(world.file);
      const { first } = world;
      return {
        records: true,
        first: {
          checkout: first,
          args: [...applyA, '--allow-data-loss'],
          holds: recordHolds(2),
          allowed: [0, 1],
        },
        second: { label: 'the seed', run: () => first.run(seedA), allowed: [0, 1] },
      };
    },
  },
  {
    name: 'apply with a field migration + another client editing records',
    async prepare(world, d) {
      const { first } = world;
      const app = await appId(first);
      const ref = d.fresh('x');
      const added = await call(world.url, 'POST', '/k/v1/record.json', {
        app,
        record: { ref: { value: ref }, title: { value: 'by hand' }, amount: { value: '5' } },
      });
      if (added.status !== 200) throw new Error(JSON.stringify(added.body));
      migrateAmount(world);
      await first.manifest(world.fields);
      const value = String(100 + Math.floor(d.rnd() * 900));
      const edit = async (): Promise<Run> => {
        const res = await call(world.url, 'PUT', '/k/v1/record.json', {
          app,
          id: added.body.id,
          record: { amount: { value } },
        });
        return { code: res.status === 200 ? 0 : 1, stdout: JSON.stringify(res.body), stderr: '' };
      };
      return {
        records: true,
        first: {
          checkout: first,
          args: [...applyA, '--allow-data-loss'],
          holds: recordHolds(2),
          allowed: [0],
        },
        second: { label: `the edit of ${ref}`, run: edit, allowed: [0] },
        kept: { [ref]: { amount: value } },
      };
    },
  },
  {
    name: 'restore + apply, one folder',
    async prepare(world, d) {
      // A backup of title's values: title removed with --allow-data-loss, then added again.
      const { first } = world;
      const folder = join(first.root, '.appdeploy', 'backups', 'a');
      const before = new Set(await readdir(folder).catch(() => []));
      const { title, ...withoutTitle } = world.fields;
      await first.manifest(withoutTitle);
      const removed = await first.run([...applyA, '--allow-data-loss']);
      if (removed.code !== 0) throw new Error(removed.stdout + removed.stderr);
      world.fields = { ...withoutTitle, title: title! };
      await first.manifest(world.fields);
      const added = await first.run(applyA);
      if (added.code !== 0) throw new Error(added.stdout + added.stderr);
      const backup = (await readdir(folder)).find((f) => f.endsWith('.jsonl') && !before.has(f))!;
      world.fields = { ...world.fields, amount: { ...world.fields.amount, label: `Amount ${d.fresh('v')}` } };
      await first.manifest(world.fields);
      return {
        records: true,
        first: {
          checkout: first,
          args: ['restore', join(folder, backup), '--env', 'a', '--yes'],
          holds: recordHolds(1),
          allowed: [0],
        },
        second: { label: 'the apply', run: () => first.run(applyA), allowed: [0] },
      };
    },
  },
  {
    name: 'apply + export from another checkout',
    async prepare(world, d) {
      const other = await world.clone();
      const before = String(world.fields.title!.label);
      await relabel(world, d);
      const after = String(world.fields.title!.label);
      return {
        first: { checkout: world.first, args: applyA, holds: applyHolds(1), allowed: [0] },
        second: {
          label: 'the export',
          run: () => other.run(['export', '--env', 'a', '--all']),
          allowed: [0],
        },
        judge: async () => {
          const text = await readFile(join(other.root, 'apps', 'orders.yaml'), 'utf8');
          const title = (parse(text) as { fields: Fields }).fields.title?.label;
          return title === before || title === after
            ? []
            : [`the export wrote title's label ${JSON.stringify(title)}: neither live's before nor after`];
        },
      };
    },
  },
  {
    name: 'apply + revert from another checkout',
    async prepare(world, d) {
      const other = await world.clone();
      await relabel(world, d);
      return {
        first: { checkout: world.first, args: applyA, holds: applyHolds(1), allowed: [0, 1] },
        second: {
          label: 'the revert',
          run: () => other.run(['revert', '--env', 'a', '--yes']),
          allowed: [0],
        },
      };
    },
  },
  duringApply('apply + plan --check, one folder', 'plan --check', ['plan', '--env', 'a', '--check'], [0, 1]),
];

/** A settings change applied from the first checkout, held; `args` run from the same folder meanwhile. */
function duringApply(name: string, label: string, args: string[], allowed: number[]): Pair {
  return {
    name,
    async prepare(world, d) {
      await relabel(world, d);
      const { first } = world;
      return {
        first: { checkout: first, args: applyA, holds: applyHolds(1), allowed: [0] },
        second: { label, run: () => first.run(args), allowed },
      };
    },
  };
}

/** A settings change and a record edit from one folder: `held` is the run held, the other runs meanwhile. */
function applyAndSeed(held: 'apply' | 'seed'): Pair {
  const [firstArgs, secondArgs] = held === 'apply' ? [applyA, seedA] : [seedA, applyA];
  return {
    name: held === 'apply' ? 'apply + seed, one folder' : 'seed + apply, one folder',
    async prepare(world, d) {
      await relabel(world, d);
      await editRecords(world, d, 2);
      const { first } = world;
      return {
        records: true,
        first: {
          checkout: first,
          args: firstArgs,
          holds: held === 'apply' ? applyHolds(1) : recordHolds(2),
          allowed: [0],
        },
        second: { label: `the ${secondArgs[0]!}`, run: () => first.run(secondArgs), allowed: [0] },
      };
    },
  };
}

/** amount's type changed, NUMBER to text or back: a migration (docs/migrations.md) whose copy writes records. */
function migrateAmount(world: World): void {
  const type = world.fields.amount!.type === 'NUMBER' ? 'SINGLE_LINE_TEXT' : 'NUMBER';
  world.fields = { ...world.fields, amount: { type, label: 'Amount' } };
}

/** Both refused before writing anything: each saw the other's draft (a pending draft, or a deploy running). */
function bothRefusedBeforeWriting(first: Run, second: Run): boolean {
  return [first, second].every((r) => r.code === 1 && !/rolled back/i.test(r.stdout + r.stderr));
}
