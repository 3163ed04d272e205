/**
 * What every seed of the sequence is judged by, against the oracle (oracle.ts): the command line,
 * a bug's signs, the plan it printed, what it says it seeded, the records the service holds
 * afterwards (each key once), and a second seed with nothing to do; the faults armed at the
 * service. step.ts and conflict.ts run seeds and judge them with these.
 */
import { call } from '../emulator-process.js';
import { differences } from '../round-trip-compare.js';
import { expectSeed, readState, type Expected, type State } from './oracle.js';
import type { Printed } from './outputs.js';
import { APP_KEYS, KEY_FIELD, type AppKey, type Env, type World } from './world.js';

export interface SeedCall {
  env: Env;
  /** The apps named on the command line (none: every app with a record file). */
  named: AppKey[];
  clean: boolean;
  json: boolean;
}

export const args = (c: SeedCall, json = c.json) => [
  'seed',
  ...c.named,
  '--env',
  c.env,
  '--yes',
  ...(c.clean ? ['--clean'] : []),
  ...(json ? ['--format', 'json'] : []),
];

/** A command's end that is a bug: exit 70, "Bug", or a stack. */
export function bugIn(step: string, run: { code: number | null; stdout: string; stderr: string }): string[] {
  const text = run.stdout + run.stderr;
  return run.code === 70 || /\bbug\b/i.test(text) || /\n\s+at .+:\d+:\d+\)?\n/.test(text)
    ? [`${step}: a bug (exit ${run.code}): ${text.slice(0, 3000)}`]
    : [];
}

/** The apps a seed writes, in its order (partners before things). */
export const seeded = (c: SeedCall) => APP_KEYS.filter((a) => c.named.length === 0 || c.named.includes(a));

/** What the service holds in `env`, both apps. */
export async function states(world: World, env: Env): Promise<Record<AppKey, State>> {
  return { partners: await readState(world, env, 'partners'), things: await readState(world, env, 'things') };
}

/** The oracle's plan and outcome of `c` over what the service holds now. */
export async function expected(world: World, c: SeedCall, before: Record<AppKey, State>) {
  const out = new Map<AppKey, Expected>();
  for (const app of seeded(c)) {
    const partners = out.get('partners')?.after ?? before.partners;
    out.set(app, await expectSeed(world, app, before[app], c.clean, partners));
  }
  return out;
}

/** Where the plan a seed printed differs from the oracle's. */
export function planFindings(step: string, got: Printed, want: Map<AppKey, Expected>): string[] {
  const out: string[] = [];
  const nothing = [...want.values()].every((e) => e.add.length + e.change.length + e.delete.length === 0);
  if (nothing !== got.noChanges) out.push(`${step}: "No changes." ${got.noChanges}, expected ${nothing}`);
  if (nothing) return out;
  for (const [app, e] of want) {
    const p = got.plans.get(app);
    if (!p) {
      out.push(`${step}: no plan for ${app}`);
      continue;
    }
    for (const kind of ['add', 'change', 'delete'] as const) {
      const a = JSON.stringify([...p[kind]].sort());
      const b = JSON.stringify([...e[kind]].sort());
      if (a !== b) out.push(`${step}: ${app} ${kind}: printed ${a}, expected ${b}`);
    }
    if (p.unchanged !== e.unchanged)
      out.push(`${step}: ${app} unchanged: ${p.unchanged}, expected ${e.unchanged}`);
    if (
      p.counts &&
      JSON.stringify(p.counts) !== JSON.stringify([p.add.length, p.change.length, p.delete.length])
    )
      out.push(`${step}: ${app}: the header's counts ${JSON.stringify(p.counts)} are not the listed keys'`);
  }
  return out;
}

/** What a seed says it seeded against its plan (a clean run: exactly the plan). */
export function seededFindings(step: string, got: Printed, want: Map<AppKey, Expected>): string[] {
  const out: string[] = [];
  for (const [app, e] of want) {
    if (e.add.length + e.change.length + e.delete.length === 0 && got.noChanges) continue;
    const s = got.seeded.get(app);
    const counts = s && [s.added, s.changed, s.deleted];
    const plan = [e.add.length, e.change.length, e.delete.length];
    if (JSON.stringify(counts) !== JSON.stringify(plan))
      out.push(`${step}: ${app}: said it seeded ${JSON.stringify(counts)}, planned ${JSON.stringify(plan)}`);
  }
  return out;
}

/** Each key once in every app (no duplicates, none with no key). */
async function keyFindings(world: World, env: Env, step: string): Promise<string[]> {
  const out: string[] = [];
  for (const app of APP_KEYS) {
    const { records } = await world.services[env].client.records.getRecords({
      app: world.ids[env][app],
      fields: [KEY_FIELD[app]],
      query: 'limit 500',
    });
    const keys = records.map((r) => r[KEY_FIELD[app]]!.value as string);
    const twice = keys.filter((k, i) => keys.indexOf(k) !== i);
    if (twice.length > 0) out.push(`${step}: ${app} holds keys twice: ${JSON.stringify(twice)}`);
  }
  return out;
}

/** The service's records against the oracle's `after`, each key once. */
export async function stateFindings(
  world: World,
  env: Env,
  step: string,
  want: Map<AppKey, Expected>,
  adjust: (app: AppKey, after: State) => void = () => undefined,
): Promise<string[]> {
  const now = await states(world, env);
  const out = await keyFindings(world, env, step);
  for (const [app, e] of want) {
    const after = new Map([...e.after].map(([k, v]) => [k, { ...v }]));
    adjust(app, after);
    out.push(...differences(after, now[app]).map((d) => `${step}: ${app}: ${d}`));
  }
  return out;
}

/** The same seed again (as text): "No changes.". */
export async function again(world: World, c: SeedCall, step: string): Promise<string[]> {
  const run = await world.cli(args(c, false));
  const out = bugIn(`${step}, again`, run);
  if (run.code !== 0 || run.stdout !== 'No changes.\n')
    out.push(
      `${step}, again: not "No changes." (exit ${run.code}): ${run.stdout.slice(0, 3000)}${run.stderr}`,
    );
  return out;
}

export const BULK = '^/k/v1/bulkRequest\\.json$';

export async function arm(world: World, env: Env, fault: Record<string, unknown>): Promise<void> {
  const armed = await call(world.services[env].url, 'POST', '/_emulator/faults', fault);
  if (armed.status !== 200) throw new Error(`fault not armed: ${JSON.stringify(armed.body)}`);
}
