import { settingsEndpoint, type SettingsKey } from '../../../src/platform/index.js';
import { ServiceError, type Client, type RecordForWrite } from '../../../src/client/index.js';
import { manifest, newPluginKey, pluginPackage } from '../../emulator/plugins/plugin-packages.js';
import { post } from './snapshot.js';
import { SETTINGS_BODIES } from './settings-bodies.js';

/** A draw from the sweep's seeded generator. */
export class Dice {
  constructor(readonly next: () => number) {}
  int(n: number): number {
    return Math.floor(this.next() * n);
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)]!;
  }
  text(n = 8): string {
    return Array.from({ length: n }, () => 'abcdefghijklmnopqrstuvwxyz'[this.int(26)]).join('');
  }
}

/** What the sweep knows it made (acknowledged creates only): the snapshot reads these. */
export interface World {
  readonly apps: string[];
  readonly spaces: string[];
  /** The highest app id and record id (per app) ever answered: never to be given again. */
  maxAppId: number;
  readonly maxRecordId: Map<string, number>;
  /** How many operations of each kind were answered 2xx / refused with a 4xx. */
  readonly done: Map<string, number>;
  readonly refused: Map<string, number>;
  /** The first refusal of each kind, for the summary (a body the service never takes shows here). */
  readonly firstRefusal: Map<string, string>;
}

export function newWorld(): World {
  return {
    apps: [],
    spaces: [],
    maxAppId: 0,
    maxRecordId: new Map(),
    done: new Map(),
    refused: new Map(),
    firstRefusal: new Map(),
  };
}

export interface Env {
  readonly client: Client;
  readonly base: string;
  readonly dice: Dice;
  readonly world: World;
}

/** One random operation: a name (for the summary) and what it does. */
interface Operation {
  readonly name: string;
  readonly weight: number;
  run(env: Env): Promise<void>;
}

/** The fields every app of the sweep starts with (then deployed): text, number, choice, file, table. */
export const BASE_FIELDS = {
  t: { type: 'SINGLE_LINE_TEXT', code: 't', label: 'Text' },
  n: { type: 'NUMBER', code: 'n', label: 'Number' },
  c: {
    type: 'DROP_DOWN',
    code: 'c',
    label: 'Choice',
    options: { a: { label: 'a', index: '0' }, b: { label: 'b', index: '1' } },
  },
  f: { type: 'FILE', code: 'f', label: 'File' },
  tbl: {
    type: 'SUBTABLE',
    code: 'tbl',
    label: 'Table',
    fields: { tt: { type: 'SINGLE_LINE_TEXT', code: 'tt', label: 'Row text' } },
  },
} as const;

export async function createApp(env: Env): Promise<string> {
  const { client, world, dice } = env;
  const { app } = await client.apps.addApp({ name: `Sweep ${dice.text(5)}` });
  world.apps.push(app);
  world.maxAppId = Math.max(world.maxAppId, Number(app));
  await client.form.addFields({ app, properties: BASE_FIELDS });
  await client.apps.deploy({ apps: [{ app }] });
  await client.apps.waitForDeploy([app], { timeoutMs: 30_000 });
  return app;
}

export function noteRecordIds(world: World, app: string, ids: readonly string[]): void {
  const max = Math.max(world.maxRecordId.get(app) ?? 0, ...ids.map(Number));
  world.maxRecordId.set(app, max);
}

/** A record of the base fields: text, number, choice, table rows, and sometimes files uploaded. */
export async function newRecord(env: Env, tag: string, withFiles: boolean): Promise<RecordForWrite> {
  const { dice, client } = env;
  const record: RecordForWrite = {
    t: { value: tag },
    n: { value: String(dice.int(1000)) },
    c: { value: dice.pick(['a', 'b', null]) },
    tbl: {
      value: Array.from({ length: dice.int(3) }, () => ({ value: { tt: { value: dice.text(4) } } })),
    },
  };
  if (withFiles) {
    const keys: { fileKey: string }[] = [];
    for (let i = 0; i < 1 + dice.int(2); i++) {
      const bytes = Buffer.from(`${tag} file ${i} ${dice.text(32 + dice.int(2000))}`);
      keys.push(await client.files.upload(bytes, { name: `${tag}-${i}.txt`, contentType: 'text/plain' }));
    }
    record.f = { value: keys };
  }
  return record;
}

/** A deployed app of the sweep (one made now when there is none). */
export async function someApp(env: Env): Promise<string> {
  return env.world.apps.length === 0 ? createApp(env) : env.dice.pick(env.world.apps);
}

/** Ids of up to `n` records of the app, from a random place. */
export async function someRecords(env: Env, app: string, n: number): Promise<string[]> {
  const res = await env.client.records.getRecords({
    app,
    fields: ['$id'],
    query: `order by $id ${env.dice.pick(['asc', 'desc'])} limit ${n}`,
  });
  return res.records.map((r) => r.$id!.value as string);
}

