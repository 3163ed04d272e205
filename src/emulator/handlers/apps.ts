import { ApiError, errors, invalid } from '../errors.js';
import { findApp, hasAppPermission, requireUser } from '../access.js';
import { principalEntity } from '../auth.js';
import { nextId } from '../model/ids.js';
import { newAppSettings } from '../model/defaults.js';
import { APPS_TABLE, type AppDoc } from '../model/app.js';
import { SPACES_TABLE, type SpaceRef } from '../model/space.js';
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

function findSpace(req: ApiRequest, spaceId: string): SpaceRef {
  const space = req.ctx.store.table<SpaceRef>(SPACES_TABLE).get(spaceId);
  if (!space) throw new ApiError(404, 'GAIA_SP01', `The space (id: ${spaceId}) was not found.`);
  return space;
}

function isSpaceAdmin(req: ApiRequest, space: SpaceRef): boolean {
  const p = req.principal;
  if (p.kind !== 'user') return false;
  return (
    p.admin ||
    (space.members ?? []).some(
      (m) => m.entity.type === 'USER' && m.entity.code === p.login && m.isAdmin === true,
    )
  );
}

function createApp(req: ApiRequest): unknown {
  const user = requireUser(req);
  const name = req.params.str('name', { min: 1, max: 64 });
  if (name.trim() === '') throw invalid({ name: 'Enter a name of 1 to 64 characters.' });
  const spaceId = req.params.optId('space') ?? null;
  const threadId = req.params.optId('thread') ?? null;
  if (threadId !== null && spaceId === null) throw invalid({ space: 'Required when thread is given.' });
  if (spaceId !== null) {
    if (threadId === null) throw invalid({ thread: 'Required when space is given.' });
    const space = findSpace(req, spaceId);
    if (!space.threadIds.includes(threadId))
      throw invalid({ thread: `Thread ${threadId} is not in space ${spaceId}.` });
  }
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
      draft: newAppSettings(name, nextId(req.ctx.store, 'view')),
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
  const ids = new Set(req.params.ids('ids', { max: 100 }));
  const codes = new Set(req.params.array('codes', { max: 100 }).map(String));
  const spaceIds = new Set(req.params.ids('spaceIds', { max: 100 }));
  const name = req.params.optStr('name');
  const offset = req.params.int('offset', { default: 0, min: 0 });
  const limit = req.params.int('limit', { default: 100, min: 1, max: 100 });
  const apps = [...req.ctx.store.table<AppDoc>(APPS_TABLE).values()]
    .filter((a) => a.live !== null)
    .filter((a) => ids.size === 0 || ids.has(a.id))
    .filter((a) => codes.size === 0 || codes.has(a.code))
    .filter((a) => spaceIds.size === 0 || (a.spaceId !== null && spaceIds.has(a.spaceId)))
    .filter((a) => name === undefined || appName(a).toLowerCase().includes(name.toLowerCase()))
    .filter((a) => hasAppPermission(user, a, 'view'))
    .sort((a, b) => Number(a.id) - Number(b.id));
  return { apps: apps.slice(offset, offset + limit).map(appView) };
}

function moveApp(req: ApiRequest): unknown {
  const user = requireUser(req);
  const app = findApp(req, req.params.id('app'), 'live');
  const target = req.params.optId('space') ?? null;
  const spaces = [app.spaceId, target].filter((s): s is string => s !== null).map((s) => findSpace(req, s));
  if (!user.admin && !spaces.every((s) => isSpaceAdmin(req, s))) throw errors.forbidden('moving this app');
  const threadId = target === null ? null : (spaces.at(-1)!.threadIds[0] ?? null);
  req.ctx.store.transaction(() => {
    req.ctx.store.table<AppDoc>(APPS_TABLE).put(app.id, { ...app, spaceId: target, threadId });
  });
  return {};
}

export const appRoutes: Route[] = [
  { method: 'POST', path: '/k/v1/preview/app.json', auth: 'user', handler: createApp },
  { method: 'GET', path: '/k/v1/app.json', auth: 'any', handler: getApp },
  { method: 'GET', path: '/k/v1/apps.json', auth: 'user', handler: listApps },
  { method: 'POST', path: '/k/v1/app/move.json', auth: 'user', handler: moveApp },
];
