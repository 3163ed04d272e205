/**
 * A migration's window (docs/migrations.md, "The window"): a record edited in the old field after
 * the copy's last look and before the swap is in the backup, brought up to date just before the
 * swap's deploy, but not in the new field. So, right after that catch-up, the updates such records
 * need are worked out (records/ windowWrites) and noted in the recovery record (the
 * `migration-window` event, which the recorder keeps once the swap is live); once the swap is
 * live they are written into the new field, now under its final code, each at the revision the
 * backup read it at, so an edit made after the swap is kept and named, with the backup's lines
 * holding the value from before. An apply killed before they are all written leaves them in the
 * record, and the next apply writes them first (finishEarlierWindows), whatever its plan.
 */
import { join, relative } from 'node:path';
import type { Client } from '../client/index.js';
import type { AppPlan, FieldMigration } from '../plan/index.js';
import {
  backupLineNumbers,
  rebaseBackup,
  windowWrites,
  writeWindow,
  type CopySpec,
} from '../records/index.js';
import type { TakenBackup } from './backup-removed.js';
import { errorText } from './error-text.js';
import { forgetWindow, noteWindow, readRecovery, type WindowRecord } from './recovery.js';
import type { ApplyEvent, ApplyOptions, ApplyResult, WindowResult } from './types.js';

/** What a migration's copy leaves for its window: its spec, and the revisions it saw each record right at. */
export interface CopiedField {
  readonly app: AppPlan;
  readonly migration: FieldMigration;
  readonly spec: CopySpec;
  readonly seen: ReadonlyMap<string, string>;
}

/**
 * Run just after the app's backup is brought up to date, before the swap's deploy (backup-removed.ts
 * catchUpBackups): each migration's window worked out and noted through `emit` (the recorder).
 * `noted` collects them for the writes after the swap.
 */
export function windowAfterCatchUp(
  options: ApplyOptions,
  copies: readonly CopiedField[],
  noted: WindowRecord[],
): NonNullable<TakenBackup['afterCatchUp']> {
  return async (backup, signal, emit) => {
    const lines = await backupLineNumbers(backup.written.file);
    for (const copy of copies.filter((c) => c.app.id === backup.app.id)) {
      const m = copy.migration;
      const writes = await windowWrites(
        options.client,
        copy.spec,
        m.to.code,
        copy.seen,
        backup.written.since.revisions,
        signal,
      );
      if (writes.length === 0) continue;
      const window: WindowRecord = {
        key: copy.app.key,
        id: backup.app.id,
        field: m.to.code,
        temporary: m.temporary,
        table: m.to.table,
        backup: relative(options.project.root, backup.written.file).split('\\').join('/'),
        writes: writes.map((w) => ({ ...w, lines: lines.get(w.id) ?? [] })),
        written: 0,
        edited: [],
      };
      noted.push(window);
      emit?.({ type: 'migration-window', app: copy.app.key, field: m.to.code, window });
    }
  };
}

/**
 * The windows noted, written now that their swaps are live (`checkSwapped`: an earlier apply's,
 * whose swap may not have gone live; one whose temporary field is still on the service did not,
 * and its migration starts again, so its window goes).
 */
export async function writeWindows(
  options: ApplyOptions,
  windows: readonly WindowRecord[],
  checkSwapped = false,
): Promise<WindowResult[]> {
  const results: WindowResult[] = [];
  for (const window of windows) {
    if (checkSwapped) {
      let live: boolean;
      let running = false;
      try {
        live = await swapped(options.client, window);
        // A swap whose deploy is still running (an apply that stopped waiting for it) may yet go live.
        if (!live) running = await deploying(options.client, window.id);
      } catch (error) {
        results.push({
          ...stopped(window),
          reason: `reading the fields of ${window.key} failed: ${errorText(error)}; the next apply writes them`,
        });
        continue;
      }
      if (running) {
        results.push({
          ...stopped(window),
          reason: `the swap's deploy of ${window.key} is still running; the next apply writes them once it is live`,
        });
        continue;
      }
      if (!live) {
        if (options.shadow !== true) forgetWindow(options.project, window);
        continue;
      }
    }
    results.push(await writeOne(options, window));
  }
  return results;
}

/** The windows an earlier apply left in the recovery record, written first. */
export async function finishEarlierWindows(options: ApplyOptions): Promise<WindowResult[]> {
  if (options.shadow === true) return [];
  const left = readRecovery(options.project)?.window ?? [];
  return left.length === 0 ? [] : writeWindows(options, left, true);
}

