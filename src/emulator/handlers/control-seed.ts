/**
 * `POST /_emulator/seed`: fills an empty local service with a copy of another service's apps,
 * exactly as that service answers them (what `plan --check` runs apply against: the shadow).
 * Each app keeps its id, code, place (space, thread), both revision counters and both copies of
 * its settings, area by area in the GETs' own shapes (model/app.ts keeps them that way); the
 * installed plug-ins keep their ids, names and versions (not their packages: nothing reads them
 * back); records keep their ids and values as the records GET answers them. Counters move past
 * every seeded id so that what the shadow creates next never takes one.
 */
import { invalid } from '../errors.js';
import { closedKeys } from '../validate/request.js';
import { APPS_TABLE, recordsTable, type AppDoc, type AppSettings, type JsonObject } from '../model/app.js';
import { SPACES_TABLE, type SpaceRef } from '../model/space.js';
import { PLUGINS_TABLE, type PluginDoc } from './plugins/store.js';
import { THREADS_TABLE, type ThreadDoc } from './spaces/model.js';
import type { StoredRecord } from '../records/model.js';
import type { ApiRequest, Route } from '../context.js';
import type { Store } from '../store/store.js';

/** One app as the seed gives it. */
export interface SeedApp {
  id: string;
  code: string;
  spaceId: string | null;
  threadId: string | null;
  createdAt: string;
  creator: { code: string; name: string };
  modifiedAt: string;
  modifier: { code: string; name: string };
  /** The draft revision (the settings counter). */
  revision: string;
  /** The live revision; null when the app was never deployed (then `live` is null too). */
  deployedRevision: string | null;
  draft: AppSettings;
  live: AppSettings | null;
  /** Records as the records GET answers them (each with `$id` and `$revision`). */
  records?: StoredRecord[];
}

export interface Seed {
  apps: SeedApp[];
  plugins: { id: string; name: string; version: string; description: string; isMarketPlugin: boolean }[];
}

const COUNTERS_TABLE = 'counters';

function seed(req: ApiRequest): unknown {
  closedKeys(req.params, ['apps', 'plugins']);
  const body = req.params.raw as unknown as Seed;
  if (!Array.isArray(body.apps) || !Array.isArray(body.plugins))
    throw invalid({ apps: 'Give apps and plugins as arrays.' });
  const store = req.ctx.store;
  if (store.table(APPS_TABLE).size > 0)
    throw invalid({ apps: 'Seed an empty service only (reset it first).' });
  store.transaction(() => {
    body.plugins.forEach((plugin, i) =>
      store.table<PluginDoc>(PLUGINS_TABLE).put(plugin.id, {
        ...plugin,
        installed: true,
        installOrder: body.plugins.length - i,
        fileKey: '',
      }),
    );
    raise(store, 'plugin-install', body.plugins.length);
    for (const app of body.apps) seedApp(store, app);
  });
  return { apps: body.apps.length };
}

function seedApp(store: Store, app: SeedApp): void {
  const { records = [], revision, deployedRevision, ...rest } = app;
  const doc: AppDoc = {
    ...rest,
    revision: Number(revision),
    deployedRevision: numberOrNull(deployedRevision),
  };
  store.table<AppDoc>(APPS_TABLE).put(app.id, doc);
  raise(store, 'app', Number(app.id));
  // The view ids of both copies: a view the shadow adds gets a new one.
  for (const settings of [app.draft, app.live])
    for (const view of Object.values(settings?.views ?? {})) raise(store, 'view', Number(view.id));
  if (app.spaceId !== null) seedPlace(store, app.spaceId, app.threadId);
  const table = store.table<StoredRecord>(recordsTable(app.id));
  for (const record of records) {
    const given = record.$id?.value;
    if (typeof given !== 'string' && typeof given !== 'number')
      throw invalid({ [`apps.${app.id}.records`]: 'Each record needs its $id.' });
    const id = String(given);
    table.put(id, record);
    raise(store, `record:${app.id}`, Number(id));
    for (const field of Object.values(record))
      if (field.type === 'SUBTABLE' && Array.isArray(field.value))
        for (const row of field.value as JsonObject[]) raise(store, `subtable-row:${app.id}`, Number(row.id));
  }
}

/** The app's space and thread, so that apps the shadow creates there find them. */
function seedPlace(store: Store, spaceId: string, threadId: string | null): void {
  const spaces = store.table<SpaceRef>(SPACES_TABLE);
  const space = spaces.get(spaceId) ?? { id: spaceId, threadIds: [], isGuest: false };
  if (threadId !== null && !space.threadIds.includes(threadId)) {
    spaces.put(spaceId, { ...space, threadIds: [...space.threadIds, threadId] });
    store.table<ThreadDoc>(THREADS_TABLE).put(threadId, { id: threadId, space: spaceId, name: '', body: '' });
    raise(store, 'thread', Number(threadId));
  } else spaces.put(spaceId, space);
  raise(store, 'space', Number(spaceId));
}

/** Moves a counter to at least `value` (ids that are not numbers leave it as it is). */
function raise(store: Store, sequence: string, value: number): void {
  if (!Number.isFinite(value)) return;
  const counters = store.table<number>(COUNTERS_TABLE);
  if ((counters.get(sequence) ?? 0) < value) counters.put(sequence, value);
}

function numberOrNull(text: string | null): number | null {
  return text === null ? null : Number(text);
}

export const seedRoutes: Route[] = [
  { method: 'POST', path: '/_emulator/seed', auth: 'admin', handler: seed },
];