/** Writes one settings area's draft through the catalogue's entry. */
function writeDraft(env: Env, key: SettingsKey, app: string, body: Record<string, unknown>) {
  return env.client.settings.write(settingsEndpoint(key), { app, copy: 'draft', ...body });
}

async function installPlugin(env: Env): Promise<void> {
  const bytes = pluginPackage({ key: newPluginKey(), manifest: manifest(`P${env.dice.text(4)}`, 1) });
  const { fileKey } = await env.client.files.upload(bytes, {
    name: 'plugin.zip',
    contentType: 'application/zip',
  });
  const { id } = await env.client.plugins.installPlugin({ fileKey });
  const app = await someApp(env);
  await env.client.appPlugins.addPlugins({ app, ids: [id] });
}

async function spaceOperation(env: Env): Promise<void> {
  const { client, dice, world } = env;
  if (world.spaces.length === 0 || dice.chance(0.3)) {
    const { id } = await client.spaces.addSpaceFromTemplate({
      id: '1',
      name: `Space ${dice.text(4)}`,
      members: [{ entity: { type: 'USER', code: 'admin' }, isAdmin: true }],
    } as never);
    world.spaces.push(id);
    return;
  }
  const space = dice.pick(world.spaces);
  switch (dice.int(3)) {
    case 0:
      await client.spaces.updateSpaceBody({ id: space, body: `<p>${dice.text(10)}</p>` });
      return;
    case 1: {
      const { id } = await client.spaces.addThread({ space, name: dice.text(6) });
      await client.spaces.addThreadComment({ space, thread: id, comment: { text: dice.text(20) } });
      return;
    }
    default:
      await client.apps.moveApp({ app: await someApp(env), space: dice.chance(0.7) ? space : null });
  }
}

