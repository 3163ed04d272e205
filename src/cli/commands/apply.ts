import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { Option } from 'commander';
import {
  apply,
  DEFAULT_APPLY_TIMEOUT_MS,
  planAsApplySees,
  settleRecovery,
  type ApplyEvent,
  type ApplyResult,
} from '../../apply/index.js';
import { recoveryShown } from '../../apply/recovery.js';
import { finishEarlierWindows, withWindows } from '../../apply/migrate-window.js';
import { AppdeployError } from '../../errors.js';
import { hasChanges, plan, PLAN_FORMAT_VERSION, type Plan } from '../../plan/index.js';
import {
  appdeployCommand,
  displayPath,
  projectFlags,
  savedPlanMismatch,
  type Project,
} from '../../project/index.js';
import { LOCAL_IDS_SHOWN } from '../../project/local-ids.js';
import { renderApplyResult, renderCheck, renderSavedPlanSummary, renderText } from '../../render/index.js';
import { acquireApplyLock, applyLockNote } from '../apply-lock.js';
import { progressPrinter } from '../apply-progress.js';
import type { LocalLock } from '../../local/lock.js';
import { applyReport } from '../apply-report.js';
import { checkedOnCopy, checkRecordsFlag, planningClient } from '../check-flags.js';
import { forcedExitCode, type CommandResult } from '../exit-codes.js';
import type { Io } from '../io.js';
import { choiceOf, collectApp, serviceOptions, withProject, type ProjectFlags } from '../project-flags.js';
import { confirmed } from '../confirm.js';
import { interruptLeaves } from '../interrupt.js';
import type { RegisterCommand } from './index.js';

interface ApplyFlags extends ProjectFlags {
  app: string[];
  yes?: boolean;
  allowDataLoss?: boolean;
  discardPendingDrafts?: boolean;
  timeout: string;
  format: 'text' | 'json';
  check?: boolean;
  checkRecords: string;
}

/**
 * `appdeploy apply [PLANFILE]`: plans (or reads a saved plan), asks, writes every changed app's
 * draft, deploys them in one call, and rolls everything back when anything fails. It returns
 * apply's result (exit-codes.ts gives each outcome its code), or `check-failed` or `declined`.
 */
export const registerApply: RegisterCommand = (program, io) => ({
  command: serviceOptions(program.command('apply'))
    .argument(
      '[planfile]',
      'a plan saved with `npx appdeploy plan --out FILE`: saving it was the approval, so apply shows its summary and applies it without asking (no --yes needed); only if no revision moved',
    )
    .option('--app <key>', 'apply only this app (repeatable; not with a plan file)', collectApp, [])
    .option('--yes', 'apply without asking (required without a terminal, unless a plan file is given)')
    .option('--allow-data-loss', 'remove fields and options that hold record values')
    .option('--discard-pending-drafts', "discard undeployed draft changes of the apps (someone's work) first")
    .option('--timeout <duration>', 'how long to wait for the deploy, e.g. 90s, 10m', '10m')
    .addOption(new Option('--format <format>', 'output format').choices(['text', 'json']).default('text'))
    .option(
      '--check',
      'first apply the plan to a copy of the environment in memory; write nothing if it fails',
    )
    .option('--check-records <n>', "with --check: copy each app's latest N records too", '0'),
  run: async (planFile: string | undefined, flags: ApplyFlags) => {
    const records = checkRecordsFlag(flags.checkRecords, flags.check);
    const timeoutMs = parseDuration(flags.timeout);
    if (timeoutMs === null)
      throw new AppdeployError('APPLY.BAD_TIMEOUT', `--timeout ${flags.timeout}: not a duration`, {
        hint: `Give a number with a unit: 90s, 10m, 1h (default ${DEFAULT_APPLY_TIMEOUT_MS / 60_000}m).`,
      });
    if (planFile !== undefined && flags.app.length > 0)
      throw new AppdeployError('APPLY.APP_WITH_PLANFILE', '--app cannot narrow a saved plan', {
        hint: `Save a plan of those apps instead: \`${appdeployCommand({ commandFlags: projectFlags(choiceOf(flags)) }, 'plan', '--app KEY --out FILE')}\`.`,
      });
    // Held from before the plan until apply ends (apply-lock.ts); released on exit too.
    let lock: LocalLock | undefined;
    const take = (project: Project) => {
      lock = acquireApplyLock(project);
      const note = applyLockNote(lock, project);
      if (note !== null) io.err(`Note: ${note}\n`);
    };
    try {
      return await applyCommand(planFile, flags, io, records, timeoutMs, take);
    } finally {
      lock?.release();
    }
  },
});

