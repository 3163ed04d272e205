/**
 * `apply()`: executes a Plan so that every app ends either fully at its manifest or exactly as
 * it was, and says which. Refusals first (nothing written), then the system plug-ins the
 * project carries (plugins.ts: installed or updated, and they stay), then creations and draft
 * writes (write-all.ts), then one deploy call per 300 apps (deploy.ts), in steps when the plan
 * holds lookups or related-records tables back until the fields they name are live (run-steps.ts), then a check that what
 * went live is what was asked for (verify.ts). Every failure before a deploy goes live is undone by
 * reverting drafts, which is exact because apply starts only from drafts equal to live.
 * It never prints: progress goes to `onProgress`, the outcome into the returned result.
 */
import { AREAS } from '../areas/index.js';
import type { Area, AreaKey } from '../areas/types.js';
import { refuseTokenLimits } from '../plan/token-limits.js';
import { heldReferences } from '../plan/held.js';
import { appPlaceholder } from '../plan/placeholder.js';
import {
  initialPluginResults,
  installedNote,
  installPlugins,
  pluginRefusals,
  pluginTitle,
} from './plugins.js';
import { ownDraftApps, readRecovery, recorder, withoutOwnDrafts, type RecoveryRecord } from './recovery.js';
import { readDraftRevision } from './revisions.js';
import { liveChangedEnd, liveMoved } from './live-check.js';
import { recountRisks } from './recount.js';
import { directoryRefusals } from './directory-recheck.js';
import { riskRefusals, serviceRefusals } from './refusals.js';
import { otherServiceRefusals, refuseOtherService } from './service-check.js';
import { revertDrafts } from './revert.js';
import { appResult, createdNote, named, refusedResult, result, untouched } from './result.js';
import { runSteps } from './run-steps.js';
import { deploySteps } from '../plan/steps.js';
import type { ApplyEvent, ApplyOptions, ApplyResult } from './types.js';
import { verifyConvergence } from './verify.js';
import type { AppSession } from './write-all.js';
import { appdeployCommand } from '../project/index.js';

export const DEFAULT_APPLY_TIMEOUT_MS = 10 * 60_000;

export async function apply(options: ApplyOptions): Promise<ApplyResult> {
  // What an interrupted apply left, and the record of this one (recovery.ts).
  if (options.shadow === true) return applyRecorded(options, null, new Map());
  const previous = readRecovery(options.project);
  const sessions = new Map<string, AppSession>();
  const names = (key: string) => options.plan.apps.find((a) => a.key === key)?.name ?? key;
  const record = recorder(
    options.project,
    previous,
    names,
    (key) => sessions.get(key),
    options.now ?? Date.now,
  );
  const onProgress = (event: ApplyEvent) => {
    record.track(event);
    options.onProgress?.(event);
  };
  const ended = await applyRecorded({ ...options, onProgress }, previous, sessions);
  record.end(ended.outcome, options.plan.apps.length === options.project.apps.length);
  return ended;
}

