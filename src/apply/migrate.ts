/**
 * An apply whose plan migrates fields (docs/migrations.md, "How apply does it"):
 *
 * 1. the whole plan's refusals, before anything is written (refuse stage, stages-before.ts);
 * 2. the expand: one ordinary apply of a plan that adds each new field under its temporary code
 *    and nothing else (migrate-plans.ts), written, deployed and verified like any other;
 * 3. the copy (records/ copyFieldValues, through `MigrationRecords`), its progress noted in the
 *    recovery record after each page, so an apply killed mid-copy resumes where it stopped;
 * 4. the backup of the old fields (records/ backupFieldValues), named in the result;
 * 5. the contract: the project planned again, now that the temporary fields hold the values, and
 *    applied as any plan is: the fields area's swap (delete the old field, rename the temporary
 *    one to the final code: areas/fields/writes.ts) with every other change of the manifest.
 *
 * A failure at 2 is the ordinary apply's rollback: nothing added. A failure at 3, at 4 or while
 * planning the contract removes the temporary fields again (deleted and deployed), or, when that
 * fails too, names them: the next apply sees them on the service and the progress in the record,
 * and finishes. Nothing is ever
 * written under a field's final code before the swap, which is one deploy.
 */
import { AREAS } from '../areas/index.js';
import type { Area, AreaKey, Json, JsonObject } from '../areas/types.js';
import { downloadHasher } from '../readers/index.js';
import type { Client } from '../client/index.js';
import { convertContext } from '../areas/fields/migrate-values.js';
import { fieldMigrations } from '../areas/fields/migrations.js';
import { canonicalFields, type FieldsCanonical } from '../areas/fields/canonical.js';
import {
  entityDirectory,
  migrationZone,
  numberPrecisionFor,
  plan as planAgain,
  type AppPlan,
  type AreaPlan,
  type FieldMigration,
  type Plan,
} from '../plan/index.js';
import { RECORDS } from './migrate-records.js';
import { takeBackup, type TakenBackup } from './backup-removed.js';
import type { ConvertContext, FieldDefinition } from '../platform/conversions.js';
import type { CopyMoment, CopySpec } from '../records/index.js';
import {
  isSwapped,
  liveCodes,
  windowAfterCatchUp,
  withWindows,
  writeWindows,
  type CopiedField,
} from './migrate-window.js';
import {
  forgetMigrations,
  noteMigration,
  noteRemovalDeploying,
  readRecovery,
  type MigrationProgress,
  type RecoveryRecord,
  type WindowRecord,
} from './recovery.js';
import {
  addedFields,
  expandPlan,
  layoutInPlace,
  migratingApps,
  SWAP_DROPS,
  temporaryCodes,
  withSwapDrops,
} from './migrate-plans.js';
import { refuse } from './stages-before.js';
import { deployBatch } from './deploy.js';
import { DEFAULT_APPLY_TIMEOUT_MS, DEFAULT_POLL_INTERVAL_MS } from './stages-live.js';
import { startRun } from './stage.js';
import type { ApplyOptions, ApplyResult, MigrationResult } from './types.js';
import { plural } from '../wording.js';

/** One apply of a plan; `earlier` backups brought up to date before its deploy destroys their values. */
type Once = (options: ApplyOptions, earlier?: readonly TakenBackup[]) => Promise<ApplyResult>;

export function hasMigrations(plan: Plan): boolean {
  return migratingApps(plan).length > 0;
}