async function applyCommand(
  planFile: string | undefined,
  flags: ApplyFlags,
  io: Io,
  records: number,
  timeoutMs: number,
  take: (project: Project) => void,
): Promise<CommandResult> {
  return withProject(
    flags,
    io,
    async ({ project, connection }): Promise<CommandResult> => {
      const again = `\`${appdeployCommand(project, 'apply')}\``;
      // Until its writes begin (applyWithSignals handles an interrupt from there on).
      interruptLeaves(`apply had written nothing: every app is as it was. Run ${again} to start again.`);
      const client = connection.client;
      const reading = await planningClient(flags.check, client);
      const planned =
        planFile === undefined
          ? await plan({ project, client: reading, apps: flags.app })
          : await readPlan(resolve(planFile), project, planFile);
      // --check: on a copy first; the section shows with the plan, and a failure writes nothing.
      const thePlan =
        flags.check && hasChanges(planned)
          ? { ...planned, check: await checkedOnCopy(planned, project, reading, records) }
          : planned;
      const say = (text: string) => (flags.format === 'json' ? io.err(text) : io.out(text));
      showPlan(io, say, { plan: thePlan, project, savedAs: planFile, format: flags.format });
      if (thePlan.check?.outcome === 'failed') {
        io.err(
          'Apply refused, nothing was changed: the plan fails on a copy of the environment (see Check failed).\n',
        );
        return { kind: 'check-failed' };
      }
      const wording = {
        command: (name: string) => appdeployCommand(project, name),
        // The local service's ids live with its data, never in appdeploy.yaml (project/local-ids.ts).
        idsFile: project.environment.local ? LOCAL_IDS_SHOWN : displayPath(process.cwd(), project.configPath),
        ...(project.environment.local ? {} : { commitIdsIn: displayPath(process.cwd(), project.configPath) }),
      };
      if (!hasChanges(thePlan)) {
        if (planFile !== undefined) say('No changes: every app already matches its manifest.\n');
        // A migration's swap went live and its window was left unwritten (migrate-window.ts): written now.
        const windows = await finishEarlierWindows({ plan: thePlan, project, client });
        // An interrupted apply whose work is all live (or undone) leaves nothing to finish.
        if (settleRecovery(thePlan, project))
          io.err(
            `Note: every app matches its manifest with no pending draft: nothing an interrupted apply began is left to finish, so its record (${recoveryShown(project.environment.name)}) is removed.\n`,
          );
        const result = withWindows(noChanges(thePlan), windows);
        if (flags.format === 'json') io.out(`${JSON.stringify(applyReport(result, wording), null, 2)}\n`);
        else if (windows.length > 0) io.out(renderApplyResult(result, wording));
        return { kind: 'applied', result };
      }
      if (planFile === undefined && (await declined(io, flags))) return { kind: 'declined' };
      const madeHere = planFile !== undefined ? undefined : flags.yes ? 'just-now' : 'before-a-prompt';
      const result = await applyWithSignals(io, {
        plan: thePlan,
        project,
        flags,
        timeoutMs,
        client,
        madeHere,
      });
      interruptLeaves(
        `apply had ended and was printing its result. Run \`${appdeployCommand(project, 'status')}\` to see where every app is.`,
      );
      io.out(
        flags.format === 'json'
          ? `${JSON.stringify(applyReport(result, wording), null, 2)}\n`
          : renderApplyResult(result, wording),
      );
      return { kind: 'applied', result };
    },
    take,
  );
}

/**
 * The plan about to be applied: a saved one was reviewed when it was saved, and saving it was
 * the approval (as Terraform's saved plans): its summary and its --check section, and no
 * question. One made just now shows whole, as apply judges it (a draft an interrupted apply
 * wrote is apply's own to discard), and is asked about.
 */
function showPlan(
  io: Io,
  say: (text: string) => void,
  shown: { plan: Plan; project: Project; savedAs: string | undefined; format: ApplyFlags['format'] },
): void {
  const color = shown.format === 'text' && io.color === true;
  if (shown.savedAs !== undefined) {
    if (hasChanges(shown.plan)) say(renderSavedPlanSummary(shown.plan, shown.savedAs));
    if (shown.plan.check !== undefined) say(renderCheck(shown.plan, { color }));
    return;
  }
  const seen = planAsApplySees(shown.plan, shown.project);
  say(renderText(seen.plan, { color }));
  if (seen.note !== null) io.err(seen.note);
}

/** A plan made just now is applied once the user says yes (or gave --yes). */
async function declined(io: Io, flags: ApplyFlags): Promise<boolean> {
  if (flags.yes) return false;
  return !(await confirmed(io, {
    command: 'apply',
    yesDoes: 'to apply',
    ask: 'Do you want to apply these changes? Enter yes to apply: ',
    cancelled: 'Apply cancelled: nothing was changed.',
  }));
}

