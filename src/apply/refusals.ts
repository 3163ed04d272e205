/**
 * Why apply must not start, found before anything is written: from the plan alone (blocked
 * changes, data loss not allowed, someone's pending draft not to be discarded), and from the
 * service (a deploy still running, a revision that moved since the plan was made).
 */
import type { Area, AreaKey } from '../areas/types.js';
import type { Client } from '../client/index.js';
import type { AppPlan, Risk } from '../plan/types.js';
import { appdeployCommand, type Project } from '../project/index.js';
import { movedAreas } from './moved-areas.js';
import { readRevisions } from './revisions.js';
import type { AppRefusal } from './types.js';

export interface RiskFlags {
  allowDataLoss: boolean;
  discardPendingDrafts: boolean;
}

/** Pure: the risks of the apps about to change that the flags do not allow. */
export function riskRefusals(apps: readonly AppPlan[], flags: RiskFlags): AppRefusal[] {
  const refusals: AppRefusal[] = [];
  for (const app of apps)
    for (const risk of app.risks) {
      const refusal = refuse(app.key, risk, flags);
      if (refusal) refusals.push(refusal);
    }
  return refusals;
}

function refuse(app: string, risk: Risk, flags: RiskFlags): AppRefusal | null {
  switch (risk.kind) {
    case 'blocked':
      return {
        kind: 'blocked',
        app,
        message: `${risk.area} ${risk.path.join('.')}: ${risk.reason}; ${risk.instead}`,
      };
    case 'data-loss':
      if (flags.allowDataLoss) return null;
      return {
        kind: 'data-loss',
        app,
        message:
          `removing ${risk.option === undefined ? `field ${risk.field}` : `option "${risk.option}" of ${risk.field}`}` +
          ` loses the values of ${risk.records} record${risk.records === 1 ? '' : 's'}` +
          ` (pass --allow-data-loss to accept it)`,
      };
    case 'pending-draft':
      if (flags.discardPendingDrafts) return null;
      return {
        kind: 'pending-draft',
        app,
        message:
          `its draft has changes that are not deployed (${risk.areas.join(', ')}); deploying would publish them` +
          ` (pass --discard-pending-drafts to discard them first)`,
      };
    // These deploy (or fail the deploy, which rolls back): the plan shows them; apply goes on.
    case 'deploy-fails':
    case 'records-need-values':
      return null;
    default: {
      const unreachable: never = risk;
      return unreachable;
    }
  }
}

/**
 * Asks the service: is a deploy of any of these apps still running, and does each app still
 * hold the revisions the plan pinned (and, for an app the plan was to create, has it no id yet)?
 */
export async function serviceRefusals(
  client: Client,
  project: Project,
  apps: readonly AppPlan[],
  areas: ReadonlyMap<AreaKey, Area>,
): Promise<AppRefusal[]> {
  const refusals: AppRefusal[] = [];
  for (const app of apps) {
    const now = project.apps.find((a) => a.key === app.key)?.id ?? null;
    if (app.id === null && now !== null)
      refusals.push({
        kind: 'revision-moved',
        app: app.key,
        message: `the plan was to create it, but it has id ${now} now; plan again`,
      });
    else if (app.id !== null && now !== app.id)
      refusals.push({
        kind: 'revision-moved',
        app: app.key,
        message: `the plan names app id ${app.id}, the project ${now ?? 'none'}; plan again`,
      });
  }
  const existing = apps.filter((a): a is AppPlan & { id: string } => a.id !== null);
  if (existing.length === 0) return refusals;
  const statuses = new Map<string, string>();
  for (let i = 0; i < existing.length; i += 300) {
    const batch = existing.slice(i, i + 300).map((a) => a.id);
    for (const item of (await client.apps.getDeployStatus({ apps: batch })).apps)
      statuses.set(item.app, item.status);
  }
  await Promise.all(
    existing.map(async (app) => {
      if (statuses.get(app.id) === 'PROCESSING') {
        refusals.push({
          kind: 'deploying',
          app: app.key,
          message: `a deploy of app ${app.id} is still running; wait for it (\`${appdeployCommand(project, 'status')}\`) and plan again`,
        });
        return;
      }
      if (!app.revisions) return;
      const now = await readRevisions(client, app.id);
      const moved = (['draft', 'live'] as const).filter((copy) => now[copy] !== app.revisions![copy]);
      if (moved.length === 0) return;
      const where = await Promise.all(
        moved.map(async (copy) => {
          const changed = await movedAreas(client, app, copy, areas);
          const what =
            changed.length > 0
              ? `(${changed.join(', ')} changed)`
              : '(in an area the manifest does not manage)';
          return `its ${copy} revision moved from ${app.revisions![copy]} to ${now[copy]} ${what}`;
        }),
      );
      refusals.push({
        kind: 'revision-moved',
        app: app.key,
        message: `${where.join(' and ')} since the plan was made; plan again`,
      });
    }),
  );
  return refusals;
}