/** The result with the windows written. */
export function withWindows(result: ApplyResult, windows: readonly WindowResult[]): ApplyResult {
  return windows.length === 0 ? result : { ...result, window: [...(result.window ?? []), ...windows] };
}

async function writeOne(options: ApplyOptions, noted: WindowRecord): Promise<WindowResult> {
  const window: WindowRecord = { ...noted, writes: [...noted.writes], edited: [...noted.edited] };
  const emit = (event: ApplyEvent) => options.onProgress?.(event);
  emit({ type: 'migration', app: window.key, field: window.field, step: 'window' });
  const result = (reason?: string): WindowResult => ({
    ...stopped(window),
    ...(reason !== undefined ? { reason } : {}),
  });
  while (window.writes.length > 0) {
    const write = window.writes[0]!;
    let outcome: Awaited<ReturnType<typeof writeWindow>>;
    try {
      outcome = await writeWindow(options.client, window.id, write, options.signal);
    } catch (error) {
      return result(
        `writing record ${write.id} into ${window.field} failed: ${errorText(error)}; the next apply writes the rest`,
      );
    }
    window.writes.shift();
    if (outcome === 'edited') window.edited.push({ id: write.id, lines: write.lines });
    else if (outcome === 'deleted') continue;
    else if ('written' in outcome) {
      window.written++;
      window.rebase = [...(window.rebase ?? []), { id: write.id, revision: outcome.written }];
    } else
      window.refused = [
        ...(window.refused ?? []),
        { id: write.id, lines: write.lines, reason: outcome.refused },
      ];
    // A save that fails (a full disk) leaves the record as its last save held it: every write
    // still to make among those it lists, so the writes go on; the last save says whether it stuck.
    saved(options, () => noteWindow(options.project, window));
  }
  if (options.shadow === true) return result();
  // The backup's lines of the records written take their revision now: restore then tells
  // apply's own writes from someone's edit.
  try {
    await rebaseBackup(
      join(options.project.root, window.backup),
      new Map((window.rebase ?? []).map((r) => [r.id, r.revision])),
    );
  } catch (error) {
    return result(
      `rewriting the revisions in ${window.backup} failed: ${errorText(error)}; the next apply does it`,
    );
  }
  return result(saved(options, () => forgetWindow(options.project, window)) ?? undefined);
}

/**
 * The recovery record saved, or why it could not be (a full disk): it then keeps what its last
 * save held, which may list records written since; the next apply finds those written (a record
 * already holding its update counts as written) and writes the rest. Found by
 * test/reliability/after-swap-sweep.test.ts (a save failing threw out of apply, as a bug).
 */
function saved(options: ApplyOptions, save: () => void): string | null {
  if (options.shadow === true) return null;
  try {
    save();
    return null;
  } catch (error) {
    return `saving the recovery record failed: ${errorText(error)}; it may still list records written here, which the next apply finds written`;
  }
}

function stopped(window: WindowRecord): WindowResult {
  return {
    app: window.key,
    field: window.field,
    backup: window.backup,
    written: window.written,
    editedSince: window.edited,
    ...(window.refused !== undefined ? { refused: window.refused } : {}),
  };
}

/** Whether the swap is live: the field under its final code, its temporary code gone. */
async function swapped(client: Client, window: WindowRecord): Promise<boolean> {
  const { properties } = await client.form.getFields({ app: window.id, copy: 'live' });
  return isSwapped(liveCodes(properties), window.field, window.temporary);
}

/** Every field code of a form, tables' columns included. */
export function liveCodes(properties: Record<string, unknown>): Set<string> {
  const codes = new Set<string>();
  for (const [code, field] of Object.entries(properties)) {
    codes.add(code);
    const columns = (field as { fields?: Record<string, unknown> }).fields;
    if (columns) for (const column of Object.keys(columns)) codes.add(column);
  }
  return codes;
}

/** Whether a migration's swap is live in a form's codes: the final code there, the temporary one gone. */
export function isSwapped(codes: ReadonlySet<string>, field: string, temporary: string): boolean {
  return codes.has(field) && !codes.has(temporary);
}

/** Whether a deploy of the app is still running (its swap's, which may yet go live). */
async function deploying(client: Client, app: string): Promise<boolean> {
  const { apps } = await client.apps.getDeployStatus({ apps: [app] });
  return apps.some((a) => a.status === 'PROCESSING');
}