/**
 * Runs apply with SIGINT/SIGTERM wired to its abort signal: the first one stops the writes and
 * reverts (or, once the deploy is asked for, waits for it); a second one exits at once, saying
 * what each app may be in, since nothing can be cleaned up then.
 */
async function applyWithSignals(
  io: Io,
  input: {
    plan: Plan;
    project: Project;
    flags: ApplyFlags;
    timeoutMs: number;
    client: ApplyClient;
    madeHere: Parameters<typeof apply>[0]['planMadeHere'];
  },
): Promise<ApplyResult> {
  const controller = new AbortController();
  const progress = progressPrinter({
    write: (text) => io.err(text),
    live: io.interactive === true,
    project: input.project,
  });
  // Whether a call that can change live (a deploy, or a restore of live) has gone out: the
  // service may carry it out whatever this process does next.
  let liveMayChange = false;
  // Whether every deploy call went live and apply is checking the result (until a restore of
  // live goes out): then nothing is still deploying, but whether the apps match is not known yet.
  let checking = false;
  // The step of a migration under way once its first deploy went live (the copy, the backup, or
  // the removal of its temporary field after a stop): neither checking nor a deploy call waited on.
  let migrating: MigrationStep | null = null;
  const second = () => {
    progress.finish();
    io.err('Interrupted again: exiting now. What each app may be in:\n');
    for (const line of progress.states()) io.err(`  ${line}\n`);
    const status = `\`${appdeployCommand(input.project, 'status')}\``;
    io.err(
      migrating !== null
        ? `${MIGRATION_STEP_LEFT[migrating]} Run ${status} to see where each app is; \`${appdeployCommand(input.project, 'apply')}\` finishes the migration.\n`
        : checking
          ? `Outcome unknown: the deploy went live and was being checked against the manifests. Run ${status} to find out whether every app matches.\n`
          : liveMayChange
            ? `Outcome unknown: a deploy call has gone out and the service may still put it live. Run ${status} to find out what is live.\n`
            : `Nothing went live (no deploy call had gone out). Run ${status} to see where they are.\n`,
    );
    // A second interrupt cannot wait for main() to return: nothing is left to clean up, and the
    // person asked twice. Its code is the table's all the same.
    process.exit(forcedExitCode(liveMayChange));
  };
  const first = (signal: NodeJS.Signals) => {
    progress.finish();
    io.err(`${signal}: stopping (press Ctrl-C again to exit at once, leaving things as they are).\n`);
    controller.abort();
    process.once('SIGINT', second);
    process.once('SIGTERM', second);
  };
  process.once('SIGINT', first);
  process.once('SIGTERM', first);
  try {
    return await apply({
      plan: input.plan,
      project: input.project,
      client: input.client,
      allowDataLoss: input.flags.allowDataLoss === true,
      discardPendingDrafts: input.flags.discardPendingDrafts === true,
      timeoutMs: input.timeoutMs,
      planMadeHere: input.madeHere,
      signal: controller.signal,
      onProgress: (event) => {
        if (event.type === 'deploy' || event.type === 'restore') liveMayChange = true;
        if (event.type === 'verify' || event.type === 'deploy' || event.type === 'restore')
          checking = event.type === 'verify';
        if (event.type === 'migration') checking = false;
        migrating = migrationStep(migrating, event);
        progress.onEvent(event);
      },
    });
  } finally {
    progress.finish();
    for (const handler of [first, second]) {
      process.removeListener('SIGINT', handler);
      process.removeListener('SIGTERM', handler);
    }
  }
}

type ApplyClient = Parameters<typeof apply>[0]['client'];

/**
 * A second interrupt during a migration's step, after its first deploy put the temporary field
 * live (docs/migrations.md): what live holds. Its removal (after a first interrupt stopped the
 * copy) deletes the field and deploys that, which may still go live.
 */
type MigrationStep = keyof typeof MIGRATION_STEP_LEFT;

/** The migration step `event` says apply is in: a write after one is the swap's, a deploy or a check ends it. */
function migrationStep(now: MigrationStep | null, event: ApplyEvent): MigrationStep | null {
  if (event.type === 'migration') return event.step;
  if (event.type === 'write') return now === null ? null : 'swap';
  return event.type === 'deploy' || event.type === 'verify' || event.type === 'restore' ? null : now;
}

