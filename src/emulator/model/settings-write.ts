import { errors } from '../errors.js';
import { findApp, requireAppPermission, type AppPermission } from '../access.js';
import { principalEntity } from '../auth.js';
import { isDeploying } from './deploy-state.js';
import { APPS_TABLE, type AppDoc, type AppSettings } from './app.js';
import type { ApiRequest } from '../context.js';

/**
 * The common path of every settings write: the app exists, the caller may manage it, no deploy
 * of it is running, the revision matches (-1 or absent skips), then the counter goes up by one.
 * `target` says which copies the write lands in: `draft` for preview endpoints; `both` for the
 * live-immediate areas (three ACLs, admin notes), so that a later deploy does not undo them.
 */
export function writeSettings(
  req: ApiRequest,
  target: 'draft' | 'both',
  change: (settings: AppSettings, app: AppDoc) => AppSettings,
): { revision: string; app: AppDoc } {
  const appId = req.params.id('app');
  const current = findApp(req, appId, target === 'both' ? 'live' : 'draft');
  requireAppPermission(req, current, 'manage');
  if (isDeploying(req.ctx, appId)) throw errors.deploying(appId);
  checkRevision(req.params.revision(), current.revision);
  return req.ctx.store.transaction(() => {
    const revision = current.revision + 1;
    const draft = change(current.draft, current);
    const live = target === 'both' && current.live ? change(current.live, current) : current.live;
    // A live-immediate write to an app with nothing pending keeps live and draft at one revision,
    // so a client that reads a live area and writes it back with that revision is not refused.
    const inSync = target === 'both' && current.deployedRevision === current.revision;
    const app: AppDoc = {
      ...current,
      draft,
      live,
      revision,
      deployedRevision: inSync ? revision : current.deployedRevision,
      modifiedAt: req.ctx.clock.iso(),
      modifier: principalEntity(req.principal),
    };
    req.ctx.store.table<AppDoc>(APPS_TABLE).put(appId, app);
    return { revision: String(revision), app };
  });
}

/** 409 GAIA_CO02 when a given revision (other than -1) is not the current one. */
export function checkRevision(given: number | undefined, current: number): void {
  if (given === undefined || given === -1) return;
  if (given !== current) throw errors.revision(String(given), String(current));
}

/**
 * Reads one copy of an app for a settings GET: the caller must manage the app for the draft, and
 * hold `permission` for live (form and views are readable with record view rights). The revision is
 * the counter for the draft, and the deployed counter for live (platform-facts).
 */
export function readSettings(
  req: ApiRequest,
  copy: 'draft' | 'live',
  permission: AppPermission = 'manage',
): { settings: AppSettings; revision: string; app: AppDoc } {
  const appId = req.params.id('app');
  const app = findApp(req, appId, copy);
  requireAppPermission(req, app, copy === 'draft' ? 'manage' : permission);
  const settings = copy === 'live' ? app.live! : app.draft;
  const revision = copy === 'live' ? app.deployedRevision! : app.revision;
  return { settings, revision: String(revision), app };
}