export async function applyMigrating(options: ApplyOptions, once: Once): Promise<ApplyResult> {
  const previous = options.shadow === true ? null : readRecovery(options.project);
  const firstRun = startRun(options, previous);
  const refused = await refuse(firstRun);
  if (refused !== 'continue') return refused;
  const areas = new Map((options.areas ?? AREAS).map((a) => [a.key, a]));
  const expand = expandPlan(options.plan, areas);
  if (expand) {
    const ended = await once({ ...options, plan: expand, planMadeHere: 'just-now' });
    if (ended.outcome === 'unknown') return { ...ended, migrations: expandDeploying(options.plan) };
    if (ended.outcome !== 'applied') return { ...ended, migrations: results(options.plan, 'not-begun') };
  }
  const copied = await copyAll(options, previous);
  if (copied.kind === 'failed') return copied.result;
  // The backup and the contract's plan read the service before the swap: a call of theirs that
  // fails stops the apply as a failed copy does (the temporary fields removed, the app as it was),
  // instead of leaving it with no result to say so.
  let step = 'backing up the old fields';
  let backups: TakenBackup[];
  let contract: Plan;
  try {
    backups = await backupAll(options);
    step = 'planning the swap';
    const rewritten = withSwapDrops(
      await planAgain({
        project: options.project,
        client: options.client,
        apps: options.plan.apps.map((a) => a.key),
        areas: options.areas,
      }),
      areas,
    );
    contract = await withUnmanagedKept(rewritten, options.client, areas);
  } catch (error) {
    return cleanedUp(options, stoppedReason(options, interrupted(options) ?? step, error), copied.results);
  }
  // The defined point where the backup counts as done: an interrupt seen by now (during the
  // backup's reads, which take the signal, or during the swap's plan, whose reads do not and
  // finish first) stops the apply here, as one stop, whichever call it landed in; one seen later
  // stops the contract's writes ('Interrupted before the swap', the temporary field kept). Found
  // by test/reliability/interrupt-sweep.test.ts: a signal while the backup's second read was held
  // ended in either, by whether the backup's reads had gone out before the sweep armed the hold.
  const stop = interrupted(options);
  if (stop !== null) return cleanedUp(options, stoppedReason(options, stop, null), copied.results);
  // The old fields' backups are brought up to date just before the swap's deploy, and named in its
  // result; then each migration's window is worked out (migrate-window.ts), and written once live.
  const noted: WindowRecord[] = [];
  for (const backup of backups) backup.afterCatchUp = windowAfterCatchUp(options, copied.fields, noted);
  const ended = await once({ ...options, plan: contract, planMadeHere: 'just-now' }, backups);
  // Whether each swap is live is read from the service unless the apply went live: a contract in
  // steps may have made its swap live before a later step failed or timed out, and a deploy still
  // running at the deadline may make it live later (its window stays in the recovery record for
  // the next apply: recovery.ts, `end`).
  const states = await swapStates(options, ended.outcome);
  const state = (app: string, field: string) => states.get(app)?.(field) ?? 'not-swapped';
  const window = await writeWindows(
    options,
    noted.filter((w) => state(w.key, w.field) === 'swapped'),
  );
  return {
    ...withWindows(ended, window),
    migrations: copied.results.map((r): MigrationResult => {
      const now = state(r.app, r.field);
      if (now === 'swapped') return { ...r, outcome: 'migrated' };
      if (now === 'deploying') return { ...r, outcome: 'deploying', reason: swapDeploying(r, noted) };
      return {
        ...r,
        outcome: 'copied',
        reason: `the swap did not go live; the values are in ${r.temporary}, and the next apply swaps`,
      };
    }),
  };
}

type SwapState = 'swapped' | 'not-swapped' | 'deploying';

/**
 * Per migrating app, each migration's state after the contract apply ended with `outcome`: every
 * swap live when it went live; otherwise read from the service (the field under its final code,
 * its temporary code gone), and a swap not live whose deploy was still running at the deadline
 * (`unknown`) may still go live. A form that cannot be read is taken as not swapped, or as still
 * deploying after an unknown outcome: its window then stays in the record for the next apply.
 */
async function swapStates(
  options: ApplyOptions,
  outcome: ApplyResult['outcome'],
): Promise<Map<string, (field: string) => SwapState>> {
  const states = new Map<string, (field: string) => SwapState>();
  const live = outcome === 'applied' || outcome === 'no-changes';
  const notLive: SwapState = outcome === 'unknown' ? 'deploying' : 'not-swapped';
  for (const app of migratingApps(options.plan)) {
    if (live) {
      states.set(app.key, () => 'swapped');
      continue;
    }
    const codes = await options.client.form
      .getFields({ app: app.id!, copy: 'live' })
      .then(({ properties }) => liveCodes(properties))
      .catch(() => null);
    states.set(app.key, (field) => {
      const m = app.migrations!.find((x) => x.to.code === field);
      return codes !== null && m !== undefined && isSwapped(codes, m.to.code, m.temporary)
        ? 'swapped'
        : notLive;
    });
  }
  return states;
}

