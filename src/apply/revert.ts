/**
 * Discards drafts (`deploy` with `revert: true`): the rollback of every app whose live copy
 * never changed, since apply starts only from drafts equal to live. The call is safe to repeat
 * (reverting twice is reverting once), so it is retried; when a call for many apps keeps
 * failing, each app is tried alone so that one app's trouble leaves the others restored.
 */
import { APPS_PER_DEPLOY } from '../platform/index.js';
import type { Client, DeployTarget } from '../client/index.js';

export interface RevertOptions {
  client: Client;
  apps: readonly string[];
  /**
   * The draft revision each app must still hold. Used after a deploy call whose answer was lost:
   * the revert raises the revision, so that deploy, should it arrive late, is refused.
   */
  pinned?: ReadonlyMap<string, string> | undefined;
  attempts?: number | undefined;
  delayMs?: number | undefined;
}

/** The apps whose revert failed, with the last error's message. */
export type RevertFailures = Map<string, string>;

export async function revertDrafts(options: RevertOptions): Promise<RevertFailures> {
  const failures: RevertFailures = new Map();
  for (let i = 0; i < options.apps.length; i += APPS_PER_DEPLOY) {
    const batch = options.apps.slice(i, i + APPS_PER_DEPLOY);
    const error = await attempt(options, batch);
    if (error === null) continue;
    if (batch.length === 1) {
      failures.set(batch[0]!, error);
      continue;
    }
    for (const app of batch) {
      const alone = await attempt(options, [app]);
      if (alone !== null) failures.set(app, alone);
    }
  }
  return failures;
}

/** Null when the revert went through; else the last error's message. */
async function attempt(options: RevertOptions, apps: readonly string[]): Promise<string | null> {
  const attempts = options.attempts ?? 4;
  let delay = options.delayMs ?? 500;
  let last = '';
  for (let n = 1; n <= attempts; n++) {
    try {
      const targets: DeployTarget[] = apps.map((app) => {
        const revision = options.pinned?.get(app);
        return revision === undefined ? { app } : { app, revision };
      });
      await options.client.apps.deploy({ apps: targets, revert: true });
      return null;
    } catch (error) {
      last = error instanceof Error ? error.message : String(error);
      if (isPermanent(error)) return last;
    }
    if (n < attempts) {
      await new Promise((resolve) => setTimeout(resolve, delay));
      delay *= 2;
    }
  }
  return last;
}

/** A refusal that repeating cannot change: bad request, no permission, no such app, revision moved. */
function isPermanent(error: unknown): boolean {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' && status >= 400 && status < 500 && status !== 409 && status !== 429;
}
