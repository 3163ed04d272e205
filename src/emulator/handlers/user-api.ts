/**
 * The hosted platform's common User API, read side: `GET /v1/users.json`, `/v1/groups.json` and
 * `/v1/organizations.json`, and one user's memberships, `GET /v1/user/groups.json` and
 * `/v1/user/organizations.json`, answered from the emulator's users (settings) and its groups and
 * organizations (directory/units.ts, defined with `PUT /_emulator/directory` or the
 * `--group`/`--organization` flags).
 *
 * Evidence (cybozu.dev, common/docs/user-api: users/get-users, groups/get-groups,
 * organizations/get-organizations; kintone.dev, common/user-api, "Get Groups" and "Get
 * Departments"; data-structure for the User, Group and Organization types):
 * - parameters `ids` (ID type) or `codes` (login names / codes), never both ("If ids and codes
 *   are both set, an error will return"); up to 100 of either; `size` 1 to 100, default 100;
 *   `offset` 0 or more, default 0;
 * - answers `{users}`, `{groups}`, `{organizations}`, in ascending order of id;
 * - "All users other than Guest Users can use this API"; the kintone pages list password and
 *   session authentication. The newer API token of the User API (cybozu.dev, api-updates/2025-04)
 *   is a cybozu.com token sent as `Authorization: Bearer`, not an app's token: an app's API token
 *   (`X-Cybozu-API-Token`) is not among the APIs the kintone REST documentation lists for it
 *   (rest-api/overview/authentication), so platform/token-calls.ts lists these calls and a token
 *   gets the platform's refusal of a token on an API it may not run (403 GAIA_NO01, dispatch.ts). The exact
 *   answer the User API gives an app token is not documented.
 * One user's memberships (cybozu.dev, common/docs/user-api: users/get-users-groups and
 * users/get-users-organization; "required access: none"): the parameter `code`, the user's login
 * name, required; answers `{groups: [Group type]}` (the example lists a project group and
 * `everyone`, in ascending order of id) and `{organizationTitles: [{organization: Organization
 * type, title: Title type}]}`. The emulator keeps no titles: `title` is null, as the JavaScript
 * API's kintone.user.getOrganizations documents an unset title (cybozu.dev,
 * kintone/docs/js-api/kintone/get-organizations: "未設定の場合にはnullが返ります"). Neither page says
 * what a login that names no user gets; both say kintone guest users cannot be read. The emulator
 * answers those as the three reads answer a code that names nothing: left out, so an empty list.
 * The emulator's ids are positions: users in the order they were configured (guests are left
 * out: the User API does not return kintone guest users, get-users-organization "limitations"),
 * groups after the two built-in ones, organizations in definition order.
 */
import { errors, invalid } from '../errors.js';
import {
  ADMINISTRATORS,
  definedUnits,
  EVERYONE,
  inUnits,
  primaryOrganization,
  unitsOf,
  type UnitKind,
} from '../directory/units.js';
import type { ApiRequest, EmulatorContext, Route } from '../context.js';
import { userLang } from '../messages/user-lang.js';

/** The most `ids`, `codes` and `size` take (the documentation's "up to 100"). */
const MAX = 100;

/** A stand-in for the creation and update times the emulator does not keep for users. */
const SINCE = '2000-01-01T00:00:00Z';

interface Entry {
  readonly id: string;
  readonly code: string;
  readonly body: Record<string, unknown>;
}

/** The entries an endpoint serves, by id, with the `ids`/`codes` filter and paging applied. */
function page(req: ApiRequest, entries: readonly Entry[]): Record<string, unknown>[] {
  refuseGuest(req);
  const params = req.params;
  if (params.has('ids') && params.has('codes'))
    throw invalid({ codes: 'Specify either ids or codes, not both.' });
  const ids = params.ids('ids', { max: MAX });
  const codes = params.array('codes', { max: MAX }).map(String);
  const size = params.int('size', { default: MAX, min: 1, max: MAX });
  const offset = params.int('offset', { default: 0, min: 0 });
  const chosen = entries.filter(
    (e) => (ids.length === 0 || ids.includes(e.id)) && (codes.length === 0 || codes.includes(e.code)),
  );
  return chosen.slice(offset, offset + size).map((e) => e.body);
}