/** Why a migration whose swap's deploy was still running is not said to be migrated, and what comes next. */
function swapDeploying(r: MigrationResult, noted: readonly WindowRecord[]): string {
  const window = noted.find((w) => w.key === r.app && w.field === r.field);
  const then =
    window === undefined || window.writes.length === 0
      ? ''
      : `; then the next apply writes the ${plural(window.writes.length, 'record')} edited in the old field before the swap into ${r.field}`;
  return `the swap's deploy was still running when apply stopped waiting; the values are in ${r.temporary} and the old field keeps them until the swap is live${then}; if the deploy fails, the next apply swaps again`;
}

/** Each migration of a plan whose expand deploy was still running when apply stopped waiting. */
function expandDeploying(plan: Plan): MigrationResult[] {
  return results(plan, 'deploying').map((r) => ({
    ...r,
    reason: `the deploy adding its temporary field ${r.temporary} was still running when apply stopped waiting; ${r.field} and its values are untouched, and once that deploy ends the next apply copies the values and swaps`,
  }));
}

/**
 * The contract plan writing again, for an app whose manifest leaves them out, the settings the swap
 * changes: the layout as the swap should leave it (layoutInPlace: a field migrated in place where
 * it was), and the views and field permissions naming a field migrated in place as they are now
 * (the deletion takes it out of them: SWAP_DROPS). A manifest that has them says what they hold.
 * A copy that cannot be read (a token without the right) is left as the swap leaves it.
 */
async function withUnmanagedKept(
  plan: Plan,
  client: Client,
  areas: ReadonlyMap<AreaKey, Area>,
): Promise<Plan> {
  const downloadHash = downloadHasher(client);
  const apps = await Promise.all(
    plan.apps.map(async (app): Promise<AppPlan> => {
      const migrations = app.migrations ?? [];
      const fields = app.areas.find((a) => a.key === 'fields');
      if (app.id === null || migrations.length === 0 || !fields) return app;
      const id = app.id;
      const unmanaged = (['layout', ...Object.keys(SWAP_DROPS)] as AreaKey[]).filter(
        (key) => areas.has(key) && !app.areas.some((a) => a.key === key),
      );
      const added = await Promise.all(
        unmanaged.map(async (key): Promise<AreaPlan | null> => {
          const area = areas.get(key)!;
          const live = await area.read({ client, app: id, copy: 'live', downloadHash }).then(
            (r) => r.value,
            () => null,
          );
          if (live === null) return null;
          const kept = keptAcrossSwap(key, live, migrations, fields);
          if (kept === null) return null;
          const changes = area.diff(kept.after, kept.before);
          if (changes.length === 0) return null;
          return { key, action: 'update', itemNoun: area.itemNoun, changes, unchanged: 0, ...kept };
        }),
      );
      const written = added.filter((a): a is AreaPlan => a !== null);
      return written.length === 0 ? app : { ...app, areas: [...app.areas, ...written] };
    }),
  );
  return { ...plan, apps };
}

/** What an unmanaged area holds after the swap (`before`) and must hold (`after`); null: nothing. */
function keptAcrossSwap(
  key: AreaKey,
  live: Json,
  migrations: readonly FieldMigration[],
  fields: AreaPlan,
): { before: Json; after: Json } | null {
  if (key === 'layout') {
    const after = layoutInPlace(
      live,
      migrations,
      fields.after,
      addedFields(fields.after, fields.before, migrations),
    );
    return after === null ? null : { before: live, after };
  }
  // A field moved into or out of a table: what the deletion takes out stays out (a view lists no column of a table).
  const gone = new Set(migrations.filter((m) => m.from.table === m.to.table).map((m) => m.from.code));
  const drop = SWAP_DROPS[key];
  return drop && gone.size > 0 ? { before: drop(live, gone), after: live } : null;
}

function results(plan: Plan, outcome: MigrationResult['outcome']): MigrationResult[] {
  return migratingApps(plan).flatMap((app) =>
    app.migrations!.map((m) => ({
      app: app.key,
      field: m.to.code,
      temporary: m.temporary,
      outcome,
      copied: 0,
      unchanged: 0,
      empty: 0,
      notConverted: 0,
    })),
  );
}

type Copied =
  | { kind: 'copied'; results: MigrationResult[]; fields: CopiedField[] }
  | { kind: 'failed'; result: ApplyResult };

