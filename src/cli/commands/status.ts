import { APPS_PER_DEPLOY } from '../../platform/index.js';
import { Option } from 'commander';
import type { Client, DeployStatus } from '../../client/index.js';
import { ownDraftApps, readRecovery } from '../../apply/recovery.js';
import { flatFields, plan, type AreaKey, type Plan } from '../../plan/index.js';
import { appdeployCommand, type Project } from '../../project/index.js';
import { applyStillRuns } from '../apply-lock.js';
import { collectApp, serviceOptions, withProject, type ProjectFlags } from '../project-flags.js';
import type { RegisterCommand } from './index.js';
import { interruptedApply, interruptedLines, type InterruptedApply } from './status-interrupted.js';

interface StatusFlags extends ProjectFlags {
  app: string[];
  format: 'text' | 'json';
}

/** One app's status: what `--format json` prints, one per app. */
export interface AppStatus {
  key: string;
  /** Null when the app does not exist in the environment yet (apply creates it). */
  id: string | null;
  /**
   * False for an app that exists only as a draft (its live settings do not exist: an apply
   * stopped before its deploy); apply deploys it. True for an app not created yet too (n/a).
   */
  deployed: boolean;
  /** The last deployment's status; null for an app not created yet or never deployed. */
  deploy: DeployStatus | null;
  /** Areas whose draft differs from live: someone's undeployed work (or a failed apply's). */
  pendingDraft: AreaKey[];
  /**
   * Whose pending draft it is: `apply` when the apply of the recovery record wrote it (an
   * interrupted one: the next apply discards it; or one still running), `other` when anyone else
   * did (or it cannot be told), null without a pending draft.
   */
  pendingDraftBy: 'apply' | 'other' | null;
  /** Managed areas whose live settings differ from the manifest. */
  drift: AreaKey[];
  /**
   * Fields whose migration an earlier apply began and did not finish (its temporary field is
   * live beside the old one, which keeps every value: plan's `state: 'copying'`). That part of the
   * drift is appdeploy's own work: apply finishes it, and export would write the temporary field
   * into the manifest.
   */
  migrationsBegun: { field: string; temporary: string }[];
  inSync: boolean;
}

export interface StatusResult {
  environment: string;
  /** Where the service is: a URL, or the local environment's data directory. */
  service: string;
  apps: AppStatus[];
  /** An apply that ended without its own answer (or one still running): what it left. */
  interruptedApply: InterruptedApply | null;
  inSync: boolean;
}

/**
 * `appdeploy status`: per app, the last deployment, pending drafts and drift, naming the areas.
 * Exit 0 when every app is in sync, 2 when any is not (for a scheduled drift check in CI), 1 on
 * errors. It reads through `plan()`, so "drift" means exactly "plan would change something".
 */
export const registerStatus: RegisterCommand = (program, io) => ({
  command: serviceOptions(program.command('status'))
    .option('--app <key>', 'only this app (repeatable)', collectApp, [])
    .addOption(new Option('--format <format>', 'output format').choices(['text', 'json']).default('text')),
  run: (flags: StatusFlags) =>
    withProject(flags, io, async ({ project, connection }) => {
      const result = await readStatus(project, connection.client, flags.app, connection.describe);
      io.out(flags.format === 'json' ? `${JSON.stringify(result, null, 2)}\n` : statusText(result, project));
      return { kind: 'status', inSync: result.inSync };
    }),
});

export async function readStatus(
  project: Project,
  client: Client,
  apps: readonly string[],
  service: string,
): Promise<StatusResult> {
  const thePlan = await plan({ project, client, apps });
  const ids = thePlan.apps.flatMap((app) => (app.id === null ? [] : [app.id]));
  const deploys = new Map<string, DeployStatus>();
  // The status call takes at most 300 apps.
  for (let i = 0; i < ids.length; i += APPS_PER_DEPLOY) {
    const { apps: items } = await client.apps.getDeployStatus({ apps: ids.slice(i, i + APPS_PER_DEPLOY) });
    for (const item of items) deploys.set(String(item.app), item.status);
  }
  const record = readRecovery(project);
  // The drafts the apply of the record wrote, judged as the next apply judges them (recovery.ts).
  const own = ownDraftApps(record, thePlan.apps);
  const statuses = thePlan.apps.map((app) => appStatus(app, deploys, own.has(app.key)));
  return {
    environment: thePlan.environment,
    service,
    apps: statuses,
    interruptedApply:
      record &&
      interruptedApply(record, applyStillRuns(project, record.pid), liveField(thePlan), (key) => {
        const id = thePlan.apps.find((a) => a.key === key)?.id;
        return id != null && deploys.get(id) === 'PROCESSING';
      }),
    inSync: record === null && statuses.every((s) => s.inSync),
  };
}