async function applyRecorded(
  options: ApplyOptions,
  previous: RecoveryRecord | null,
  sessionsByKey: Map<string, AppSession>,
): Promise<ApplyResult> {
  const { plan, project, client } = options;
  // What the environment's API token cannot do stops the apply before anything is written.
  refuseTokenLimits(plan);
  refuseOtherService(plan, project);
  const emit = (event: ApplyEvent) => options.onProgress?.(event);
  const changed = plan.apps.filter((a) => a.action !== 'no-op');
  const plugins = initialPluginResults(plan.plugins);
  const sessions: AppSession[] = changed.map((app) => ({
    plan: app,
    id: app.id,
    created: false,
    touched: false,
    revision: app.revisions?.draft ?? null,
    areas: [],
  }));
  for (const s of sessions) sessionsByKey.set(s.plan.key, s);
  const others = untouched(sessions, plan.apps);
  const everyone = (changedApps: ApplyResult['apps']) =>
    plan.apps.map((a) => [...changedApps, ...others].find((r) => r.key === a.key)!);
  if (changed.length === 0 && !plan.plugins.some((p) => p.action !== 'no-op'))
    return result('no-changes', 'No changes: every app already matches its manifest.', everyone([]), plugins);

  const areas: ReadonlyMap<AreaKey, Area> = new Map((options.areas ?? AREAS).map((a) => [a.key, a]));
  const flags = {
    allowDataLoss: options.allowDataLoss === true,
    discardPendingDrafts: options.discardPendingDrafts === true,
  };
  const asIs = () => sessions.map((s) => appResult(s, 'unchanged'));
  // On another service than the plan's, nothing else the service answers concerns this plan.
  const otherService = options.planMadeHere ? [] : await otherServiceRefusals(plan, client);
  if (otherService.length > 0) return refusedResult(everyone(asIs()), otherService, plugins);
  const fromService = [
    ...(await serviceRefusals(client, project, changed, areas, options.planMadeHere !== 'just-now')),
    ...(await pluginRefusals(client, project.root, plan.plugins)),
  ];
  // After the last read and before the first write: the risks as the records stand now.
  const counted = await recountRisks(client, changed, areas);
  const refusals = [
    // Pending drafts that the interrupted apply before this one wrote are this tool's to discard.
    ...riskRefusals(withoutOwnDrafts(changed, ownDraftApps(previous, changed)), flags, counted),
    ...fromService,
    ...(await directoryRefusals(client, project, changed)),
  ];
  if (refusals.length > 0) return refusedResult(everyone(asIs()), refusals, plugins);
  const interruptedEarly = () => {
    const installed = installedNote(plugins);
    const message =
      installed === ''
        ? 'Interrupted before anything was written; nothing was changed.'
        : `Interrupted before any app was written; no app was changed.${installed}`;
    return result('interrupted', message, everyone(asIs()), plugins);
  };
  if (options.signal?.aborted) return interruptedEarly();

  // Plug-ins before anything else: a plug-in the service refuses stops the apply with no app
  // changed (and no pending draft discarded); the apps that add a plug-in need it installed.
  const installed = await installPlugins({
    client,
    root: project.root,
    plugins: plan.plugins,
    results: plugins,
    signal: options.signal,
    emit,
  });
  if (installed.kind === 'failed') return refusedResult(everyone(asIs()), [installed.refusal], plugins);
  if (installed.kind === 'interrupted' || options.signal?.aborted) return interruptedEarly();
  // `Installed plug-in "Scanner" (...) 1.2. `: said first in the messages of an apply that goes on.
  const pluginsDone = plugins.filter((p) => p.outcome !== 'unchanged');
  const pluginSentence =
    pluginsDone.length === 0
      ? ''
      : `${capitalise(pluginsDone.map((p) => `${p.outcome} plug-in ${pluginTitle(p)}`).join(', '))}. `;
  if (changed.length === 0)
    return result(
      'applied',
      `${pluginSentence}Every app already matches its manifest.`,
      everyone([]),
      plugins,
    );

  // Someone's pending draft, to be discarded on request: reverted first, pinned to the
  // revision the plan saw (so a draft changed since is not discarded unseen).
  const pending = sessions.filter(
    (s) => s.id !== null && s.plan.risks.some((r) => r.kind === 'pending-draft'),
  );
  if (pending.length > 0) {
    emit({ type: 'revert-pending', apps: pending.map((s) => s.plan.key) });
    const pinned = new Map(pending.map((s) => [s.id!, s.revision!]));
    const failures = await revertDrafts({ client, apps: pending.map((s) => s.id!), pinned });
    if (failures.size > 0)
      return refusedResult(
        everyone(asIs()),
        pending
          .filter((s) => failures.has(s.id!))
          .map((s) => ({
            kind: 'pending-draft',
            app: s.plan.key,
            message: `discarding its pending draft failed: ${failures.get(s.id!)}`,
          })),
        plugins,
      );
    await Promise.all(pending.map(async (s) => (s.revision = await readDraftRevision(client, s.id!))));
  }

  const resolveApp = (text: string): string => {
    const session = sessions.find((s) => s.id !== null && appPlaceholder(s.plan.key) === text);
    if (session) return session.id!;
    const other = project.apps.find((a) => a.id !== null && appPlaceholder(a.key) === text);
    return other?.id ?? text;
  };
  const steps = deploySteps(plan.apps, heldReferences(plan.apps), areas);
  // From the first deploy call on, an interrupt cannot stop anything: the deploys run to their end.
  const onAbort = () => emit({ type: 'deploy-cannot-stop' });
  const ran = await runSteps({
    client,
    project,
    sessions,
    steps,
    areas,
    resolveApp,
    shadow: options.shadow,
    signal: options.signal,
    emit: (event) => {
      if (event.type === 'deploy' && event.batch === 1)
        options.signal?.addEventListener('abort', onAbort, { once: true });
      emit(event);
    },
    now: options.now ?? Date.now,
    timeoutMs: options.timeoutMs ?? DEFAULT_APPLY_TIMEOUT_MS,
    batchSize: options.deployBatchSize ?? 300,
    pollIntervalMs: options.pollIntervalMs ?? { initial: 200, max: 5_000 },
  }).finally(() => options.signal?.removeEventListener('abort', onAbort));
  if (ran.kind !== 'live') {
    const moved = await liveMoved(client, sessions, plan.apps, areas, ran);
    const ended = moved.length > 0 ? liveChangedEnd(ran, sessions, moved) : ran;
    return result(
      ended.outcome,
      `${ended.message}${createdNote(sessions)}${installedNote(plugins)}`,
      everyone(ended.apps),
      plugins,
      { liveLeftChanged: ran.liveLeftChanged, liveChanged: moved },
    );
  }

  emit({ type: 'verify', apps: sessions.map((s) => s.plan.key) });
  // Every area as the plan has it (not a step's part of it), written in whichever step.
  const targets = sessions.map((s) => ({
    key: s.plan.key,
    id: s.id!,
    areas: (ran.written.get(s.plan.key) ?? []).map((w) => ({
      ...w,
      desired: plan.apps.find((a) => a.key === s.plan.key)!.areas.find((a) => a.key === w.area.key)!.after,
    })),
  }));
  const notConverged = await verifyConvergence(client, targets, resolveApp);
  const applied = sessions.map((s) => appResult(s, s.created ? 'created' : 'applied'));
  const list = sessions.map(named).join(', ');
  if (notConverged.length > 0)
    return result(
      'not-converged',
      `${pluginSentence}Applied ${list}, but ${notConverged.map((n) => `${n.app} ${n.area}`).join(', ')} did not converge: the live settings differ from the manifest after a successful deploy. This is a bug of appdeploy, not of your manifests; please report it with the output of \`${appdeployCommand(project, 'plan')}\`.`,
      everyone(applied),
      plugins,
      { notConverged },
    );
  return result('applied', `${pluginSentence}Applied ${list}.`, everyone(applied), plugins);
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
