/**
 * The world of the concurrent-runs sweep: one local service, and a project (one app, `orders`,
 * keyed by its unique `ref`, with a record file) in a first checkout, applied and seeded into
 * environment `a`; a second checkout is a copy of the first's files without `.appdeploy/` (what
 * another clone of the repository holds: appdeploy.yaml with the ids, never the local state).
 * Environments `a` and `b` both live on the service; each run names the service through
 * `${GATE_URL}`, so every run of the built CLI can go through a gate of its own (gate.ts).
 */
import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { startCommand, type ApplyProcess } from '../apply-process.js';
import { appdeploy, type Run } from '../../support/cli.js';
import { ADMIN } from '../../support/users.js';
import type { Cleanups } from '../emulator-process.js';
import { openGate, type Gate } from './gate.js';

export const AUTH = { APPDEPLOY_LOGIN: ADMIN.login, APPDEPLOY_PASSWORD: ADMIN.password };

export type Fields = Record<string, Record<string, unknown>>;

/** The app's fields as the first apply makes them. */
export const BASE_FIELDS: Fields = {
  ref: { type: 'SINGLE_LINE_TEXT', label: 'Ref', unique: true, required: true },
  title: { type: 'SINGLE_LINE_TEXT', label: 'Title' },
  amount: { type: 'NUMBER', label: 'Amount' },
};

/** The records of the file: `ref` r01.., a title and an amount each. */
export function records(count: number, tag = ''): Record<string, string>[] {
  return Array.from({ length: count }, (_, i) => {
    const n = String(i + 1).padStart(2, '0');
    return { ref: `r${n}`, title: `Order ${n}${tag}`, amount: String(i * 7) };
  });
}

export interface Checkout {
  readonly root: string;
  /** Writes the manifest of orders with these fields (and `name`). */
  manifest(fields: Fields, name?: string): Promise<void>;
  /** Writes the record file. */
  recordFile(list: Record<string, string>[]): Promise<void>;
  /** The built CLI to its end, on the service through `gate` (straight when none). */
  run(args: string[], gate?: Gate): Promise<Run>;
  /** The built CLI as a process of its own, through `gate`. */
  start(args: string[], gate: Gate): ApplyProcess;
}

export interface World {
  readonly url: string;
  readonly first: Checkout;
  /** The fields and record file the first checkout holds now (each pair leaves them applied). */
  fields: Fields;
  file: Record<string, string>[];
  /** A second clone of the repository (made by `clone`). */
  clone(): Promise<Checkout>;
  /** A gate to the service, closed with the world. */
  gate(): Promise<Gate>;
}

function checkout(root: string, url: string, cleanups: Cleanups): Checkout {
  const env = (gate?: Gate) => ({ ...AUTH, GATE_URL: gate?.url ?? url });
  return {
    root,
    async manifest(fields, name = 'Orders') {
      await writeFile(join(root, 'apps', 'orders.yaml'), stringify({ name, fields }));
    },
    async recordFile(list) {
      await writeFile(join(root, 'records', 'orders.yaml'), stringify(list));
    },
    run: (args, gate) => appdeploy(args, root, env(gate)),
    start: (args, gate) => startCommand(args[0]!, root, args.slice(1), env(gate), cleanups),
  };
}

/** A fresh world: the project applied to `a` (and `b` when asked) and seeded into `a`. */
export async function makeWorld(
  url: string,
  cleanups: Cleanups,
  options: { count: number; envB?: boolean },
): Promise<World> {
  const base = await mkdtemp(join(tmpdir(), 'appdeploy-concurrent-'));
  cleanups.push(() => rm(base, { recursive: true, force: true }));
  const root = join(base, 'one');
  await mkdir(join(root, 'apps'), { recursive: true });
  await mkdir(join(root, 'records'), { recursive: true });
  const environment = {
    baseUrl: '${GATE_URL}',
    auth: { login: '${APPDEPLOY_LOGIN}', password: '${APPDEPLOY_PASSWORD}' },
  };
  await writeFile(
    join(root, 'appdeploy.yaml'),
    stringify({
      environments: { a: environment, b: environment },
      apps: {
        orders: { manifest: 'apps/orders.yaml', records: { file: 'records/orders.yaml', key: 'ref' } },
      },
    }),
  );
  const first = checkout(root, url, cleanups);
  await first.manifest(BASE_FIELDS);
  await first.recordFile(records(options.count));
  for (const args of [
    ['apply', '--env', 'a', '--yes'],
    ...(options.envB ? [['apply', '--env', 'b', '--yes']] : []),
    ['seed', '--env', 'a', '--yes'],
  ]) {
    const done = await first.run(args);
    if (done.code !== 0) throw new Error(`${args.join(' ')}: ${done.stdout}${done.stderr}`);
  }
  let clones = 0;
  return {
    url,
    first,
    fields: BASE_FIELDS,
    file: records(options.count),
    async clone() {
      const other = join(base, `clone-${++clones}`);
      await cp(root, other, { recursive: true, filter: (from) => !from.includes('.appdeploy') });
      return checkout(other, url, cleanups);
    },
    async gate() {
      const gate = await openGate(url);
      cleanups.push(() => gate.close());
      return gate;
    },
  };
}
