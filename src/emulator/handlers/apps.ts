import { APPS_PER_LIST, TEXT_LIMITS } from '../../platform/index.js';
import { errors, invalid } from '../errors.js';
import { findApp, hasAppPermission, requireUser, type UserPrincipal } from '../access.js';
import { principalEntity } from '../auth.js';
import { nextId } from '../model/ids.js';
import { newAppSettings } from '../model/defaults.js';
import { APPS_TABLE, type AppDoc } from '../model/app.js';
import { nullable, obj, str } from '../validate/shape.js';
import { checkParams, idParam } from '../validate/request.js';
import { administeredSpace, readableSpace } from './spaces/model.js';
import type { ApiRequest, Route } from '../context.js';

/** The App resource as `app.json` and `apps.json` answer it (live name and description). */
function appView(app: AppDoc): Record<string, unknown> {
  const general = app.live!.general;
  return {
    appId: app.id,
    code: app.code,
    name: general.name,
    description: general.description,
    spaceId: app.spaceId,
    threadId: app.threadId,
    createdAt: app.createdAt,
    creator: app.creator,
    modifiedAt: app.modifiedAt,
    modifier: app.modifier,
  };
}

function appName(app: AppDoc): string {
  const name = (app.live ?? app.draft).general.name;
  return typeof name === 'string' ? name : '';
}

const createBody = obj(
  { name: str({ max: TEXT_LIMITS.appName }), space: nullable(idParam), thread: nullable(idParam) },
  { required: ['name'] },
);

/**
 * Where a new app may go: nowhere for a guest (guests work only inside their guest spaces);
 * otherwise into a thread of a space the caller can read, refused as a read of that space is.
 */
function placement(
  req: ApiRequest,
  user: UserPrincipal,
  spaceId: string | null,
  threadId: string | null,
): void {
  if (threadId !== null && spaceId === null) throw invalid({ space: 'Required when thread is given.' });
  if (spaceId === null) {
    if (user.guest)
      throw errors.forbidden('creating an app outside a guest space (a guest user: give space and thread)');
    return;
  }
  if (threadId === null) throw invalid({ thread: 'Required when space is given.' });
  const space = readableSpace(req, spaceId);
  if (!space.threadIds.includes(threadId))
    throw invalid({ thread: `Thread ${threadId} is not in space ${spaceId}; give a thread of that space.` });
}

function createApp(req: ApiRequest): unknown {
  const user = requireUser(req);
  const body = checkParams<{ name: string; space?: string | null; thread?: string | null }>(
    req.params,
    createBody,
  );
  const name = body.name;
  if (name.trim() === '') throw invalid({ name: `Enter a name of 1 to ${TEXT_LIMITS.appName} characters.` });
  const spaceId = body.space ?? null;
  const threadId = body.thread ?? null;
  placement(req, user, spaceId, threadId);
  return req.ctx.store.transaction(() => {
    const id = nextId(req.ctx.store, 'app');
    const now = req.ctx.clock.iso();
    const who = principalEntity(user);
    const app: AppDoc = {
      id,
      code: '',
      spaceId,
      threadId,
      createdAt: now,
      creator: who,
      modifiedAt: now,
      modifier: who,
      revision: 1,
      deployedRevision: null,
      // The creator's language decides the codes of the system fields, as on the platform.
      draft: newAppSettings(name, nextId(req.ctx.store, 'view'), req.lang),
      live: null,
    };
    req.ctx.store.table<AppDoc>(APPS_TABLE).put(id, app);
    return { app: id, revision: String(app.revision) };
  });
}

function getApp(req: ApiRequest): unknown {
  const app = findApp(req, req.params.id('id'), 'live');
  if (!hasAppPermission(req.principal, app, 'view')) throw errors.forbidden('viewing this app');
  return appView(app);
}

function listApps(req: ApiRequest): unknown {
  const user = requireUser(req);
  const ids = new Set(req.params.ids('ids', { max: APPS_PER_LIST }));
  const codes = new Set(req.params.array('codes', { max: APPS_PER_LIST }).map(String));
  const spaceIds = new Set(req.params.ids('spaceIds', { max: APPS_PER_LIST }));
  const name = req.params.optStr('name');
  const offset = req.params.int('offset', { default: 0, min: 0 });
  const limit = req.params.int('limit', { default: APPS_PER_LIST, min: 1, max: APPS_PER_LIST });
  const apps = [...req.ctx.store.table<AppDoc>(APPS_TABLE).values()]
    .filter((a) => a.live !== null)
    .filter((a) => ids.size === 0 || ids.has(a.id))
    .filter((a) => codes.size === 0 || (a.code !== '' && codes.has(a.code)))
    .filter((a) => spaceIds.size === 0 || (a.spaceId !== null && spaceIds.has(a.spaceId)))
    .filter((a) => name === undefined || appName(a).toLowerCase().includes(name.toLowerCase()))
    // Through a guest-space path only that guest space's apps are listed, as findApp reaches only
    // them (the HTTP edge has checked that the path names a guest space: requireGuestSpace).
    .filter((a) => req.guestSpaceId === null || a.spaceId === req.guestSpaceId)
    .filter((a) => hasAppPermission(user, a, 'view'))
    .sort((a, b) => Number(a.id) - Number(b.id));
  return { apps: apps.slice(offset, offset + limit).map(appView) };
}

const moveBody = obj({ app: idParam, space: nullable(idParam) }, { required: ['app'] });

/** Moving takes administering both spaces involved (an administrator may always), and managing the app. */
function moveApp(req: ApiRequest): unknown {
  const user = requireUser(req);
  const body = checkParams<{ app: string; space?: string | null }>(req.params, moveBody);
  const app = findApp(req, body.app, 'live');
  const target = body.space ?? null;
  const spaces = [app.spaceId, target]
    .filter((s): s is string => s !== null)
    .map((s) => administeredSpace(req, s));
  if (!hasAppPermission(user, app, 'manage')) throw errors.forbidden('moving this app');
  const threadId = target === null ? null : (spaces.at(-1)!.threadIds[0] ?? null);
  req.ctx.store.transaction(() => {
    req.ctx.store.table<AppDoc>(APPS_TABLE).put(app.id, { ...app, spaceId: target, threadId });
  });
  return {};
}

export const appRoutes: Route[] = [
  { method: 'POST', path: '/k/v1/preview/app.json', auth: 'any', handler: createApp },
  { method: 'GET', path: '/k/v1/app.json', auth: 'any', handler: getApp },
  { method: 'GET', path: '/k/v1/apps.json', auth: 'any', handler: listApps },
  { method: 'POST', path: '/k/v1/app/move.json', auth: 'any', handler: moveApp },
];
