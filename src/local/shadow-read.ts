/**
 * Reads what a shadow of the target needs (`plan --check`): for each app, every settings area of
 * its draft and of its live copy as the service answers them (managed by the project or not), its
 * place and revisions, the plug-ins installed on the service, and, when asked, its latest records.
 * Every read is a GET; the reads run concurrently (the client's pool bounds them).
 */
import { PLUGINS_PER_LIST, RECORDS_PER_READ, type SettingsCatalogue } from '../platform/index.js';
import { ServiceError, type App, type Client } from '../client/index.js';
import type { Seed, SeedApp } from '../emulator/handlers/control-seed.js';
import { SERVED_FROM_ENTRY } from '../emulator/handlers/settings/added.js';
import type { AppSettings, Json, JsonObject } from '../emulator/model/app.js';
import type { StoredRecord } from '../emulator/records/model.js';

export interface ShadowReadOptions {
  /** The latest records of each app to copy (0: none). */
  records?: number;
  /**
   * Per app id, record queries whose matches are copied too (up to `records` each): the plan's
   * risk queries, so that the records a risk concerns are in the copy whatever their age.
   */
  queries?: ReadonlyMap<string, readonly string[]>;
  /** Settings endpoints beside the platform's (settingsCatalogue) that the copy holds too. */
  endpoints?: SettingsCatalogue;
}

type Copy = 'draft' | 'live';

/** The seed of a shadow holding `appIds` and every app their lookups and related records name. */
export async function readShadowSeed(
  client: Client,
  appIds: readonly string[],
  options: ShadowReadOptions = {},
): Promise<Seed> {
  const apps = new Map<string, SeedApp>();
  let wanted = [...new Set(appIds)];
  // The apps the read ones refer to, until none is new: a lookup checks its source app's fields.
  while (wanted.length > 0) {
    const read = await Promise.all(wanted.map((id) => readApp(client, id, options)));
    for (const app of read) apps.set(app.id, app);
    wanted = [...new Set(read.flatMap(referencedApps))].filter((id) => !apps.has(id));
  }
  const { plugins } = await client.plugins.getPlugins({ limit: PLUGINS_PER_LIST });
  return {
    apps: [...apps.values()],
    plugins: plugins.map(({ id, name, version, description, isMarketPlugin }) => ({
      id,
      name,
      version,
      description,
      isMarketPlugin,
    })),
  };
}

async function readApp(client: Client, id: string, options: ShadowReadOptions): Promise<SeedApp> {
  const records = options.records ?? 0;
  const queries = options.queries?.get(id) ?? [];
  // The endpoints the service keeps under `added`: the platform's it serves from their entry,
  // and those the target serves beside the platform's.
  const endpoints = [...SERVED_FROM_ENTRY.map((e) => e.entry), ...(options.endpoints ?? [])];
  // An app never deployed answers GAIA_AP01 to app.json and to record reads (platform-facts.md,
  // "Apps and deploy"): it has no records, and the interface says nothing of its place until its
  // first deploy, so the copy holds it outside any space, created by no one known.
  const [app, draft, liveRevision, copied] = await Promise.all([
    client.apps.getApp({ id }).catch((error: unknown) => {
      if (error instanceof ServiceError && error.code === 'GAIA_AP01') return neverDeployed(id);
      throw error;
    }),
    readCopy(client, id, 'draft', endpoints),
    client.settings.getGeneralSettings({ app: id, copy: 'live' }).then(
      (general) => general.revision,
      (error: unknown) => {
        // An app never deployed has no live copy; the service refuses to read one.
        if (error instanceof ServiceError) return null;
        throw error;
      },
    ),
    records > 0
      ? copiedRecords(client, id, records, queries).catch((error: unknown) => {
          if (error instanceof ServiceError && error.code === 'GAIA_AP01') return [];
          throw error;
        })
      : Promise.resolve([]),
  ]);
  // One revision counter per app, moved by every draft write and not by a deploy; a live read
  // answers the deployed revision (platform-facts.md, "Revisions"): equal revisions mean nothing
  // was written since the deploy, so the live copy is the draft copy, as the plan reads it too
  // (plan/read.ts). Otherwise (a pending draft, a revert) every live area is read.
  const live =
    liveRevision === null
      ? null
      : liveRevision === draft.revision
        ? draft
        : await readCopy(client, id, 'live', endpoints);
  return {
    id,
    code: app.code,
    spaceId: app.spaceId,
    threadId: app.threadId,
    createdAt: app.createdAt,
    creator: app.creator,
    modifiedAt: app.modifiedAt,
    modifier: app.modifier,
    revision: draft.revision,
    deployedRevision: live?.revision ?? null,
    draft: draft.settings,
    live: live?.settings ?? null,
    records: copied,
  };
}

/** What app.json would answer of an app it does not show yet (never deployed). */
function neverDeployed(id: string): App {
  const nobody = { code: '', name: '' };
  const epoch = new Date(0).toISOString();
  return {
    appId: id,
    code: '',
    name: '',
    description: '',
    spaceId: null,
    threadId: null,
    createdAt: epoch,
    creator: nobody,
    modifiedAt: epoch,
    modifier: nobody,
  };
}