/** "All users other than Guest Users can use this API." */
function refuseGuest(req: ApiRequest): void {
  if (req.principal.kind === 'user' && req.principal.guest) throw errors.forbidden('this operation');
}

function users(req: ApiRequest): unknown {
  const orgIds = new Map(definedUnits(req.ctx, 'ORGANIZATION').map((o, i) => [o.code, String(i + 1)]));
  const entries = req.ctx.settings.users.map((user, i): Entry => {
    const primary = primaryOrganization(req.ctx, user.login);
    const id = String(i + 1);
    return {
      id,
      code: user.login,
      body: {
        id,
        code: user.login,
        ctime: SINCE,
        mtime: SINCE,
        valid: true,
        name: user.name ?? user.login,
        ...Object.fromEntries(UNSET_USER_KEYS.map((key) => [key, null])),
        timezone: 'Asia/Tokyo',
        // The language the user signs in with: the control API's setting over --user's (null: as the browser).
        locale: userLang(req.ctx, user.login, user.lang) ?? null,
        primaryOrganization: primary === null ? null : Number(orgIds.get(primary)),
        customItemValues: [],
      },
    };
  });
  return { users: page(req, entries) };
}

/** User-type keys the emulator keeps no value for: null, as the platform answers an unset one. */
const UNSET_USER_KEYS = [
  'surName',
  'givenName',
  'surNameReading',
  'givenNameReading',
  'localName',
  'localNameLocale',
  'description',
  'phone',
  'mobilePhone',
  'extensionNumber',
  'email',
  'callto',
  'url',
  'employeeNumber',
  'birthDate',
  'joinDate',
  'sortOrder',
];

/**
 * Built-in groups first. A group's description is text, empty when none was given: the example of
 * cybozu.dev get-users-groups answers `everyone` with `"description": ""`.
 */
function groupEntries(ctx: EmulatorContext): Entry[] {
  const all = [
    { code: EVERYONE, name: 'Everyone' },
    { code: ADMINISTRATORS, name: ADMINISTRATORS },
    ...definedUnits(ctx, 'GROUP'),
  ];
  return all.map(({ code, name }, i): Entry => {
    const id = String(i + 1);
    return { id, code, body: { id, code, name, description: '', type: 'static' } };
  });
}

function organizationEntries(ctx: EmulatorContext): Entry[] {
  return definedUnits(ctx, 'ORGANIZATION').map(({ code, name }, i): Entry => {
    const id = String(i + 1);
    const body = {
      id,
      code,
      name,
      localName: null,
      localNameLocale: null,
      parentCode: null,
      description: null,
    };
    return { id, code, body };
  });
}

function groups(req: ApiRequest): unknown {
  return { groups: page(req, groupEntries(req.ctx)) };
}

function organizations(req: ApiRequest): unknown {
  return { organizations: page(req, organizationEntries(req.ctx)) };
}

/**
 * The groups or organizations (by `kind`) the user named by `code` belongs to, as `entries` list
 * them (ascending id); none for a login that names no configured user (a guest included).
 */
function membershipsOf(req: ApiRequest, kind: UnitKind, entries: readonly Entry[]): Entry[] {
  refuseGuest(req);
  const login = req.params.str('code');
  if (login === '') throw invalid({ code: 'Required field.' });
  if (!req.ctx.settings.users.some((u) => u.login === login)) return [];
  const units = unitsOf(req.ctx, login);
  return entries.filter((e) => inUnits(units, kind, e.code));
}

function userGroups(req: ApiRequest): unknown {
  return { groups: membershipsOf(req, 'GROUP', groupEntries(req.ctx)).map((e) => e.body) };
}

function userOrganizations(req: ApiRequest): unknown {
  const entries = membershipsOf(req, 'ORGANIZATION', organizationEntries(req.ctx));
  return { organizationTitles: entries.map((e) => ({ organization: e.body, title: null })) };
}

export const userApiRoutes: Route[] = [
  { method: 'GET', path: '/v1/users.json', auth: 'any', handler: users },
  { method: 'GET', path: '/v1/groups.json', auth: 'any', handler: groups },
  { method: 'GET', path: '/v1/organizations.json', auth: 'any', handler: organizations },
  { method: 'GET', path: '/v1/user/groups.json', auth: 'any', handler: userGroups },
  { method: 'GET', path: '/v1/user/organizations.json', auth: 'any', handler: userOrganizations },
];
