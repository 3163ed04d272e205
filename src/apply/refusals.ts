/**
 * Why apply must not start, found before anything is written: from the plan's risks (blocked
 * changes, a deploy that would fail, data loss not allowed, someone's pending draft not to be
 * discarded) as counted again at apply (recount.ts), and from the service (a deploy still
 * running, a revision that moved since the plan was made).
 */
import { APPS_PER_DEPLOY } from '../platform/index.js';
import type { Area, AreaKey } from '../areas/types.js';
import type { Client } from '../client/index.js';
import type { AppPlan, Risk } from '../plan/index.js';
import { appdeployCommand, formatPath, type Project } from '../project/index.js';
import { movedAreas } from './moved-areas.js';
import { isCounted, plannedRecords, type CountedRisk } from './recount.js';
import { readRevisions } from './revisions.js';
import type { AppRefusal } from './types.js';
import { lengthBounds, plural, recordNumbers } from '../wording.js';

export interface RiskFlags {
  allowDataLoss: boolean;
  discardPendingDrafts: boolean;
}

const NO_FLAGS: RiskFlags = { allowDataLoss: false, discardPendingDrafts: false };

/**
 * Pure: the risks of the apps about to change that the flags do not allow. With `counted` (the
 * risks about records as counted at apply, by app key), those replace the plan's: a risk new or
 * larger than the plan said is refused as the plan's would be (the same flags allow it), and one
 * that no flag is needed for at plan time (`records-need-values`) is refused when it grew, since
 * the plan that was reviewed said less: plan again.
 */
export function riskRefusals(
  apps: readonly AppPlan[],
  flags: RiskFlags,
  counted: ReadonlyMap<string, readonly CountedRisk[]> = new Map(),
): AppRefusal[] {
  const refusals: AppRefusal[] = [];
  for (const app of apps) {
    const now = counted.get(app.key);
    // A migration's values that do not convert are not a question the areas ask again: the copy
    // judges them itself (migrate.ts), so the plan's count stands here.
    const risks =
      now === undefined
        ? app.risks
        : [...app.risks.filter((r) => !isCounted(r) || isNotConverted(r)), ...now];
    for (const risk of risks) {
      const planned = now !== undefined && isCounted(risk) ? plannedRecords(app.risks, risk) : null;
      const grew = planned !== null && isCounted(risk) && risk.records > planned;
      const note = grew ? `; found at apply, the plan counted ${planned}` : '';
      const refusal = refuse(app.key, risk, flags);
      if (refusal) refusals.push({ ...refusal, message: `${refusal.message}${note}` });
      // Refused by nothing even without flags: the plan did not say it, so it is not accepted.
      else if (grew && refuse(app.key, risk, NO_FLAGS) === null)
        refusals.push({
          kind: 'risk-grew',
          app: app.key,
          message: `${describeCounted(risk)}${note}; plan again to review it`,
        });
    }
  }
  return refusals;
}

/** Pure: what apply refuses whatever its flags (a blocked change, a deploy that would fail). */
export function unappliable(apps: readonly AppPlan[]): AppRefusal[] {
  return riskRefusals(
    apps.filter((a) => a.action !== 'no-op'),
    { allowDataLoss: true, discardPendingDrafts: true },
  );
}

function isNotConverted(risk: Risk): boolean {
  return risk.kind === 'data-loss' && risk.notConverted === true;
}

/** What a risk about records means, in words. */
function describeCounted(risk: CountedRisk): string {
  const records = plural(risk.records, 'record');
  switch (risk.kind) {
    case 'data-loss':
      if (risk.notConverted === true)
        return `migrating field ${risk.field} leaves the values of ${records} behind: they do not convert to its new type`;
      return `removing ${risk.option === undefined ? `field ${risk.field}` : `option "${risk.option}" of ${risk.field}`} loses the values of ${records}`;
    case 'deploy-fails':
      if (risk.reason === 'length')
        return `field ${risk.field} gets a length of ${lengthBounds(risk)} but ${records} hold a value outside it (${recordNumbers(risk.recordIds)}${risk.records > risk.recordIds.length ? ', ...' : ''}): the deploy would fail`;
      return `field ${risk.field} becomes unique but ${records} share a value: the deploy would fail`;
    case 'records-need-values':
      return `required field ${risk.field} leaves ${records} empty (each is refused on its next update until it gets a value)`;
    case 'records-in-removed-status':
      return `removing status "${risk.status}" strands ${records} in it (${risk.query})`;
    default: {
      const unreachable: never = risk;
      return unreachable;
    }
  }
}

function refuse(app: string, risk: Risk, flags: RiskFlags): AppRefusal | null {
  switch (risk.kind) {
    case 'blocked':
      // The setting as the plan's text names it (`appAcl[1].entity.code`), so the refusal on
      // stderr points at the line of the plan above it.
      return {
        kind: 'blocked',
        app,
        message: `${formatPath([risk.area, ...risk.path])}: ${risk.reason}; ${risk.instead}`,
      };
    case 'data-loss':
      if (flags.allowDataLoss) return null;
      return {
        kind: 'data-loss',
        app,
        message: `${describeCounted(risk)} (pass --allow-data-loss to accept it)`,
      };
    // The platform refuses the deploy (publishProblem in the local service): refused before
    // writing, instead of writing, deploying and rolling back.
    case 'deploy-fails':
      return {
        kind: 'deploy-fails',
        app,
        message: `${describeCounted(risk)} (${risk.reason === 'length' ? `give those records values of ${lengthBounds(risk)} first` : 'give those records distinct values first'})`,
      };
    // Records stranded in a removed status lose their place in the process: the same consent.
    case 'records-in-removed-status':
      if (flags.allowDataLoss) return null;
      return {
        kind: 'data-loss',
        app,
        message:
          `removing status "${risk.status}" strands ${risk.records} record${risk.records === 1 ? '' : 's'} in it` +
          ` (${risk.query}; pass --allow-data-loss to accept it, or rename it with renamedFrom)`,
      };
    case 'pending-draft':
      if (flags.discardPendingDrafts) return null;
      return {
        kind: 'pending-draft',
        app,
        message:
          `its draft has changes that are not deployed (${risk.areas.join(', ')}): someone's unfinished change, or an apply` +
          ` under way from another checkout or machine; deploying would publish them` +
          // Discarding an apply's drafts while it runs fails it (its deploy is pinned to their
          // revision): no lock is shared across checkouts, so the person is told to wait first.
          ` (if such an apply runs, wait for it to end and plan again; otherwise pass --discard-pending-drafts to discard them first)`,
      };
    // These deploy: the plan shows them; apply goes on.
    case 'records-need-values':
    case 'field-still-used':
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
  /** False when the plan read them moments before in the same command. */
  readRevisionsAgain = true,
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
  for (let i = 0; i < existing.length; i += APPS_PER_DEPLOY) {
    const batch = existing.slice(i, i + APPS_PER_DEPLOY).map((a) => a.id);
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
      if (!app.revisions || !readRevisionsAgain) return;
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
