/**
 * The stages of an apply before its first app write: nothing to do, refusals (nothing written),
 * the system plug-ins the project carries (installed or updated, and they stay), and the pending
 * drafts the user asked to discard.
 */
import { installPlugins, pluginRefusals } from './plugins.js';
import { ownDraftApps, recoveryShown, withoutOwnDrafts } from './recovery.js';
import { readDraftRevision } from './revisions.js';
import { recountRisks } from './recount.js';
import { directoryRefusals } from './directory-recheck.js';
import { riskRefusals, serviceRefusals } from './refusals.js';
import { otherServiceRefusals } from './service-check.js';
import { revertDrafts } from './revert.js';
import { refusedResult, result } from './result.js';
import { asIs, type ApplyRun, type StageEnd } from './stage.js';
import type { AppRefusal, ApplyResult } from './types.js';

export function nothingToDo(run: ApplyRun): StageEnd {
  const { plan } = run.options;
  if (run.changed.length === 0 && !plan.plugins.some((p) => p.action !== 'no-op'))
    return result('no-changes', run.everyone([]), run.plugins);
  return 'continue';
}

/** What the service answers now that the plan did not foresee stops the apply, nothing written. */
export async function refuse(run: ApplyRun): Promise<StageEnd> {
  const { plan, project, client, planMadeHere } = run.options;
  // On another service than the plan's, nothing else the service answers concerns this plan.
  const otherService = planMadeHere ? [] : await otherServiceRefusals(plan, client);
  if (otherService.length > 0) return refusedResult(asIs(run), otherService, run.plugins);
  const fromService = [
    ...(await serviceRefusals(client, project, run.changed, run.areas, planMadeHere !== 'just-now')),
    ...(await pluginRefusals(client, project.root, plan.plugins)),
  ];
  // After the last read and before the first write: the risks as the records stand now.
  const counted = await recountRisks(client, run.changed, run.areas);
  const flags = {
    allowDataLoss: run.options.allowDataLoss === true,
    discardPendingDrafts: run.options.discardPendingDrafts === true,
  };
  const refusals = [
    ...unknownCreations(run),
    // Pending drafts that the interrupted apply before this one wrote are this tool's to discard.
    ...riskRefusals(withoutOwnDrafts(run.changed, ownDraftApps(run.previous, run.changed)), flags, counted),
    ...fromService,
    // A shadow (plan --check) holds the target's apps, not its people: the plan looked them up
    // in the target itself, and the copy would refuse every one.
    ...(run.options.shadow === true ? [] : await directoryRefusals(client, project, run.changed)),
  ];
  if (refusals.length > 0) return refusedResult(asIs(run), refusals, run.plugins);
  return run.options.signal?.aborted ? interruptedEarly(run) : 'continue';
}

/**
 * Apps to create that an interrupted apply already asked the service to create, with no answer
 * and no single app found for them (recovery-adopt.ts): created again, they could exist twice.
 * Giving the app's id in the project, or deleting the record, tells apply which it is.
 */
function unknownCreations(run: ApplyRun): AppRefusal[] {
  const shown = recoveryShown(run.options.project.environment.name);
  return run.changed.flatMap((app) => {
    const asked = run.previous?.creating.find((c) => c.key === app.key && c.id === null);
    if (app.id !== null || asked === undefined) return [];
    return [
      {
        kind: 'creation-unknown' as const,
        app: app.key,
        message: `an interrupted apply asked the service to create it at ${asked.since} and never got the answer, and no single app of its name, creator and time was found; give its id in the project, or delete ${shown} to create it anew`,
      },
    ];
  });
}

/**
 * Plug-ins before anything else: a plug-in the service refuses stops the apply with no app
 * changed (and no pending draft discarded); the apps that add a plug-in need it installed.
 */
export async function plugins(run: ApplyRun): Promise<StageEnd> {
  const { options } = run;
  const installed = await installPlugins({
    client: options.client,
    root: options.project.root,
    plugins: options.plan.plugins,
    results: run.plugins,
    signal: options.signal,
    emit: run.emit,
  });
  if (installed.kind === 'failed') return refusedResult(asIs(run), [installed.refusal], run.plugins);
  if (installed.kind === 'interrupted' || options.signal?.aborted) return interruptedEarly(run);
  if (run.changed.length === 0) return result('applied', run.everyone([]), run.plugins);
  return 'continue';
}

/**
 * Someone's pending draft, to be discarded on request: reverted first, pinned to the revision
 * the plan saw (so a draft changed since is not discarded unseen).
 */
export async function discard(run: ApplyRun): Promise<StageEnd> {
  const { client } = run.options;
  const pending = run.sessions.filter(
    (s) => s.id !== null && s.plan.risks.some((r) => r.kind === 'pending-draft'),
  );
  if (pending.length === 0) return 'continue';
  run.emit({ type: 'revert-pending', apps: pending.map((s) => s.plan.key) });
  const pinned = new Map(pending.map((s) => [s.id!, s.revision!]));
  const failures = await revertDrafts({ client, apps: pending.map((s) => s.id!), pinned });
  if (failures.size > 0)
    return refusedResult(
      asIs(run),
      pending
        .filter((s) => failures.has(s.id!))
        .map((s) => ({
          kind: 'pending-draft',
          app: s.plan.key,
          message: `discarding its pending draft failed: ${failures.get(s.id!)}`,
        })),
      run.plugins,
    );
  await Promise.all(pending.map(async (s) => (s.revision = await readDraftRevision(client, s.id!))));
  return 'continue';
}

/** Interrupted before any app was written (plug-ins installed by then stay, as `plugins` says). */
function interruptedEarly(run: ApplyRun): ApplyResult {
  return result('interrupted', asIs(run), run.plugins);
}