/** Every migration's copy, app by app; a failure removes the temporary fields again. */
async function copyAll(options: ApplyOptions, previous: RecoveryRecord | null): Promise<Copied> {
  const done: MigrationResult[] = [];
  const fields: CopiedField[] = [];
  for (const app of migratingApps(options.plan)) {
    // The migrations as the service has them now: with their temporary fields live.
    const live = await liveFields(options.client, app.id!);
    const desired = app.areas.find((a) => a.key === 'fields')!.after as FieldsCanonical;
    const planned = fieldMigrations(desired, live);
    // Read at the first copy, inside its failure handling: a failed read cleans up as a failed copy does.
    let lookups: TargetLookups | undefined;
    for (const m of app.migrations!) {
      const found = planned.find((p) => p.plan.item.code === m.to.code);
      try {
        if (!found) throw new Error(`its temporary field ${m.temporary} is not on the service as planned`);
        lookups ??= await targetLookups(options.client, app.id!, planned);
        const { result, field } = await copyOne(options, app, m, found, lookups, previous);
        done.push(result);
        fields.push(field);
      } catch (error) {
        return { kind: 'failed', result: await copyFailed(options, app, m, error, done) };
      }
    }
  }
  const refusal = notConvertedRefusal(options, done);
  if (refusal) return { kind: 'failed', result: await cleanedUp(options, refusal, done) };
  return { kind: 'copied', results: done, fields };
}

/**
 * What the app's conversions look up on the target, read once per app as the planner does
 * (plan/migrations.ts): the directory for user, organization and group targets, the app's number
 * precision for NUMBER targets.
 */
interface TargetLookups {
  entityExists: ConvertContext['entityExists'];
  numberPrecision: ConvertContext['numberPrecision'];
}

async function targetLookups(
  client: Client,
  app: string,
  planned: ReturnType<typeof fieldMigrations>,
): Promise<TargetLookups> {
  const targets = planned.map((p) => p.conversion.to);
  return {
    entityExists: await entityDirectory(client, targets),
    numberPrecision: await numberPrecisionFor(client, app, targets),
  };
}

async function liveFields(client: Client, app: string): Promise<FieldsCanonical> {
  const { properties } = await client.form.getFields({ app, copy: 'live' });
  return canonicalFields(properties, null);
}

async function copyOne(
  options: ApplyOptions,
  app: AppPlan,
  m: FieldMigration,
  found: ReturnType<typeof fieldMigrations>[number],
  lookups: TargetLookups,
  previous: RecoveryRecord | null,
): Promise<{ result: MigrationResult; field: CopiedField }> {
  const records = options.records ?? RECORDS;
  const context = convertContext(
    found.plan.before.def as FieldDefinition,
    found.plan.item.def as FieldDefinition,
    found.migrate,
    // The zone the plan named: a plan made on another machine (a saved plan) converts as it said.
    (m.timeZone ?? migrationZone(m.migrate, options.project.environment.config.timeZone)).name,
    lookups.entityExists,
    lookups.numberPrecision,
  );
  // Resumed only where the temporary field the progress was made in is still the one on the
  // service (the plan found it: `copying`); a new one starts from the first record.
  const resumed =
    m.state === 'copying'
      ? previous?.migrations?.find(
          (p) => p.id === app.id && p.field === m.to.code && p.temporary === m.temporary,
        )
      : undefined;
  const note = (progress: MigrationProgress['progress'], moment: CopyMoment) => {
    if (options.shadow !== true)
      noteMigration(options.project, {
        key: app.key,
        id: app.id!,
        field: m.to.code,
        temporary: m.temporary,
        progress,
      });
    options.onProgress?.({
      type: 'migration',
      app: app.key,
      field: m.to.code,
      step: 'copy',
      written: progress.written,
      ...(progress.phase === 'sweep' ? { sweep: progress.sweeps ?? 1 } : {}),
      // A sweep pass's own count: the total alone would repeat the first pass's as if it went on.
      ...(progress.phase === 'sweep' && moment === 'range'
        ? { passWritten: progress.written - (progress.passWrittenFrom ?? 0) }
        : {}),
    });
  };
  options.onProgress?.({ type: 'migration', app: app.key, field: m.to.code, step: 'copy' });
  const spec: CopySpec = {
    app: app.id!,
    from: { code: m.from.code, table: m.from.table },
    to: { code: m.temporary, table: m.to.table },
    convert: (value) => found.conversion.convert(value, context),
    // A new table gets one row per record (the first, made for it); an existing one as asked.
    ...(m.to.table !== null ? { row: found.migrate.row ?? 'first' } : {}),
    ...(found.migrate.join !== undefined ? { join: found.migrate.join } : {}),
  };
  const copied = await records.copy(options.client, spec, {
    ...(resumed ? { progress: resumed.progress } : {}),
    onProgress: note,
    ...(options.signal ? { signal: options.signal } : {}),
  });
  return {
    result: {
      app: app.key,
      field: m.to.code,
      temporary: m.temporary,
      outcome: 'copied',
      copied: copied.copied,
      unchanged: copied.unchanged,
      empty: copied.empty,
      notConverted: copied.notConverted.length,
    },
    // A copy handed in by a caller (ApplyOptions.records) may say nothing of what it saw: every record counts as moved.
    field: { app, migration: m, spec, seen: copied.seen ?? new Map() },
  };
}