export const OPERATIONS: readonly Operation[] = [
  { name: 'create app', weight: 2, run: async (env) => void (await createApp(env)) },
  {
    name: 'edit draft settings',
    weight: 10,
    run: async (env) => {
      const key = env.dice.pick(Object.keys(SETTINGS_BODIES)) as SettingsKey;
      await writeDraft(env, key, await someApp(env), SETTINGS_BODIES[key]!(env.dice));
    },
  },
  {
    name: 'edit fields',
    weight: 4,
    run: async (env) => {
      const { client, dice } = env;
      const app = await someApp(env);
      const extra = Object.keys((await client.form.getFields({ app, copy: 'draft' })).properties).filter(
        (c) => c.startsWith('x'),
      );
      if (extra.length > 0 && dice.chance(0.3))
        await client.form.deleteFields({ app, fields: [dice.pick(extra)] });
      else if (extra.length > 0 && dice.chance(0.5))
        await client.form.updateFields({
          app,
          properties: { [dice.pick(extra)]: { label: dice.text(5) } } as never,
        });
      else {
        const code = `x${dice.text(4)}`;
        await client.form.addFields({
          app,
          properties: {
            [code]: { type: dice.pick(['NUMBER', 'SINGLE_LINE_TEXT', 'DATE']), code, label: code },
          } as never,
        });
      }
    },
  },
  {
    name: 'deploy',
    weight: 5,
    run: async (env) => {
      const app = await someApp(env);
      await env.client.apps.deploy({ apps: [{ app }] });
      if (env.dice.chance(0.5)) await env.client.apps.waitForDeploy([app], { timeoutMs: 30_000 });
    },
  },
  {
    name: 'revert',
    weight: 2,
    run: async (env) =>
      env.client.apps.deploy({ apps: [{ app: await someApp(env) }], revert: true }).then(() => {}),
  },
  {
    name: 'publish by a live ACL write',
    weight: 1,
    run: async (env) => {
      const app = await someApp(env);
      await env.client.settings.write(settingsEndpoint('appAcl'), {
        app,
        copy: 'live',
        ...SETTINGS_BODIES.appAcl!(env.dice),
      });
    },
  },
  {
    name: 'add record',
    weight: 6,
    run: async (env) => {
      const app = await someApp(env);
      const { id } = await env.client.records.addRecord({
        app,
        record: await newRecord(env, env.dice.text(6), env.dice.chance(0.4)),
      });
      noteRecordIds(env.world, app, [id]);
    },
  },
  {
    name: 'add records',
    weight: 4,
    run: async (env) => {
      const app = await someApp(env);
      const records = await Promise.all(
        Array.from({ length: 1 + env.dice.int(100) }, () =>
          newRecord(env, env.dice.text(6), env.dice.chance(0.05)),
        ),
      );
      const { ids } = await env.client.records.addRecords({ app, records });
      noteRecordIds(env.world, app, ids);
    },
  },
  {
    name: 'update records',
    weight: 5,
    run: async (env) => {
      const app = await someApp(env);
      const ids = await someRecords(env, app, 1 + env.dice.int(30));
      if (ids.length === 0) return;
      if (ids.length === 1 || env.dice.chance(0.3))
        await env.client.records.updateRecord({
          app,
          id: ids[0]!,
          record: { t: { value: env.dice.text(7) } },
        });
      else
        await env.client.records.updateRecords({
          app,
          records: ids.map((id) => ({ id, record: { n: { value: String(env.dice.int(999)) } } })),
        });
    },
  },
  {
    name: 'delete records',
    weight: 2,
    run: async (env) => {
      const app = await someApp(env);
      const ids = await someRecords(env, app, 1 + env.dice.int(10));
      if (ids.length > 0) await env.client.records.deleteRecords({ app, ids });
    },
  },
  {
    name: 'comments',
    weight: 3,
    run: async (env) => {
      const app = await someApp(env);
      const [record] = await someRecords(env, app, 1);
      if (!record) return;
      const { comments } = await env.client.comments.getComments({ app, record });
      if (comments.length > 0 && env.dice.chance(0.3))
        await env.client.comments.deleteComment({ app, record, comment: comments[0]!.id });
      else await env.client.comments.addComment({ app, record, comment: { text: env.dice.text(15) } });
    },
  },
  {
    name: 'status action',
    weight: 2,
    run: async (env) => {
      const app = await someApp(env);
      const [id] = await someRecords(env, app, 1);
      if (id) await env.client.process.updateStatus({ app, id, action: 'Finish' });
    },
  },
  {
    name: 'bulk request',
    weight: 3,
    run: async (env) => {
      const [a, b] = [await someApp(env), await someApp(env)];
      const [id] = await someRecords(env, b, 1);
      const added = [
        await newRecord(env, env.dice.text(6), false),
        await newRecord(env, env.dice.text(6), false),
      ];
      const { results } = await env.client.bulk.send([
        { method: 'POST', api: 'records.json', payload: { app: a, records: added } },
        ...(id
          ? [
              {
                method: 'PUT',
                api: 'record.json',
                payload: { app: b, id, record: { t: { value: env.dice.text(5) } } },
              } as const,
            ]
          : []),
      ]);
      noteRecordIds(env.world, a, (results[0] as { ids: string[] }).ids);
    },
  },
  { name: 'spaces', weight: 2, run: spaceOperation },
  { name: 'plug-in', weight: 1, run: installPlugin },
  {
    name: 'app code',
    weight: 1,
    run: async (env) => {
      await expectOk(
        post(env.base, '/_emulator/app-code', {
          app: await someApp(env),
          code: env.dice.chance(0.3) ? '' : `C${env.dice.text(4)}`,
        }),
      );
    },
  },
  {
    name: 'directory',
    weight: 1,
    run: async (env) => {
      await expectOk(
        post(
          env.base,
          '/_emulator/directory',
          { groups: [{ code: `g${env.dice.text(3)}`, users: ['admin'] }] },
          'PUT',
        ),
      );
    },
  },
  {
    name: 'move the clock',
    weight: 2,
    run: async (env) => {
      await expectOk(post(env.base, '/_emulator/clock', { advanceMs: env.dice.int(6 * 3_600_000) }));
    },
  },
  {
    name: 'force a deploy outcome',
    weight: 1,
    run: async (env) => {
      await expectOk(
        post(env.base, '/_emulator/deploy-outcome', { app: await someApp(env), outcome: 'FAIL' }),
      );
    },
  },
];

/** A control call the service refused (4xx): counted as any refusal is. */
class Refused extends Error {}

async function expectOk(answer: Promise<{ status: number; body: unknown }>): Promise<void> {
  const { status, body } = await answer;
  if (status >= 500) throw new Error(`control call answered ${status}: ${JSON.stringify(body)}`);
  if (status !== 200) throw new Refused(`${status} ${JSON.stringify(body)}`);
}

/** Runs one random operation; a refusal (4xx) is counted, anything else fails the sweep. */
export async function randomOperation(env: Env): Promise<void> {
  const total = OPERATIONS.reduce((n, o) => n + o.weight, 0);
  let roll = env.dice.int(total);
  const op = OPERATIONS.find((o) => (roll -= o.weight) < 0)!;
  const count = (map: Map<string, number>) => map.set(op.name, (map.get(op.name) ?? 0) + 1);
  try {
    await op.run(env);
    count(env.world.done);
  } catch (error) {
    if ((error instanceof ServiceError && error.status < 500) || error instanceof Refused) {
      count(env.world.refused);
      if (!env.world.firstRefusal.has(op.name))
        env.world.firstRefusal.set(op.name, (error as Error).message.slice(0, 300));
      return;
    }
    throw error;
  }
}
