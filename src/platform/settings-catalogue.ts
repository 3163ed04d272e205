/**
 * The catalogue of the platform's settings endpoints: one entry per endpoint an app's settings are
 * read and written through, saying what every side needs to know about it. The client's paths, the
 * local service's routes and the token limits of plan and apply all take it from here; it imports
 * nothing.
 *
 * Evidence for the paths: the spec's App settings table (rest-interface.md) and the official
 * client (@kintone/rest-api-client, lib/src/client/AppClient.js: each method's `endpointName`, with
 * `preview: true` for the draft, under `/k/v1/`).
 */

/** Every settings endpoint's key: the settings area it holds (areas/index.ts). */
export type SettingsKey =
  | 'general'
  | 'fields'
  | 'layout'
  | 'views'
  | 'process'
  | 'customize'
  | 'appAcl'
  | 'recordAcl'
  | 'fieldAcl'
  | 'notificationsGeneral'
  | 'notificationsPerRecord'
  | 'notificationsReminder'
  | 'reports'
  | 'actions'
  | 'adminNotes'
  | 'plugins';

/**
 * Which of an endpoint's calls an API token (with the app permission the call needs) may make.
 * The hosted platform answers the others `403 GAIA_NO01`.
 * - `every`: all of them;
 * - `none`: none, reads and writes of both copies alike;
 * - `no-custom-view-writes`: all but a write whose body carries a Customize (`CUSTOM`) view.
 */
export type TokenCalls = 'every' | 'none' | 'no-custom-view-writes';

/**
 * One settings endpoint. The platform's own are keyed by `SettingsKey`; an entry added beside
 * them (an area defined outside src/, `settingsCatalogue`) by any other text.
 */
export interface SettingsEndpoint<K extends string = SettingsKey> {
  readonly key: K;
  /** The live endpoint under `/k/v1/` (`app/views.json`); the draft's is its `preview/` twin. */
  readonly endpoint: string;
  /** Where the area sits in an app's manifest ([] for the general settings, at its top). */
  readonly manifest: readonly string[];
  /** The write body's key that holds the content; null when the content is the body's keys. */
  readonly bodyKey: string | null;
  /**
   * Whether a PUT on the live path is taken, and publishes the app's whole pending draft with it
   * (DESIGN.md "Apply"; the spec's table: "live, immediate"; the official client's updateAppAcl,
   * updateRecordAcl, updateFieldAcl and updateAdminNotes write either copy).
   */
  readonly livePutPublishes: boolean;
  readonly token: TokenCalls;
}

/** `/k/v1/`: where every endpoint of the REST interface sits (outside a guest space). */
export const API_ROOT = '/k/v1/';

/** The draft's endpoint under `/k/v1/`: `preview/app/views.json`. */
export function draftEndpoint(endpoint: string): string {
  return `preview/${endpoint}`;
}

/** The full live path: `/k/v1/app/views.json`. */
export function livePath(entry: Pick<SettingsEndpoint, 'endpoint'>): string {
  return `${API_ROOT}${entry.endpoint}`;
}

/** The full draft path: `/k/v1/preview/app/views.json`. */
export function draftPath(entry: Pick<SettingsEndpoint, 'endpoint'>): string {
  return `${API_ROOT}${draftEndpoint(entry.endpoint)}`;
}

// Every settings API takes an API token with the app's "manage" permission (cybozu.dev, API
// updates of February and April 2020), except where an entry says otherwise.
export const SETTINGS_CATALOGUE: readonly SettingsEndpoint[] = settingsCatalogue([
  entry('general', 'app/settings.json', [], null),
  entry('fields', 'app/form/fields.json', ['fields'], 'properties'),
  entry('layout', 'app/form/layout.json', ['layout'], 'layout'),
  // Update Views (kintone.dev, its page, Permissions): a Customize (CUSTOM) view is for kintone
  // administrators only, and "API Tokens cannot be used with this API" for it. Get Views takes
  // tokens for every type.
  entry('views', 'app/views.json', ['views'], 'views', { token: 'no-custom-view-writes' }),
  entry('process', 'app/status.json', ['process'], null),
  // Get Customization (live and pre-live) and Update Customization (kintone.dev): "API Tokens
  // cannot be used with this API".
  entry('customize', 'app/customize.json', ['customize'], null, { token: 'none' }),
  entry('appAcl', 'app/acl.json', ['appAcl'], 'rights', { livePutPublishes: true }),
  entry('recordAcl', 'record/acl.json', ['recordAcl'], 'rights', { livePutPublishes: true }),
  entry('fieldAcl', 'field/acl.json', ['fieldAcl'], 'rights', { livePutPublishes: true }),
  entry('notificationsGeneral', 'app/notifications/general.json', ['notifications', 'general'], null),
  entry(
    'notificationsPerRecord',
    'app/notifications/perRecord.json',
    ['notifications', 'perRecord'],
    'notifications',
  ),
  entry('notificationsReminder', 'app/notifications/reminder.json', ['notifications', 'reminder'], null),
  entry('reports', 'app/reports.json', ['reports'], 'reports'),
  entry('actions', 'app/actions.json', ['actions'], 'actions'),
  entry('adminNotes', 'app/adminNotes.json', ['adminNotes'], null, { livePutPublishes: true }),
  // Add Plug-ins takes a token (its page on kintone.dev lists API tokens); its body names them `ids`.
  entry('plugins', 'app/plugins.json', ['plugins'], 'ids'),
]);

