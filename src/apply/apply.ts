/**
 * `apply()`: executes a Plan so that every app ends either fully at its manifest or exactly as
 * it was, and says which. A pipeline of named stages, each ending the apply with a result or
 * letting the next one run (stage.ts): refusals first (nothing written), then the system plug-ins
 * the project carries (plugins.ts: installed or updated, and they stay), then the pending drafts
 * asked to be discarded (stages-before.ts), then creations and draft writes (write-all.ts) and
 * one deploy call per 300 apps (deploy.ts), in steps when the plan holds lookups or
 * related-records tables back until the fields they name are live (run-steps.ts), then a check
 * that what went live is what was asked for (verify.ts; stages-live.ts). Every failure before a
 * deploy goes live is undone by reverting drafts, which is exact because apply starts only from
 * drafts equal to live.
 * It never prints: progress goes to `onProgress`, the outcome into the returned result.
 */
import { refuseTokenLimits } from '../plan/index.js';
import { readRecovery, recorder, type RecoveryRecord } from './recovery.js';
import { refuseOtherService } from './service-check.js';
import { discard, nothingToDo, plugins, refuse } from './stages-before.js';
import { verify, writeAndDeploy } from './stages-live.js';
import { asIs, startRun, type ApplyRun, type StageEnd } from './stage.js';
import { refusedResult } from './result.js';
import type { ApplyEvent, ApplyOptions, ApplyResult } from './types.js';
import type { AppSession } from './write-all.js';
import { applyMigrating, hasMigrations } from './migrate.js';
import { backupNotes, backupRemoved, catchUpBackups, type TakenBackup } from './backup-removed.js';
import type { BeforeDeploy } from './run-steps.js';
import { finishEarlierWindows, withWindows } from './migrate-window.js';

export { DEFAULT_APPLY_TIMEOUT_MS } from './stages-live.js';

/** The stages before the last, in order; `verify` ends every apply that gets past them. */
const STAGES: readonly { name: string; run: (run: ApplyRun) => StageEnd | Promise<StageEnd> }[] = [
  { name: 'nothing to do', run: nothingToDo },
  { name: 'refuse', run: refuse },
  { name: 'plug-ins', run: plugins },
  { name: 'discard', run: discard },
  { name: 'write and deploy', run: writeAndDeploy },
];

export async function apply(options: ApplyOptions): Promise<ApplyResult> {
  // An earlier apply's migration whose swap went live with its window unwritten: written first.
  const earlier = await finishEarlierWindows(options);
  // A plan that migrates fields runs as several applies around the copy (migrate.ts).
  if (hasMigrations(options.plan)) return withWindows(await applyMigrating(options, applyOnce), earlier);
  return withWindows(await applyOnce(options), earlier);
}

/**
 * One apply of one plan; before it, the fields it removes with their values backed up, and these
 * backups (and `earlier` ones: a migration's of its old fields) brought up to date just before
 * the deploy that destroys their values (backup-removed.ts).
 */
async function applyOnce(options: ApplyOptions, earlier: readonly TakenBackup[] = []): Promise<ApplyResult> {
  const removed = await backupRemoved(options);
  if (removed.failed !== undefined) {
    const run = startRun(options, null);
    return refusedResult(asIs(run), [removed.failed], run.plugins);
  }
  const taken = [...removed.taken, ...earlier];
  const ended = await applyUnbacked(options, catchUpBackups(options, taken));
  const backups = backupNotes(options, taken);
  return backups.length > 0 ? { ...ended, backups: [...(ended.backups ?? []), ...backups] } : ended;
}

async function applyUnbacked(
  options: ApplyOptions,
  beforeDeploy: BeforeDeploy | undefined,
): Promise<ApplyResult> {
  // What an interrupted apply left, and the record of this one (recovery.ts).
  if (options.shadow === true)
    return applyRecorded(
      options,
      null,
      new Map(),
      beforeDeploy && ((apps, signal) => beforeDeploy(apps, signal, options.onProgress)),
    );
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
  // What runs before a deploy notes its events in the record too (a migration's window).
  const hooked: BeforeDeploy | undefined =
    beforeDeploy && ((apps, signal) => beforeDeploy(apps, signal, onProgress));
  const ended = await applyRecorded({ ...options, onProgress }, previous, sessions, hooked);
  record.end(ended.outcome, options.plan.apps.length === options.project.apps.length);
  return ended;
}

async function applyRecorded(
  options: ApplyOptions,
  previous: RecoveryRecord | null,
  sessionsByKey: Map<string, AppSession>,
  beforeDeploy: BeforeDeploy | undefined,
): Promise<ApplyResult> {
  // What the environment's API token cannot do stops the apply before anything is written.
  refuseTokenLimits(options.plan);
  refuseOtherService(options.plan, options.project);
  const run = startRun(options, previous);
  run.beforeDeploy = beforeDeploy;
  for (const s of run.sessions) sessionsByKey.set(s.plan.key, s);
  for (const stage of STAGES) {
    const ended = await stage.run(run);
    if (ended !== 'continue') return ended;
  }
  return verify(run);
}
