/**
 * What `status` says of an apply that ended without its own answer (kill -9, a power cut): read
 * from the recovery record it left (apply/recovery.ts), app by app, and what to do about it.
 */
import { recoveryShown, type RecoveryRecord } from '../../apply/recovery.js';

export interface InterruptedApply {
  /** The record, as `.appdeploy/apply-<env>.json` names it. */
  record: string;
  pid: number;
  startedAt: string;
  /** True when that process still runs: an apply in progress, not an interrupted one. */
  running: boolean;
  created: { key: string; id: string | null }[];
  drafts: { key: string; id: string; revision: string }[];
  deploys: { at: string; apps: { key: string; id: string; revision: string }[] }[];
}

export function interruptedApply(record: RecoveryRecord, running: boolean): InterruptedApply {
  return {
    record: recoveryShown(record.environment),
    pid: record.pid,
    startedAt: record.startedAt,
    running,
    created: record.creating.map((c) => ({ key: c.key, id: c.id })),
    drafts: record.drafts,
    deploys: record.deploys,
  };
}

export function interruptedLines(apply: InterruptedApply): string[] {
  const head = apply.running
    ? `An apply is running (pid ${apply.pid}, started ${apply.startedAt}); what it has done so far:`
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
  for (const d of apply.deploys)
    lines.push(
      `  - a deploy started at ${d.at}: ${d.apps.map((a) => `${a.key} (revision ${a.revision})`).join(', ')}`,
    );
  if (apply.created.length + apply.drafts.length + apply.deploys.length === 0)
    lines.push('  - nothing written yet');
  if (!apply.running)
    lines.push(
      '  `npx appdeploy apply` finishes it: it discards the drafts listed (where still at those revisions) and applies again.',
    );
  return lines;
}
