import { errors } from '../errors.js';
import { findApp, requireAppPermission, type AppPermission } from '../access.js';
import { principalEntity } from '../auth.js';
import { isDeploying } from './deploy-state.js';
import { APPS_TABLE, type AppDoc, type AppSettings } from './app.js';
import { publishDraft, publishProblem } from './publish.js';
import { withFormChange } from './renames/pending.js';
import { withStateChange } from './renames/states.js';
import type { Renames } from './renames/text.js';
import type { ApiRequest } from '../context.js';

/**
 * Where a settings write lands. `draft`: the preview endpoints. `publish`: a PUT on a live ACL
 * path (or live admin notes), which on the hosted platform writes the draft and then makes the
 * whole draft live at once, every other pending change of the app with it (its official client
 * uses the preview paths for that reason).
 */
export type WriteTarget = 'draft' | 'publish';

/**
 * A change to the draft's form that renames fields (draft code before -> after) or deletes them:
 * the app then remembers where each live field's values go at the next deploy.
 */
export interface FormChange {
  readonly settings: AppSettings;
  readonly renames: Renames;
  readonly deleted: readonly string[];
}

/** A process write's statuses renamed (draft name before -> after) and deleted. */
export interface StateChange {
  readonly renames: ReadonlyMap<string, string>;
  readonly deleted: readonly string[];
}

/** A change to the draft's process: the app remembers where each live status's records go. */
export interface ProcessChange {
  readonly settings: AppSettings;
  readonly states: StateChange;
}

/**
 * The common path of every settings write: the app exists (and is live, to publish), the caller
 * may manage it, no deploy of it is running, the revision matches (-1 or absent skips), then the
 * counter goes up by one and the change lands in the draft; to publish, the draft then goes live
 * as a deploy would make it (refused, with nothing changed, when a deploy of it would fail).
 */
export function writeSettings(
  req: ApiRequest,
  target: WriteTarget,
  change: (settings: AppSettings, app: AppDoc) => AppSettings | FormChange | ProcessChange,
): { revision: string; app: AppDoc } {
  const current = authorizeSettingsWrite(req, target);
  const appId = current.id;
  if (isDeploying(req.ctx, appId)) throw errors.deploying(appId);
  checkRevision(req.params.revision(), current.revision);
  return req.ctx.store.transaction(() => {
    const revision = current.revision + 1;
    const changed = change(current.draft, current);
    const form = 'renames' in changed ? changed : null;
    const process = 'states' in changed ? changed : null;
    const draft = form?.settings ?? process?.settings ?? (changed as AppSettings);
    const renamed = form
      ? withFormChange(current.renamed ?? {}, current.live, form.renames, form.deleted)
      : current.renamed;
    const renamedStates = process
      ? withStateChange(
          current.renamedStates ?? {},
          current.live,
          process.states.renames,
          process.states.deleted,
        )
      : current.renamedStates;
    const { renamed: _before, renamedStates: _statesBefore, ...rest } = current;
    let app: AppDoc = {
      ...rest,
      ...(renamed && Object.keys(renamed).length > 0 ? { renamed } : {}),
      ...(renamedStates && Object.keys(renamedStates).length > 0 ? { renamedStates } : {}),
      draft,
      revision,
      modifiedAt: req.ctx.clock.iso(),
      modifier: principalEntity(req.principal),
    };
    req.ctx.store.table<AppDoc>(APPS_TABLE).put(appId, app);
    if (target === 'publish') {
      const problem = publishProblem(req.ctx, app);
      if (problem) throw errors.cannotPublish(appId, problem);
      app = publishDraft(req.ctx, app);
    }
    return { revision: String(revision), app };
  });
}

/**
 * The app a settings write names, once the caller may manage it. Handlers with a body to check
 * call it first: the platform refuses a caller without the right before it reads the body.
 */
export function authorizeSettingsWrite(req: ApiRequest, target: WriteTarget): AppDoc {
  const current = findApp(req, req.params.id('app'), target === 'publish' ? 'live' : 'draft');
  requireAppPermission(req, current, 'manage');
  return current;
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