/**
 * Whether an app's live form (the plan's `before` of its fields) has a field of that code, tables
 * included; true for an app the plan does not cover (`--app` left it out): not read, not denied.
 */
function liveField(thePlan: Plan): (key: string, code: string) => boolean {
  return (key, code) => {
    const app = thePlan.apps.find((a) => a.key === key);
    const fields = app?.areas.find((a) => a.key === 'fields');
    return app === undefined || (fields !== undefined && flatFields(fields.before).has(code));
  };
}

function appStatus(
  app: Plan['apps'][number],
  deploys: ReadonlyMap<string, DeployStatus>,
  applyWroteIt: boolean,
): AppStatus {
  const pendingDraft = app.risks.flatMap((risk) => (risk.kind === 'pending-draft' ? risk.areas : []));
  const pendingDraftBy = pendingDraft.length === 0 ? null : applyWroteIt ? 'apply' : 'other';
  const drift = app.id === null ? [] : app.areas.filter((a) => a.action !== 'no-op').map((a) => a.key);
  const migrationsBegun = (app.migrations ?? [])
    .filter((m) => m.state === 'copying')
    .map((m) => ({ field: m.to.code, temporary: m.temporary }));
  // Live reads of an app never deployed answer GAIA_AP01 (plan/read.ts): its live revision is ''.
  const deployed = app.id === null || app.revisions?.live !== '';
  const deploy = app.id === null || !deployed ? null : (deploys.get(app.id) ?? null);
  return {
    key: app.key,
    id: app.id,
    deployed,
    deploy,
    pendingDraft,
    pendingDraftBy,
    drift,
    migrationsBegun,
    // An app not created yet differs from its manifest as much as an app can; a deployment still
    // running is not settled either.
    inSync:
      app.id !== null &&
      deployed &&
      pendingDraft.length === 0 &&
      drift.length === 0 &&
      deploy !== 'PROCESSING',
  };
}

export function statusText(
  result: StatusResult,
  project?: Pick<Project, 'commandFlags'> & { environment?: Pick<Project['environment'], 'local'> },
): string {
  const run = (command: string) => `\`${appdeployCommand(project, command)}\``;
  const lines = [`Environment "${result.environment}" on ${result.service}:`];
  const running = result.interruptedApply?.running === true;
  for (const app of result.apps) lines.push(`  ${appLine(app, running)}`);
  const out = result.apps.filter((a) => !a.inSync).length;
  lines.push('');
  const deploying = result.apps.filter((a) => a.deploy === 'PROCESSING').map((a) => a.key);
  if (result.interruptedApply)
    lines.push(
      ...interruptedLines(result.interruptedApply, {
        run,
        deploying: deploying.length > 0,
        settled: out === 0,
        idsIn: project?.environment?.local ? '.appdeploy/local/ids.json' : 'appdeploy.yaml',
      }),
      '',
    );
  if (out === 0 && result.interruptedApply === null)
    lines.push('In sync: every app matches its manifest, with no pending draft.');
  else if (out === 0) lines.push('Every app matches its manifest, with no pending draft.');
  else {
    lines.push(`${out} of ${result.apps.length} app${result.apps.length === 1 ? '' : 's'} not in sync.`);
    // A deploy still running settles what it deploys; apply refuses to start until it ends.
    if (running) lines.push(`  The apply is still running: run ${run('status')} again once it ends.`);
    else if (deploying.length > 0)
      lines.push(
        `  A deploy of ${deploying.join(', ')} is still running: run ${run('status')} again once it ends (apply refuses to start until then).`,
      );
    else if (result.apps.some((a) => a.id === null || !a.deployed || a.drift.length > 0))
      lines.push(`  ${run('plan')} shows the differences; ${run('apply')} makes the apps match.`);
    if (!running && deploying.length === 0) lines.push(...driftHints(result, run, project));
    if (result.apps.some((a) => a.pendingDraftBy === 'other'))
      lines.push(`  ${run('revert')} discards pending drafts (undeployed changes made outside appdeploy).`);
  }
  return `${lines.join('\n')}\n`;
}

