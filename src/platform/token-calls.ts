/**
 * The calls outside the settings endpoints (settings-catalogue.ts, each entry's `token`) that an
 * API token may not make: the hosted platform answers them `403 GAIA_NO01` ("Using this API
 * token, you cannot run the specified API."). The local service refuses a token on exactly these
 * routes (emulator/dispatch.ts) and the planner names them where a plan needs one
 * (plan/token-limits.ts); no other file says which calls a token may make.
 *
 * Evidence: each endpoint's page on kintone.dev lists its authentication methods, and no API
 * token among them, most saying "API Tokens cannot be used with this API" under Permissions
 * (kintone.dev/en/docs/kintone/rest-api/<group>/<page>/). The official client
 * (@kintone/rest-api-client, lib/src/client/AppClient.d.ts, PluginClient.d.ts, SpaceClient.d.ts)
 * carries every call below but says nothing of authentication.
 */
import { SETTINGS_CATALOGUE, tokenRefusedCalls, type SettingsCatalogue } from './settings-catalogue.js';

/** The REST interface's methods. */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface TokenRefusedCall {
  /** The official client's method name for the call (or the page's, where the client has none). */
  readonly name: string;
  readonly method: HttpMethod;
  /** The full path under `/k/v1/` (or `/v1/` for the User API). */
  readonly path: string;
  /** Where the refusal is written down. */
  readonly evidence: string;
}

const page = (group: string, name: string): string =>
  `kintone.dev/en/docs/kintone/rest-api/${group}/${name}/`;
// What the pages say, in three degrees: the sentence itself; administrators only (and password or
// session authentication listed); password or session authentication listed, nothing more.
const NO_TOKEN = 'Authentication: password and session only; "API Tokens cannot be used with this API"';
const ADMIN_ONLY =
  'Authentication: password and session only; "Only Kintone Administrators can use this API"';
const NOT_LISTED = 'Authentication: password and session only (no API token listed)';
// The User API: an app's token (X-Cybozu-API-Token) is not among its authentication methods; its
// own newer token is a cybozu.com Bearer token (cybozu.dev, api-updates/2025-04), not an app's.
const USER_API = 'cybozu.dev, common/docs/user-api: password and session authentication; no app token';