const MIGRATION_STEP_LEFT = {
  copy: "Outcome unknown: the migration's first deploy went live (its temporary field added) and apply was copying the values into it; the old field is untouched.",
  backup:
    "Outcome unknown: the migration's first deploy went live (its temporary field added, the values copied) and apply was backing up the old field; the old field is untouched.",
  swap: "Outcome unknown: the migration's first deploy went live (its temporary field holding the values copied) and apply was writing the swap to the draft; none of it is live.",
  cleanup:
    "Outcome unknown: the migration's first deploy went live (its temporary field added) and apply was removing that field again; the removal may still go live. The old field is untouched.",
  window:
    "Outcome unknown: the migration's swap went live (the field under its final code, holding the values copied) and apply was writing into it the edits made in the old field between the copy and the swap; status lists those still to write, and the next apply writes them.",
} as const;

/**
 * A PLANFILE that cannot be read as JSON: said as what it is (missing, a folder, not JSON), and a
 * missing one that is an app's key is the `--app` the user meant (`apply tasks`).
 */
function unreadablePlan(error: unknown, path: string, project: Project, given: string): AppdeployError {
  const code = (error as NodeJS.ErrnoException).code;
  const what =
    code === 'ENOENT'
      ? 'no such file'
      : code === 'EISDIR'
        ? 'a folder, not a plan file'
        : `not a plan file (${(error as Error).message})`;
  const app = code === 'ENOENT' ? project.apps.find((a) => a.key === given) : undefined;
  const hint =
    app === undefined
      ? `Save one with \`${appdeployCommand(project, 'plan', '--out FILE')}\`.`
      : `"${given}" is an app of the project, not a plan file: did you mean \`${appdeployCommand(project, 'apply', `--app ${given}`)}\`?`;
  return new AppdeployError('APPLY.BAD_PLANFILE', `${path}: ${what}`, { hint, cause: error });
}

async function readPlan(path: string, project: Project, given: string): Promise<Plan> {
  let data: unknown;
  try {
    data = JSON.parse(await readFile(path, 'utf8'));
  } catch (error) {
    throw unreadablePlan(error, path, project, given);
  }
  const saved = data as Partial<Plan> | null;
  // Version 1 names no service: whether it is applied where it was reviewed cannot be told.
  if (saved && typeof saved === 'object' && (saved.formatVersion as number) === 1)
    throw new AppdeployError(
      'APPLY.OLD_PLANFILE',
      `${path}: a plan of format version 1, made by an older appdeploy: it does not say which service it was made against`,
      {
        hint: `Plan again with this appdeploy: \`${appdeployCommand(project, 'plan', '--out FILE')}\`, then apply that file.`,
      },
    );
  if (!saved || typeof saved !== 'object' || saved.formatVersion !== PLAN_FORMAT_VERSION)
    throw new AppdeployError(
      'APPLY.BAD_PLANFILE',
      `${path}: not a plan of format version ${PLAN_FORMAT_VERSION}`,
      {
        hint: `Plan again with this appdeploy: \`${appdeployCommand(project, 'plan', '--out FILE')}\`.`,
      },
    );
  const mismatch = await savedPlanMismatch(data);
  if (mismatch !== null || !isSavedPlan(data, mismatch))
    throw new AppdeployError('APPLY.BAD_PLANFILE', `${path}: not a plan this appdeploy wrote: ${mismatch}`, {
      hint: `Apply a plan file as \`plan --out\` saved it, unedited; or plan again: \`${appdeployCommand(project, 'plan', '--out FILE')}\`.`,
    });
  if (data.environment !== project.environment.name)
    throw new AppdeployError(
      'APPLY.PLAN_ENVIRONMENT',
      `${path} was planned for environment ${data.environment}, not ${project.environment.name}`,
      { hint: `Pass --env ${data.environment}, or plan again for this environment.` },
    );
  return data;
}

/**
 * A saved plan is read through the plan schema (schema/plan.schema.json), which describes `Plan`:
 * data it finds no mismatch in is one.
 */
function isSavedPlan(data: unknown, mismatch: string | null): data is Plan {
  return mismatch === null;
}

function noChanges(thePlan: Plan): ApplyResult {
  return {
    outcome: 'no-changes',
    plugins: thePlan.plugins.map((p) => ({
      id: p.id,
      name: p.name,
      version: p.version,
      outcome: 'unchanged',
    })),
    apps: thePlan.apps.map((a) => ({ key: a.key, id: a.id, outcome: 'unchanged', created: false })),
    refusals: [],
    notConverged: [],
  };
}

/** `10m`, `90s`, `1h`, `500ms`, or plain seconds; null when it is none of these. */
export function parseDuration(text: string): number | null {
  const match = /^(\d+(?:\.\d+)?)(ms|s|m|h)?$/.exec(text.trim());
  if (!match) return null;
  const unit = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 }[match[2] ?? 's'] ?? 1000;
  const ms = Math.round(Number(match[1]) * unit);
  return ms > 0 ? ms : null;
}
