/**
 * What `status` says of an apply that ended without its own answer (kill -9, a power cut): read
 * from the recovery record it left (apply/recovery.ts), app by app, and what to do about it.
 */
import { recoveryShown, type RecoveryRecord } from '../../apply/recovery.js';
import { plural, thousands as thousandsOf } from '../../wording.js';

export interface InterruptedApply {
  /** The record, as `.appdeploy/apply-<env>.json` names it. */
  record: string;
  pid: number;
  startedAt: string;
  /** True when that process still runs: an apply in progress, not an interrupted one. */
  running: boolean;
  /**
   * True when it was not interrupted but ended with a deploy still running at its deadline (outcome
   * unknown): it left the record for the next apply (apply/recovery.ts, `ended`).
   */
  stoppedWaiting: boolean;
  created: { key: string; id: string | null }[];
  drafts: { key: string; id: string; revision: string }[];
  /**
   * Apps with writes sent whose answers never came back (killed while they were in flight): the
   * service may have carried them out, so their drafts may hold them. `area`: the last one named.
   */
  unanswered: { key: string; id: string; area: string }[];
  deploys: { at: string; apps: { key: string; id: string; revision: string }[] }[];
  /**
   * Migrations whose copy was under way: their temporary field is live, the old field untouched.
   * `swapDeploying`: the copy is done and the deploy of the swap still runs (an apply that stopped
   * waiting for it): it may yet go live.
   */
  migrations: {
    key: string;
    field: string;
    temporary: string;
    written: number;
    lastId: string | null;
    swapDeploying: boolean;
  }[];
  /**
   * Migrations swapped (their temporary field gone), or whose swap's deploy still runs
   * (`swapDeploying`), with records edited in the old field before the swap still to write into
   * the new field (apply/migrate-window.ts).
   */
  windows: {
    key: string;
    field: string;
    left: number;
    written: number;
    edited: number;
    backup: string;
    swapDeploying: boolean;
  }[];
}

/**
 * `temporaryLive(key, code)`: whether app `key`'s live form has the field `code`. A migration the
 * record names whose temporary field the service no longer has was swapped (killed after the
 * contract deploy went live, before the record was removed): it is not under way, and not said.
 */
export function interruptedApply(
  record: RecoveryRecord,
  running: boolean,
  temporaryLive: (key: string, code: string) => boolean,
  deploying: (key: string) => boolean = () => false,
): InterruptedApply {
  // A migration whose copy the record holds and whose app is deploying is swapping: its expand
  // went live before the copy, and apply starts no deploy while another runs (refusals.ts).
  const swapping = (key: string, temporary: string) => temporaryLive(key, temporary) && deploying(key);
  return {
    record: recoveryShown(record.environment),
    pid: record.pid,
    startedAt: record.startedAt,
    running,
    stoppedWaiting: record.ended === 'deploy-unknown',
    created: record.creating.map((c) => ({ key: c.key, id: c.id })),
    drafts: record.drafts,
    unanswered: unansweredWrites(record),
    deploys: record.deploys,
    migrations: (record.migrations ?? [])
      .filter((m) => temporaryLive(m.key, m.temporary))
      .map((m) => ({
        key: m.key,
        field: m.field,
        temporary: m.temporary,
        written: m.progress.written,
        lastId: m.progress.lastId,
        swapDeploying: swapping(m.key, m.temporary),
      })),
    // A window whose temporary field is still live belongs to a swap that did not go live (the
    // migration starts again, and apply drops it: migrate-window.ts), or whose deploy still runs.
    windows: (record.window ?? [])
      .filter((w) => !temporaryLive(w.key, w.temporary) || deploying(w.key))
      .map((w) => ({
        key: w.key,
        field: w.field,
        left: w.writes.length,
        written: w.written,
        edited: w.edited.length,
        backup: w.backup,
        swapDeploying: swapping(w.key, w.temporary),
      })),
  };
}

/**
 * Each app whose named writes outnumber its answered ones: every preview write raises the draft
 * revision by one (platform-facts.md, "Revisions", as recovery.ts's ownDraftApps counts), so
 * writes sent from revision `from` all answered leave the draft at `from + sent`; a last answer
 * below that, or none, means some were in flight when the apply died.
 */
function unansweredWrites(record: RecoveryRecord): InterruptedApply['unanswered'] {
  return (record.writes ?? []).flatMap((w) => {
    const answered = record.drafts.find((d) => d.key === w.key && d.id === w.id);
    const reached = answered === undefined ? Number(w.from) : Number(answered.revision);
    return reached < Number(w.from) + w.sent ? [{ key: w.key, id: w.id, area: w.last.area }] : [];
  });
}

