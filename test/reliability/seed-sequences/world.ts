/**
 * The world of the seed sequences fuzzer (seed-sequences.test.ts): the records round trip's apps
 * (round-trip-world.ts: things, with every writable field type, a table, a file field, people
 * fields and a lookup of partners' key field; partners) and its two environments a and b, whose
 * directories call the file's people by codes of their own (so their maps differ), plus `p`, a
 * `protected: true` environment on a's service that seed must refuse. Each app's record file is
 * kept as plain data with its format (yaml, json or csv), written as a person would save it.
 */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { parseDocument } from 'yaml';
import { createClient, type Client } from '../../../src/client/index.js';
import { startEmulator, type RunningEmulator } from '../../../src/emulator/index.js';
import { loadProject } from '../../../src/project/index.js';
import { appdeploy, type Run } from '../../support/cli.js';
import { tempProject } from '../../support/temp-project.js';
import { ADMIN } from '../../support/users.js';
import { fileText } from '../round-trip-values.js';
import { PARTNERS, PARTNERS_MANIFEST, THINGS_MANIFEST, directory, projectFile } from '../round-trip-world.js';

export type Env = 'a' | 'b';
export const ENVS: readonly Env[] = ['a', 'b'];
export type AppKey = 'things' | 'partners';
/** In the order seed writes them: partners first, since things' lookup reads it. */
export const APP_KEYS: readonly AppKey[] = ['partners', 'things'];
export const KEY_FIELD: Readonly<Record<AppKey, string>> = { things: 'code', partners: 'partner_code' };
export type Format = 'yaml' | 'json' | 'csv';

/** One app's record file as the fuzzer keeps it: its format and its records' plain values. */
export interface RecordFile {
  format: Format;
  records: Record<string, unknown>[];
}

/** An attachment a record file names: its path below records/ and its bytes. */
export type Attachments = Map<string, Buffer>;

export interface World {
  root: string;
  services: Record<Env, { emulator: RunningEmulator; client: Client; url: string }>;
  /** The apps' ids in each environment. */
  ids: Record<Env, Record<AppKey, string>>;
  files: Record<AppKey, RecordFile>;
  attachments: Attachments;
  /** The built CLI in the project's folder. */
  cli(args: string[]): Promise<Run>;
  close(): Promise<void>;
}

/** The file's path in the project for `app` in `format`. */
export const recordPath = (app: AppKey, format: Format) => `records/${app}.${format}`;

/** Services for a and b, the project applied to both (with no records yet). */
export async function startWorld(): Promise<World> {
  const services = {} as World['services'];
  for (const env of ENVS) {
    const emulator = await startEmulator({ port: 0, deployMs: 10, ...directory(env) });
    // No retries: a test's own reads should not hide a fault it armed for the CLI.
    const client = createClient({ baseUrl: emulator.url, auth: ADMIN, retry: { retries: 0 } });
    services[env] = { emulator, client, url: emulator.url };
  }
  const files: World['files'] = {
    partners: { format: 'yaml', records: structuredClone(PARTNERS) },
    things: { format: 'yaml', records: [] },
  };
  const root = await tempProject('appdeploy-seed-seq-', {
    'apps/things.yaml': THINGS_MANIFEST,
    'apps/partners.yaml': PARTNERS_MANIFEST,
    'records/.keep': '',
  });
  const world: World = {
    root,
    services,
    ids: { a: { things: '', partners: '' }, b: { things: '', partners: '' } },
    files,
    attachments: new Map(),
    cli: (args) => appdeploy([...args, '-C', root], root),
    async close() {
      for (const env of ENVS) {
        await services[env].client.close();
        await services[env].emulator.close();
      }
      await rm(root, { recursive: true, force: true });
    },
  };
  await writeWorld(world, new Set());
  for (const env of ENVS) {
    const applied = await world.cli(['apply', '--env', env, '--yes']);
    if (applied.code !== 0) throw new Error(`apply --env ${env}: ${applied.stdout}${applied.stderr}`);
    const project = await loadProject({ cwd: root, dir: root, env, variables: {} });
    for (const app of project.apps) world.ids[env][app.key as AppKey] = app.id!;
  }
  return world;
}

/**
 * appdeploy.yaml (the round trip's, each app's record file in its format, and the protected `p`
 * on a's service with a's maps), the record files, and the attachments they name. A file whose
 * format changed is written anew and the old one removed, as a person saving it under another
 * extension would (`previous`: the files written before).
 */
export async function writeWorld(world: World, previous: ReadonlySet<string>): Promise<Set<string>> {
  const urls = { a: world.services.a.url, b: world.services.b.url };
  const doc = parseDocument(projectFile(urls, recordPath('things', world.files.things.format)));
  doc.setIn(['apps', 'partners', 'records', 'file'], recordPath('partners', world.files.partners.format));
  // apply wrote each app's ids into the file this one replaces.
  for (const app of APP_KEYS)
    if (world.ids.a[app] !== '')
      doc.setIn(
        ['apps', app, 'ids'],
        doc.createNode({ a: Number(world.ids.a[app]), b: Number(world.ids.b[app]) }),
      );
  const a = (doc.getIn(['environments', 'a']) as { toJSON(): Record<string, unknown> }).toJSON();
  doc.setIn(['environments', 'p'], doc.createNode({ ...a, protected: true }));
  await writeFile(join(world.root, 'appdeploy.yaml'), doc.toString());
  const written = new Set<string>();
  for (const app of APP_KEYS) {
    const { format, records } = world.files[app];
    const path = recordPath(app, format);
    await writeFile(join(world.root, path), fileText(format, records));
    written.add(path);
  }
  for (const path of previous) if (!written.has(path)) await rm(join(world.root, path), { force: true });
  for (const [path, bytes] of world.attachments) {
    const absolute = join(world.root, 'records', path);
    await mkdir(dirname(absolute), { recursive: true });
    await writeFile(absolute, bytes);
  }
  return written;
}