function entry(
  key: SettingsKey,
  endpoint: string,
  manifest: readonly string[],
  bodyKey: string | null,
  rest: Partial<Pick<SettingsEndpoint, 'livePutPublishes' | 'token'>> = {},
): SettingsEndpoint {
  return { key, endpoint, manifest, bodyKey, livePutPublishes: false, token: 'every', ...rest };
}

const BY_KEY = new Map(SETTINGS_CATALOGUE.map((e) => [e.key, e]));

/** The catalogue's entry for `key`. */
export function settingsEndpoint(key: SettingsKey): SettingsEndpoint {
  const found = BY_KEY.get(key);
  if (found === undefined) throw new TypeError(`no settings endpoint ${key}`);
  return found;
}

/** The full live and draft paths of `key`'s endpoint (the local service's routes). */
export function settingsPaths(key: SettingsKey): { readonly live: string; readonly draft: string } {
  const e = settingsEndpoint(key);
  return { live: livePath(e), draft: draftPath(e) };
}

/** A catalogue: the platform's entries, and any added beside them (`settingsCatalogue`). */
export type SettingsCatalogue = readonly SettingsEndpoint<string>[];

/**
 * A catalogue with entries added to the platform's (`[...SETTINGS_CATALOGUE, entry]`): checks that
 * no key or endpoint is there twice, and that each endpoint is written as the platform's are (a
 * live `.json` path under `/k/v1/`, without its leading slash or `preview/`).
 */
export function settingsCatalogue<E extends SettingsEndpoint<string>>(entries: readonly E[]): readonly E[] {
  const keys = new Set<string>();
  const endpoints = new Set<string>();
  for (const e of entries) {
    if (!/^(?!preview\/)[\w-]+(\/[\w-]+)*\.json$/.test(e.endpoint))
      throw new TypeError(
        `settings endpoint ${e.key}: write its live path under /k/v1/ as 'app/memo.json', not ${JSON.stringify(e.endpoint)}`,
      );
    if (keys.has(e.key)) throw new TypeError(`settings endpoint key ${e.key} is in the catalogue twice`);
    if (endpoints.has(e.endpoint))
      throw new TypeError(`settings endpoint ${e.endpoint} is in the catalogue twice (${e.key})`);
    keys.add(e.key);
    endpoints.add(e.endpoint);
  }
  return entries;
}

/**
 * The entry whose live or draft endpoint `tail` is (the part after `/k/v1/`), or undefined: in the
 * platform's catalogue, or in `catalogue` when one is given.
 */
export function settingsEndpointAt(
  tail: string,
  catalogue: SettingsCatalogue = SETTINGS_CATALOGUE,
): SettingsEndpoint<string> | undefined {
  const live = tail.startsWith('preview/') ? tail.slice('preview/'.length) : tail;
  return catalogue.find((e) => e.endpoint === live);
}

/**
 * The calls of an entry no API token may make, as `METHOD /k/v1/...`: reads of both copies and
 * writes of the draft (and of the live copy where a live PUT is taken) for `none`; the draft's
 * write for `no-custom-view-writes` (it refuses only when a Customize view is in the body).
 */
export function tokenRefusedCalls(e: SettingsEndpoint<string>): string[] {
  switch (e.token) {
    case 'every':
      return [];
    case 'none':
      return [
        `GET ${livePath(e)}`,
        `GET ${draftPath(e)}`,
        `PUT ${draftPath(e)}`,
        ...(e.livePutPublishes ? [`PUT ${livePath(e)}`] : []),
      ];
    case 'no-custom-view-writes':
      return [`PUT ${draftPath(e)}`];
    default: {
      const unreachable: never = e.token;
      throw new TypeError(`unknown token rule ${String(unreachable)}`);
    }
  }
}
