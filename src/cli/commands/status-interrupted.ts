/**
 * What `status` says of an apply that ended without its own answer (kill -9, a power cut): read
 * from the recovery record it left (apply/recovery.ts), app by app, and what to do about it.
 */
import { recoveryShown, type RecoveryRecord } from '../../apply/recovery.js';
import { plural } from '../../wording.js';

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
  /** Migrations whose copy was under way: their temporary field is live, the old field untouched. */
  migrations: { key: string; field: string; temporary: string; written: number; lastId: string | null }[];
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
    migrations: (record.migrations ?? []).map((m) => ({
      key: m.key,
      field: m.field,
      temporary: m.temporary,
      written: m.progress.written,
      lastId: m.progress.lastId,
    })),
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
  for (const m of apply.migrations)
    lines.push(
      `  - a migration of ${m.key} field ${m.field} under way: its values being copied into ${m.temporary} (live; ${plural(m.written, 'record')} written${m.lastId === null || m.lastId === '0' ? '' : `, up to record ${m.lastId}`}); ${m.field} and its values are untouched`,
    );
  if (apply.created.length + apply.drafts.length + apply.deploys.length + apply.migrations.length === 0)
    lines.push('  - nothing written yet');
  if (!apply.running)
    lines.push(
      apply.migrations.length > 0
        ? '  `npx appdeploy apply` finishes it: it discards the drafts listed (where still at those revisions), resumes each copy where it stopped, and swaps.'
        : '  `npx appdeploy apply` finishes it: it discards the drafts listed (where still at those revisions) and applies again.',
    );
  return lines;
}