/**
 * What to do about drift, once no apply or deploy runs: finish the migrations an earlier apply
 * began, or keep with export what someone changed on the service (its settings screens) since,
 * instead of apply undoing it (docs/export.md; it refuses over unapplied edits). Export is not
 * offered for an app whose drift is a migration begun (it would write the temporary field), nor
 * for one an interrupted apply wrote: that drift is the apply's unfinished work, which export
 * would undo in the manifests (writing back the live settings the apply was replacing).
 */
function driftHints(
  result: StatusResult,
  run: (command: string) => string,
  project: Pick<Project, 'commandFlags'> | undefined,
): string[] {
  const lines: string[] = [];
  const begun = result.apps.filter((a) => a.migrationsBegun.length > 0);
  if (begun.length > 0 && result.interruptedApply === null)
    lines.push(
      `  ${run('apply')} finishes the migrations an earlier apply began (${begun.map((a) => a.key).join(', ')}): it copies the values again, then swaps; until then the old fields keep every value.`,
    );
  const unfinished = unfinishedApps(result.interruptedApply);
  const drifted = result.apps.filter(
    (a) =>
      a.id !== null &&
      a.deployed &&
      a.drift.length > 0 &&
      a.migrationsBegun.length === 0 &&
      !unfinished.has(a.key),
  );
  if (drifted.length > 0) {
    const keep = appdeployCommand(project, 'export', drifted.map((a) => `--app ${a.key}`).join(' '));
    lines.push(`  Changes made on the service to keep instead: \`${keep}\` writes them into the manifests.`);
  }
  return lines;
}

/** The apps an interrupted apply named: created, drafts written, writes unanswered, deployed, migrating. */
function unfinishedApps(apply: InterruptedApply | null): Set<string> {
  if (apply === null) return new Set();
  return new Set([
    ...apply.created.map((a) => a.key),
    ...apply.drafts.map((a) => a.key),
    ...apply.unanswered.map((a) => a.key),
    ...apply.deploys.flatMap((d) => d.apps.map((a) => a.key)),
    ...apply.migrations.map((m) => m.key),
  ]);
}

function appLine(app: AppStatus, applyRunning: boolean): string {
  if (app.id === null) return `${app.key}: not created yet (apply creates it)`;
  const parts: string[] = [];
  if (!app.deployed) parts.push('not deployed (it exists only as a draft; apply deploys it)');
  if (app.drift.length > 0) parts.push(`drift in ${app.drift.join(', ')}`);
  if (app.migrationsBegun.length > 0)
    parts.push(
      `a migration an earlier apply began: ${app.migrationsBegun.map((m) => `${m.field} (its temporary field ${m.temporary} is live beside it: apply copies the values into it, then swaps)`).join(', ')}`,
    );
  if (app.pendingDraft.length > 0)
    parts.push(`pending draft in ${app.pendingDraft.join(', ')}${draftOwner(app, applyRunning)}`);
  if (parts.length === 0) parts.push('in sync');
  if (app.deploy !== null) parts.push(`last deployment ${app.deploy}`);
  return `${app.key} (app ${app.id}): ${parts.join('; ')}`;
}

/** Whose the pending draft is, when it is the apply's (below: what it left). */
function draftOwner(app: AppStatus, applyRunning: boolean): string {
  if (app.pendingDraftBy !== 'apply') return '';
  return applyRunning ? ' (the running apply is writing it)' : ' (written by the interrupted apply)';
}