/** One copy of an app, area by area, in the shapes the service stores and answers. */
async function readCopy(
  client: Client,
  app: string,
  copy: Copy,
  endpoints: SettingsCatalogue,
): Promise<{ settings: AppSettings; revision: string }> {
  const p = { app, copy } as const;
  const s = client.settings;
  const [general, fields, layout, views, process, customize, appAcl, recordAcl, fieldAcl] = await Promise.all(
    [
      s.getGeneralSettings(p),
      client.form.getFields(p),
      client.form.getLayout(p),
      s.getViews(p),
      s.getProcessManagement(p),
      s.getCustomize(p),
      s.getAppAcl(p),
      s.getRecordAcl(p),
      s.getFieldAcl(p),
    ],
  );
  const [notificationsGeneral, perRecord, reminder, reports, actions, adminNotes, plugins, added] =
    await Promise.all([
      s.getGeneralNotifications(p),
      s.getPerRecordNotifications(p),
      s.getReminderNotifications(p),
      s.getReports(p),
      s.getActions(p),
      s.getAdminNotes(p),
      appPlugins(client, app, copy),
      Promise.all(
        endpoints.map(async (e) => [e.key, stored<JsonObject>(withoutRevision(await s.read(e, p)))] as const),
      ),
    ]);
  // Typed as the service stores it, so that an area left out here does not compile.
  const settings: AppSettings = {
    general: stored(withoutRevision(general)),
    properties: stored(fields.properties),
    layout: stored(layout.layout),
    views: stored(views.views),
    process: stored(withoutRevision(process)),
    customize: stored(withoutRevision(customize)),
    appAcl: stored(appAcl.rights),
    recordAcl: stored(recordAcl.rights),
    fieldAcl: stored(fieldAcl.rights),
    notificationsGeneral: stored(withoutRevision(notificationsGeneral)),
    notificationsPerRecord: stored(perRecord.notifications),
    notificationsReminder: stored(withoutRevision(reminder)),
    reports: stored(reports.reports),
    actions: stored(actions.actions),
    adminNotes: stored(withoutRevision(adminNotes)),
    plugins,
    ...(added.length > 0 ? { added: Object.fromEntries(added) } : {}),
  };
  return { settings, revision: general.revision };
}

/**
 * An answer of the service as the emulator stores it: plain JSON. The client's types are the
 * service's answers, which arrived as JSON; the copy is what the store keeps.
 */
function stored<J extends Json>(answer: unknown): J {
  return JSON.parse(JSON.stringify(answer)) as J;
}

function withoutRevision<T extends { revision: string }>(answer: T): Omit<T, 'revision'> {
  const { revision: _revision, ...rest } = answer;
  return rest;
}

/** Every plug-in of the app's copy, page by page (PLUGINS_PER_LIST is the most one page holds). */
async function appPlugins(client: Client, app: string, copy: Copy): Promise<JsonObject[]> {
  const all: JsonObject[] = [];
  for (let offset = 0; ; offset += PLUGINS_PER_LIST) {
    const page = await client.appPlugins.getPlugins({ app, copy, offset, limit: PLUGINS_PER_LIST });
    all.push(...stored<JsonObject[]>(page.plugins));
    if (page.plugins.length < PLUGINS_PER_LIST) return all;
  }
}

/**
 * The app's latest `count` records (highest ids), and up to `count` of the records each query
 * matches, once each, as the records GET answers them.
 */
async function copiedRecords(
  client: Client,
  app: string,
  count: number,
  queries: readonly string[],
): Promise<StoredRecord[]> {
  const lists = await Promise.all(
    ['', ...queries].map((condition) => latestRecords(client, app, count, condition)),
  );
  const byId = new Map<string, StoredRecord>();
  for (const record of lists.flat()) {
    const id = record.$id?.value;
    if (typeof id === 'string' || typeof id === 'number') byId.set(String(id), record);
  }
  return [...byId.values()].sort((a, b) => Number(b.$id?.value) - Number(a.$id?.value));
}

/** The latest `count` records matching `condition` ('' for all), highest ids first. */
async function latestRecords(
  client: Client,
  app: string,
  count: number,
  condition: string,
): Promise<StoredRecord[]> {
  const all: StoredRecord[] = [];
  // RECORDS_PER_READ is the most one records GET returns.
  for (let offset = 0; offset < count; offset += RECORDS_PER_READ) {
    const limit = Math.min(RECORDS_PER_READ, count - offset);
    const page = await client.records.getRecords({
      app,
      query: `${condition} order by $id desc limit ${limit} offset ${offset}`.trim(),
    });
    all.push(...page.records);
    if (page.records.length < limit) break;
  }
  return all;
}

/** The ids of the apps that an app's lookups and related-records tables name, in either copy. */
export function referencedApps(app: { draft: AppSettings; live: AppSettings | null }): string[] {
  const ids: string[] = [];
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) {
        const named = (inner as { app?: unknown } | null)?.app;
        if (
          key === 'relatedApp' &&
          (typeof named === 'string' || typeof named === 'number') &&
          `${named}` !== ''
        )
          ids.push(String(named));
        else walk(inner);
      }
    }
  };
  walk(app.draft.properties);
  walk(app.live?.properties);
  return ids;
}
