import { errors, invalid } from '../errors.js';
import { findApp, requireAppPermission } from '../access.js';
import { toId } from '../http/params.js';
import { checkRevision } from '../model/settings-write.js';
import { APPS_TABLE, type AppDoc } from '../model/app.js';
import { newAppSettings } from '../model/defaults.js';
import { nextId } from '../model/ids.js';
import {
  DEPLOYS_TABLE,
  OUTCOMES_TABLE,
  isDeploying,
  markInFlight,
  type DeployDoc,
  type ForcedOutcome,
} from '../model/deploy-state.js';
import type { ApiRequest, Route } from '../context.js';

function deploy(req: ApiRequest): unknown {
  const items = req.params.array('apps', { required: true, max: 300 });
  const revert = req.params.bool('revert', false);
  const targets = items.map((item, i) => {
    if (typeof item !== 'object' || item === null)
      throw invalid({ [`apps[${i}]`]: 'Enter an object {app, revision}.' });
    const { app, revision } = item as { app?: unknown; revision?: unknown };
    if (app === undefined || app === null) throw invalid({ [`apps[${i}].app`]: 'Required field.' });
    const appId = toId(app, `apps[${i}].app`);
    const rev = revision === undefined || revision === null ? undefined : Number(revision);
    if (rev !== undefined && !Number.isInteger(rev))
      throw invalid({ [`apps[${i}].revision`]: 'Enter an integer.' });
    return { doc: findApp(req, appId, 'draft'), revision: rev };
  });
  if (new Set(targets.map((t) => t.doc.id)).size !== targets.length)
    throw invalid({ apps: 'An app is named twice.' });
  for (const { doc, revision } of targets) {
    requireAppPermission(req, doc, 'manage');
    if (isDeploying(req.ctx, doc.id)) throw errors.deploying(doc.id);
    checkRevision(revision, doc.revision);
  }
  req.ctx.store.transaction(() => (revert ? revertDrafts(req, targets) : startDeploy(req, targets)));
  return {};
}

function revertDrafts(req: ApiRequest, targets: { doc: AppDoc }[]): void {
  const apps = req.ctx.store.table<AppDoc>(APPS_TABLE);
  for (const { doc } of targets) {
    // An app never deployed goes back to what a new app has, keeping its name.
    const draft =
      doc.live ??
      newAppSettings(
        typeof doc.draft.general.name === 'string' ? doc.draft.general.name : '',
        nextId(req.ctx.store, 'view'),
      );
    apps.put(doc.id, { ...doc, draft, revision: doc.revision + 1 });
  }
}

function startDeploy(req: ApiRequest, targets: { doc: AppDoc }[]): void {
  const deploys = req.ctx.store.table<DeployDoc>(DEPLOYS_TABLE);
  const outcomes = req.ctx.store.table<ForcedOutcome>(OUTCOMES_TABLE);
  const batch = targets.map((t) => t.doc.id);
  const settlesAt = req.ctx.clock.now() + req.ctx.settings.deployMs;
  const stuck = batch.some((id) => outcomes.get(id) === 'STUCK');
  for (const id of batch) {
    const forced = outcomes.get(id);
    outcomes.delete(id);
    const deploy: DeployDoc = {
      app: id,
      status: 'PROCESSING',
      settlesAt: stuck ? null : settlesAt,
      batch,
      ...(forced === 'FAIL' ? { reason: 'failure forced through /_emulator/deploy-outcome' } : {}),
    };
    deploys.put(id, deploy);
    markInFlight(req.ctx, deploy);
  }
}

function deployStatus(req: ApiRequest): unknown {
  const ids = req.params.ids('apps', { required: true, max: 300 });
  const deploys = req.ctx.store.table<DeployDoc>(DEPLOYS_TABLE);
  return {
    apps: ids.map((id) => {
      const app = findApp(req, id, 'draft');
      requireAppPermission(req, app, 'manage');
      return { app: id, status: deploys.get(id)?.status ?? 'SUCCESS' };
    }),
  };
}

export const deployRoutes: Route[] = [
  { method: 'POST', path: '/k/v1/preview/app/deploy.json', auth: 'any', handler: deploy },
  { method: 'GET', path: '/k/v1/preview/app/deploy.json', auth: 'any', handler: deployStatus },
];
