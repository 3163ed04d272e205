import { APPS_PER_DEPLOY } from '../../platform/index.js';
import { errors, invalid } from '../errors.js';
import { findApp, requireAppPermission } from '../access.js';
import { arr, bool, int, nullable, obj } from '../validate/shape.js';
import { checkParams, idParam } from '../validate/request.js';
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

/** The deploy body, closed: `apps[i]` holds `app` and `revision` only, each of its type. */
const deployBody = obj(
  {
    apps: arr(obj({ app: idParam, revision: nullable(int(-1)) }, { required: ['app'] }), {
      max: APPS_PER_DEPLOY,
    }),
    revert: bool(),
  },
  { required: ['apps'] },
);

interface DeployBody {
  apps: { app: string; revision?: string | null }[];
  revert?: boolean;
}

function deploy(req: ApiRequest): unknown {
  const body = checkParams<DeployBody>(req.params, deployBody);
  if (body.apps.length === 0) throw invalid({ apps: 'Name at least one app: [{app, revision}].' });
  const targets = body.apps.map(({ app, revision }) => ({
    doc: findApp(req, app, 'draft'),
    revision: revision === undefined || revision === null ? undefined : Number(revision),
  }));
  if (new Set(targets.map((t) => t.doc.id)).size !== targets.length)
    throw invalid({ apps: 'An app is named twice.' });
  for (const { doc, revision } of targets) {
    requireAppPermission(req, doc, 'manage');
    if (isDeploying(req.ctx, doc.id)) throw errors.deploying(doc.id);
    checkRevision(revision, doc.revision);
  }
  req.ctx.store.transaction(() =>
    body.revert === true ? revertDrafts(req, targets) : startDeploy(req, targets),
  );
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
        req.lang,
      );
    // Pending renames go with the draft: the records never left their live codes and statuses.
    const { renamed: _discarded, renamedStates: _statesDiscarded, ...rest } = doc;
    apps.put(doc.id, { ...rest, draft, revision: doc.revision + 1 });
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

/**
 * The status of an app's last deploy call (a revert records none): it says how that processing
 * went, not whether the app is live. The documented statuses are the progress of the call
 * (cybozu.dev, Get App Deploy Status: PROCESSING, SUCCESS "processing complete", FAIL, CANCEL),
 * and an app with no deploy in flight answers SUCCESS (platform-facts.md, "Apps and deploy"), a
 * never-deployed app included, after a revert too: its live reads still answer GAIA_AP01, which
 * is what says it is not live. No source we found records another answer for such an app.
 */
function deployStatus(req: ApiRequest): unknown {
  const ids = req.params.ids('apps', { required: true, max: APPS_PER_DEPLOY });
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