export const TOKEN_REFUSED_CALLS: readonly TokenRefusedCall[] = [
  call('addApp', 'POST', '/k/v1/preview/app.json', `${page('apps', 'add-preview-app')}: ${NO_TOKEN}`),
  call('getApps', 'GET', '/k/v1/apps.json', `${page('apps', 'get-apps')}: ${NO_TOKEN}`),
  call(
    'moveAppToSpace',
    'POST',
    '/k/v1/app/move.json',
    `${page('apps', 'move-app-to-space')}: ${NOT_LISTED}`,
  ),
  call(
    'getInstalledPlugins',
    'GET',
    '/k/v1/plugins.json',
    `${page('plugins', 'get-installed-plugins')}: ${ADMIN_ONLY}`,
  ),
  call('installPlugin', 'POST', '/k/v1/plugin.json', `${page('plugins', 'install-plugin')}: ${ADMIN_ONLY}`),
  call('updatePlugin', 'PUT', '/k/v1/plugin.json', `${page('plugins', 'update-plugin')}: ${ADMIN_ONLY}`),
  call(
    'uninstallPlugin',
    'DELETE',
    '/k/v1/plugin.json',
    `${page('plugins', 'uninstall-plugin')}: ${ADMIN_ONLY}`,
  ),
  call(
    'getAppsUsingPlugin',
    'GET',
    '/k/v1/plugin/apps.json',
    `${page('plugins', 'get-plugin-apps')}: ${ADMIN_ONLY}`,
  ),
  call(
    'getRequiredPlugins',
    'GET',
    '/k/v1/plugins/required.json',
    `${page('plugins', 'get-required-plugins')}: ${ADMIN_ONLY}`,
  ),
  call(
    'addSpaceFromTemplate',
    'POST',
    '/k/v1/template/space.json',
    `${page('spaces', 'add-space')}: ${NO_TOKEN}`,
  ),
  call('getSpace', 'GET', '/k/v1/space.json', `${page('spaces', 'get-space')}: ${NO_TOKEN}`),
  call('deleteSpace', 'DELETE', '/k/v1/space.json', `${page('spaces', 'delete-space')}: ${NO_TOKEN}`),
  call(
    'updateSpaceBody',
    'PUT',
    '/k/v1/space/body.json',
    `${page('spaces', 'update-space-body')}: ${NO_TOKEN}`,
  ),
  call(
    'getSpaceMembers',
    'GET',
    '/k/v1/space/members.json',
    `${page('spaces', 'get-space-members')}: ${NO_TOKEN}`,
  ),
  call(
    'updateSpaceMembers',
    'PUT',
    '/k/v1/space/members.json',
    `${page('spaces', 'update-space-members')}: ${NO_TOKEN}`,
  ),
  call('addThread', 'POST', '/k/v1/space/thread.json', `${page('spaces', 'add-thread')}: ${NO_TOKEN}`),
  call('updateThread', 'PUT', '/k/v1/space/thread.json', `${page('spaces', 'update-thread')}: ${NO_TOKEN}`),
  call(
    'addThreadComment',
    'POST',
    '/k/v1/space/thread/comment.json',
    `${page('spaces', 'add-thread-comment')}: ${NO_TOKEN}`,
  ),
  call('addGuests', 'POST', '/k/v1/guests.json', `${page('spaces', 'add-guests')}: ${ADMIN_ONLY}`),
  call('deleteGuests', 'DELETE', '/k/v1/guests.json', `${page('spaces', 'delete-guests')}: ${ADMIN_ONLY}`),
  call(
    'updateSpaceGuests',
    'PUT',
    '/k/v1/space/guests.json',
    `${page('spaces', 'update-guest-members')}: ${NOT_LISTED}`,
  ),
  call('getUsers', 'GET', '/v1/users.json', `${USER_API} (Get Users)`),
  call('getGroups', 'GET', '/v1/groups.json', `${USER_API} (Get Groups)`),
  call('getOrganizations', 'GET', '/v1/organizations.json', `${USER_API} (Get Organizations)`),
  call('getUserGroups', 'GET', '/v1/user/groups.json', `${USER_API} (users/get-users-groups)`),
  call(
    'getUserOrganizations',
    'GET',
    '/v1/user/organizations.json',
    `${USER_API} (users/get-users-organization)`,
  ),
];

function call(name: string, method: HttpMethod, path: string, evidence: string): TokenRefusedCall {
  return { name, method, path, evidence };
}

/** `POST /k/v1/preview/app.json`: how plans and messages name a call. */
export function callText(c: Pick<TokenRefusedCall, 'method' | 'path'>): string {
  return `${c.method} ${c.path}`;
}

const BY_NAME = new Map(TOKEN_REFUSED_CALLS.map((c) => [c.name, c]));
// The settings endpoints whose every call a token is refused (the catalogue's `none`); a Customize
// view's write is refused by looking at the body (emulator/handlers/settings/custom-views.ts).
const BY_CALL = new Set([
  ...TOKEN_REFUSED_CALLS.map(callText),
  ...SETTINGS_CATALOGUE.filter((e) => e.token === 'none').flatMap(tokenRefusedCalls),
]);

/** The refused call named `name` (the table's `name`), as `METHOD /path`. */
export function tokenRefusedCall(name: string): string {
  const found = BY_NAME.get(name);
  if (found === undefined) throw new TypeError(`no token-refused call ${name}`);
  return callText(found);
}

/**
 * Whether a token is refused `method path` whatever the body (a route's path, guest-space prefix
 * removed): a call of the table, or of a settings endpoint no token may call, the platform's or
 * one of `added` (entries added beside the platform's, settingsCatalogue).
 */
export function refusesToken(method: string, path: string, added: SettingsCatalogue = []): boolean {
  const called = `${method} ${path}`;
  return (
    BY_CALL.has(called) || added.some((e) => e.token === 'none' && tokenRefusedCalls(e).includes(called))
  );
}