/**
 * Values the copy found that do not convert, without --allow-data-loss: the swap would leave them
 * behind. The plan counted them too (and apply refused then); this is the records as they are now.
 */
function notConvertedRefusal(options: ApplyOptions, done: readonly MigrationResult[]): string | null {
  if (options.allowDataLoss === true) return null;
  const lost = done.filter((r) => r.notConverted > 0);
  if (lost.length === 0) return null;
  return lost
    .map(
      (r) =>
        `migrating field ${r.field} of ${r.app} leaves the values of ${plural(r.notConverted, 'record')} behind: they do not convert (pass --allow-data-loss to accept it)`,
    )
    .join('; ');
}

async function copyFailed(
  options: ApplyOptions,
  app: AppPlan,
  m: FieldMigration,
  error: unknown,
  done: MigrationResult[],
): Promise<ApplyResult> {
  const step = `copying the values of ${app.key} field ${m.from.code} into ${m.temporary}`;
  return cleanedUp(options, stoppedReason(options, step, error), done);
}

/** What an interrupt before the swap stopped, said alike wherever it landed in it; null without one. */
function interrupted(options: ApplyOptions): string | null {
  return options.signal?.aborted === true
    ? 'preparing the swap (backing up the old fields, planning it)'
    : null;
}

/** Why a step before the swap stopped. Ctrl-C (or SIGTERM) aborts its calls: said as the stop it is, not as a failed call. */
function stoppedReason(options: ApplyOptions, step: string, error: unknown): string {
  return options.signal?.aborted === true
    ? `${step} was interrupted`
    : `${step} failed: ${(error as Error).message}`;
}

/**
 * The copy stopped short: each app's temporary fields deleted and the deletion deployed, so the
 * app is as it was (the old field and its values were never touched). Where that fails too, the
 * temporary fields stay, named in the result: the next apply finishes. Where that deploy is still
 * running when apply stops waiting (its answer lost too), the temporary field may stay or go:
 * the outcome is unknown, and the result says so, naming it.
 */
