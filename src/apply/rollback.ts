/**
 * The rollback of drafts: every app apply touched gets its draft reverted. Live never changed
 * for these apps, so afterwards each is exactly as before. An app whose revert keeps failing is
 * named with its state: its draft still holds part of this apply, live is as before.
 */
import type { Client } from '../client/index.js';
import { appdeployCommand, type Project } from '../project/index.js';
import { revertDrafts } from './revert.js';
import { appResult } from './result.js';
import type { AppResult, ApplyEvent } from './types.js';
import type { AppSession } from './write-all.js';

export interface RollbackResult {
  apps: AppResult[];
  failed: boolean;
  /** Apps whose revert failed, by key. */
  revertFailed: string[];
}

export async function rollbackAll(
  client: Client,
  /** For the command a failure names (with the project's flags). */
  project: Pick<Project, 'commandFlags'>,
  sessions: readonly AppSession[],
  emit: (event: ApplyEvent) => void,
  reason: string,
  /** Apps whose drafts are already reverted (after a lost deploy answer). */
  alreadyReverted: ReadonlySet<string> = new Set(),
): Promise<RollbackResult> {
  const touched = sessions.filter((s) => s.touched && s.id !== null);
  const toRevert = touched.filter((s) => !alreadyReverted.has(s.id!));
  if (toRevert.length > 0) emit({ type: 'rollback', apps: toRevert.map((s) => s.plan.key), reason });
  const failures = await revertDrafts({ client, apps: toRevert.map((s) => s.id!) });
  const apps = sessions.map((s) => {
    if (!s.touched || s.id === null) return appResult(s, 'unchanged', 'not written: apply stopped before it');
    const failure = failures.get(s.id);
    if (failure === undefined) return appResult(s, 'rolled-back');
    return appResult(
      s,
      'failed',
      `reverting its draft failed (${failure}): the draft still holds part of this apply, live is as before; ` +
        `discard the draft with \`${appdeployCommand(project, 'revert', `--app ${s.plan.key}`)}\``,
    );
  });
  const failed = touched.filter((s) => failures.has(s.id!));
  return { apps, failed: failed.length > 0, revertFailed: failed.map((s) => s.plan.key) };
}