/** What the next step depends on beyond the record: how the apps stand now. */
export interface NextStep {
  /** Words a command for this project (its --env and -C). */
  run: (command: string) => string;
  /** A deploy of some app is still running: the next step is to wait, not to apply. */
  deploying: boolean;
  /** Every app matches its manifest with no pending draft: nothing of the apply is left to finish. */
  settled: boolean;
  /** Where the environment keeps app ids: appdeploy.yaml, or the local environment's ids file. */
  idsIn: string;
}

export function interruptedLines(apply: InterruptedApply, next: NextStep): string[] {
  const head = apply.running
    ? `An apply is running (pid ${apply.pid}, started ${apply.startedAt}); what it has done so far:`
    : apply.stoppedWaiting
      ? `An apply stopped waiting for its deploy, whose outcome it did not know (pid ${apply.pid}, started ${apply.startedAt}; ${apply.record}). It left:`
      : `An apply was interrupted (pid ${apply.pid}, started ${apply.startedAt}; ${apply.record}). It left:`;
  const lines = [head];
  for (const c of apply.created)
    lines.push(
      c.id === null
        ? `  - app ${c.key} being created: the service's answer (its id) never came back`
        : `  - app ${c.key} created (app ${c.id})`,
    );
  if (apply.drafts.length > 0)
    lines.push(
      `  - drafts written: ${apply.drafts.map((d) => `${d.key} (app ${d.id}, revision ${d.revision})`).join(', ')}`,
    );
  if (apply.unanswered.length > 0)
    lines.push(
      `  - ${apply.running ? 'writes sent, their answers awaited' : 'writes sent whose answers never came back (the service may have carried them out)'}: ${apply.unanswered.map((w) => `${w.key} (app ${w.id}, ${w.area})`).join(', ')}`,
    );
  for (const d of apply.deploys)
    lines.push(
      `  - a deploy started at ${d.at}: ${d.apps.map((a) => `${a.key} (revision ${a.revision})`).join(', ')}`,
    );
  for (const m of apply.migrations)
    lines.push(
      m.swapDeploying
        ? `  - a migration of ${m.key} field ${m.field} swapping: its values copied into ${m.temporary} (${plural(m.written, 'record')} written), the deploy of its swap still running; ${m.field} keeps its values until the swap is live`
        : `  - a migration of ${m.key} field ${m.field} under way: its values being copied into ${m.temporary} (live; ${plural(m.written, 'record')} written${m.lastId === null || m.lastId === '0' ? '' : `, up to record ${m.lastId}`}); ${m.field} and its values are untouched`,
    );
  for (const w of apply.windows)
    lines.push(
      w.swapDeploying
        ? `  - ${plural(w.left, 'record')} of ${w.key} edited in field ${w.field} before the swap, to write into it once the swap is live (their values are in ${w.backup}); if the swap fails, apply copies them again`
        : `  - a migration of ${w.key} field ${w.field} swapped, with ${plural(w.left, 'record')} edited in its old field before the swap still to write into it (their values are in ${w.backup}${w.written + w.edited > 0 ? `; ${thousandsOf(w.written)} written, ${thousandsOf(w.edited)} edited since the swap and left as they are` : ''})`,
    );
  const left = [
    apply.created,
    apply.drafts,
    apply.unanswered,
    apply.deploys,
    apply.migrations,
    apply.windows,
  ];
  if (left.every((list) => list.length === 0)) lines.push('  - nothing written yet');
  if (apply.running || next.deploying) return lines;
  // A creation whose answer never came back and that no command could adopt (recovery-adopt.ts):
  // apply refuses to create the app again until told, so that is the next step, not an apply.
  const unknown = apply.created.filter((c) => c.id === null).map((c) => c.key);
  if (unknown.length > 0)
    lines.push(
      `  ${next.run('apply')} creates nothing for ${unknown.join(', ')} until told which app the service made, if any: give its id in ${next.idsIn}, or, if the service has no such app, delete ${apply.record}; then ${next.run('apply')} finishes it.`,
    );
  else lines.push(finishing(apply, next));
  return lines;
}

/** What the next apply does with what the interrupted one left (nothing unknown was created). */
function finishing(apply: InterruptedApply, next: NextStep): string {
  if (next.settled && apply.windows.length === 0)
    return `  Nothing of it is left to finish: ${next.run('apply')} finds no changes and removes the record.`;
  if (apply.migrations.length > 0)
    return `  ${next.run('apply')} finishes it: it discards the drafts it wrote (where no one changed them since), resumes each copy where it stopped, and swaps.`;
  if (apply.windows.length > 0)
    return `  ${next.run('apply')} finishes it: it writes those records into the new field, each at the revision it read before the swap (one changed since is left as it is, and named).`;
  return `  ${next.run('apply')} finishes it: it discards the drafts it wrote (where no one changed them since) and applies again.`;
}