async function cleanedUp(
  options: ApplyOptions,
  reason: string,
  done: MigrationResult[],
): Promise<ApplyResult> {
  const { client } = options;
  const failures: string[] = [];
  const deploying = new Set<string>();
  for (const app of migratingApps(options.plan)) {
    options.onProgress?.({
      type: 'migration',
      app: app.key,
      field: app.migrations![0]!.to.code,
      step: 'cleanup',
    });
    try {
      const live = (await liveFields(client, app.id!)) as JsonObject;
      const codes = temporaryCodes(live, app.migrations!);
      const removal = codes.length > 0 ? await removeTemporaries(options, app.id!, codes) : null;
      if (removal !== null) {
        deploying.add(app.key);
        if (options.shadow !== true)
          noteRemovalDeploying(options.project, { key: app.key, id: app.id!, revision: removal.revision });
      } else if (options.shadow !== true) forgetMigrations(options.project, [app.id!]);
    } catch (error) {
      failures.push(`${app.key}: ${(error as Error).message}`);
    }
  }
  const left = failures.length > 0;
  const all = results(options.plan, left ? 'left' : 'cleaned-up').map((r) => {
    const copied = done.find((d) => d.app === r.app && d.field === r.field);
    if (deploying.has(r.app))
      return {
        ...(copied ?? r),
        outcome: 'deploying' as const,
        reason: `stopped before the swap (${reason}); the deploy removing its temporary field ${r.temporary} was still running when apply stopped waiting, so that field may still be on the service; ${r.field} and its values are untouched, and once that deploy ends the next apply finishes the migration`,
      };
    return {
      ...(copied ?? r),
      outcome: r.outcome,
      reason: left
        ? `its temporary field ${r.temporary} is still on the service (removing it failed: ${failures.join('; ')}); the next apply finishes the migration or removes it`
        : `stopped before the swap; the temporary field ${r.temporary} was removed, the field and its values are as they were`,
    };
  });
  const touched = (a: AppPlan) => migratingApps(options.plan).includes(a);
  const waited = options.timeoutMs ?? DEFAULT_APPLY_TIMEOUT_MS;
  return {
    // Stopped by Ctrl-C with everything put back: interrupted (exit 130), as an apply stopped
    // before its deploy call is, not a failure's rolled back (exit 1). A removal still deploying:
    // unknown (exit 3), as any deploy apply stopped waiting for.
    outcome:
      deploying.size > 0
        ? 'unknown'
        : left
          ? 'rollback-failed'
          : options.signal?.aborted === true
            ? 'interrupted'
            : 'rolled-back',
    plugins: [],
    apps: options.plan.apps.map((a) => ({
      key: a.key,
      id: a.id,
      outcome: deploying.has(a.key) ? 'unknown' : left && touched(a) ? 'failed' : 'unchanged',
      created: false,
      ...((left || deploying.has(a.key)) && touched(a)
        ? { reason: all.find((r) => r.app === a.key)?.reason ?? reason }
        : {}),
    })),
    refusals: [],
    notConverged: [],
    stopped: {
      cause:
        deploying.size > 0
          ? { kind: 'deploy-unknown', apps: [...deploying], waitedMs: waited }
          : { kind: 'write-failed', reason },
      revertFailed: [],
      liveLeftChanged: left || deploying.size > 0,
    },
    migrations: all,
  };
}

/**
 * The temporary fields deleted and the deletion deployed, waited for as any deploy of the apply
 * is (deploy.ts: its clock, its deadline, a lost answer found out from the service): null once
 * live; the draft revision it deployed when still running at the deadline. When it fails, the
 * draft is reverted
 * (so it holds no half of it: the next apply starts from a draft equal to live, the temporary
 * fields still there), and the failure thrown.
 */
async function removeTemporaries(
  options: ApplyOptions,
  app: string,
  codes: string[],
): Promise<{ revision: string } | null> {
  const { client } = options;
  const revert = () => client.apps.deploy({ apps: [{ app }], revert: true }).catch(() => undefined);
  let revision: string;
  try {
    ({ revision } = await client.form.deleteFields({ app, fields: codes }));
  } catch (error) {
    await revert();
    throw error;
  }
  const now = options.now ?? Date.now;
  const interval = options.pollIntervalMs ?? DEFAULT_POLL_INTERVAL_MS;
  const outcome = await deployBatch({
    client,
    targets: [{ app, revision }],
    poll: {
      deadline: now() + (options.timeoutMs ?? DEFAULT_APPLY_TIMEOUT_MS),
      now,
      initialMs: interval.initial,
      maxMs: interval.max,
      onPoll: () => undefined,
    },
    onAnswerLost: (why) => options.onProgress?.({ type: 'deploy-answer-lost', reason: why }),
  });
  if (outcome.kind === 'live') return null;
  if (outcome.kind === 'unknown') return { revision };
  if (!outcome.reverted) await revert();
  throw new Error(outcome.reason);
}

/** The old fields of every migration, backed up before the swap deletes them. */
async function backupAll(options: ApplyOptions): Promise<TakenBackup[]> {
  if (options.shadow === true) return [];
  const taken: TakenBackup[] = [];
  for (const app of migratingApps(options.plan)) {
    const fields = app.migrations!.map((m) => m.from);
    for (const f of fields)
      options.onProgress?.({ type: 'migration', app: app.key, field: f.code, step: 'backup' });
    taken.push(
      await takeBackup(
        options,
        { key: app.key, id: app.id! },
        fields.map((f) => f.code),
        fields,
      ),
    );
  }
  return taken;
}
