import { ApiError, errors } from './errors.js';
import { SPACES_TABLE, type SpaceRef } from './model/space.js';
import type { ApiRequest } from './context.js';
import type { Principal, TokenPermissions } from './auth.js';
import { inUnits } from './directory/units.js';
import { APPS_TABLE, type AppDoc, type JsonObject } from './model/app.js';
import { everyoneLast } from '../platform/index.js';

/** A signed-in user (login and password), as opposed to an API token. */
export type UserPrincipal = Extract<Principal, { kind: 'user' }>;

export type AppPermission = keyof TokenPermissions;

/** Which app ACL flag grants each permission. */
const ACL_FLAG: Record<AppPermission, string> = {
  view: 'recordViewable',
  add: 'recordAddable',
  edit: 'recordEditable',
  delete: 'recordDeletable',
  manage: 'appEditable',
};

/**
 * The app, or 404 GAIA_AP01. `live` also requires it to have been deployed once. As on the
 * platform, an app of a guest space is reached only through its own `/k/guest/{spaceId}/v1/`
 * path (through `/k/v1/` it is 400 GAIA_IL23), and through a guest path only the apps of that
 * guest space are (any other is 403 CB_NO02), whoever calls. (That the path names a guest space
 * at all is checked once for every call, by `requireGuestSpace` in the HTTP edge.)
 */
export function findApp(req: ApiRequest, appId: string, copy: 'draft' | 'live'): AppDoc {
  const app = req.ctx.store.table<AppDoc>(APPS_TABLE).get(appId);
  if (!app || (copy === 'live' && app.live === null)) throw errors.appNotFound(appId);
  if (req.guestSpaceId !== null && app.spaceId !== req.guestSpaceId)
    throw new ApiError(
      403,
      'CB_NO02',
      `The app (id: ${appId}) is not in guest space ${req.guestSpaceId}; call an app of a guest space through its own /k/guest/{spaceId}/v1/ path, and any other app through /k/v1/.`,
    );
  if (req.guestSpaceId === null && app.spaceId !== null && isGuestSpace(req, app.spaceId))
    throw new ApiError(
      400,
      'GAIA_IL23',
      `The app (id: ${appId}) is in guest space ${app.spaceId}; call it through /k/guest/${app.spaceId}/v1/.`,
    );
  // A guest reaches nothing outside the guest spaces they belong to: not even a call that needs
  // no app right (a permission evaluation) tells them about another app.
  if (isGuestOutside(req.principal, app))
    throw errors.forbidden('this app (a guest reaches only the apps of their guest spaces)');
  return app;
}

function isGuestOutside(principal: Principal, app: AppDoc): boolean {
  if (principal.kind !== 'user' || !principal.guest) return false;
  return app.spaceId === null || !(principal.guestSpaces ?? []).includes(app.spaceId);
}

function isGuestSpace(req: Pick<ApiRequest, 'ctx'>, spaceId: string): boolean {
  return req.ctx.store.table<SpaceRef>(SPACES_TABLE).get(spaceId)?.isGuest === true;
}

/**
 * Refuses a call through `/k/guest/{spaceId}/v1/` when no guest space has that id (an ordinary
 * space, or none): 404 GAIA_SP01. The HTTP edge calls this once per request, so the handlers
 * that scope by `req.guestSpaceId` (findApp, readableSpace, listApps) only compare space ids.
 */
export function requireGuestSpace(req: Pick<ApiRequest, 'ctx' | 'guestSpaceId'>): void {
  const id = req.guestSpaceId;
  if (id === null || isGuestSpace(req, id)) return;
  throw new ApiError(
    404,
    'GAIA_SP01',
    `There is no guest space with id ${id}: /k/guest/${id}/v1/ is only for a guest space. Call an ordinary space and its apps through /k/v1/.`,
  );
}

/**
 * Refuses the call unless the caller holds `permission` on the app: an administrator always
 * does; a user through the app ACL (first matching rule wins, everyone's last); a token only for
 * its own app.
 */
export function requireAppPermission(req: ApiRequest, app: AppDoc, permission: AppPermission): void {
  if (!hasAppPermission(req.principal, app, permission)) {
    throw errors.forbidden(
      permission === 'manage' ? 'managing this app' : `${permission} on records of this app`,
    );
  }
}

/** Whether the caller may see the app at all: it may view its records or manage it. */
export function canSeeApp(principal: Principal, app: AppDoc): boolean {
  return hasAppPermission(principal, app, 'view') || hasAppPermission(principal, app, 'manage');
}

export function hasAppPermission(principal: Principal, app: AppDoc, permission: AppPermission): boolean {
  switch (principal.kind) {
    case 'token': {
      const own = principal.tokens.filter((t) => t.app === app.id);
      if (own.length === 0) throw errors.tokenNotForApp();
      return own.some((t) => t.permissions[permission]);
    }
    case 'user': {
      if (principal.admin) return true;
      if (isGuestOutside(principal, app)) return false;
      // Everyone's rule is weighed last, wherever it is listed (platform/acl-rights.ts).
      const rights = everyoneLast((app.live ?? app.draft).appAcl, (r) => r.entity);
      const rule = rights.find((r) => entityMatches(r.entity as JsonObject | undefined, principal, app));
      return rule?.[ACL_FLAG[permission]] === true;
    }
    default: {
      const never: never = principal;
      return never;
    }
  }
}

/** Whether an app ACL entity names this user: by login, as the app's creator, or through a group or organization. */
function entityMatches(entity: JsonObject | undefined, user: UserPrincipal, app: AppDoc): boolean {
  if (!entity) return false;
  const type = typeof entity.type === 'string' ? entity.type : '';
  switch (type) {
    case 'USER':
      return entity.code === user.login;
    case 'GROUP':
    case 'ORGANIZATION':
      return typeof entity.code === 'string' && inUnits(user.units, type, entity.code);
    case 'CREATOR':
      return app.creator.code === user.login;
    default:
      // FIELD_ENTITY (a record-level notion) and anything unknown match no app-level user.
      return false;
  }
}

/** Refuses API tokens for calls that only a signed-in user may make (create or list apps, spaces...). */
export function requireUser(req: ApiRequest): UserPrincipal {
  if (req.principal.kind !== 'user') throw errors.forbidden('this operation with an API token');
  return req.principal;
}
