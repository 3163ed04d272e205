/**
 * One deploy call for a batch of apps (at most 300), pinned to the revisions the writes left,
 * and its outcome. The platform's deploy is all-or-nothing across the apps of one call, so a
 * batch ends in one of three ways: live (every app SUCCESS), not live (FAIL/CANCEL, or the call
 * refused), or unknown (still PROCESSING at the deadline).
 *
 * When the call's answer is lost (connection dropped, timeout, 5xx), whether it ran is found out
 * from the service: the deploy status settles, then each app's live revision says whether it is
 * the one deployed. If it is not, the drafts are reverted pinned to those revisions, which raises
 * them, so the lost call, should it arrive late, is refused; the live revisions are read once
 * more after that, since the call may have run in between.
 */
import { ServiceError, type Client } from '../client/index.js';
import { pollDeploy, type PollOptions } from './poll.js';
import { readLiveRevision } from './revisions.js';
import { revertDrafts } from './revert.js';

export interface BatchTarget {
  app: string;
  revision: string;
}

export type BatchOutcome =
  | { kind: 'live' }
  /** Nothing went live. `reverted`: the drafts were already discarded (after a lost answer). */
  | { kind: 'not-live'; reason: string; reverted: boolean }
  | { kind: 'unknown'; pending: string[] };

export interface DeployBatchOptions {
  client: Client;
  targets: readonly BatchTarget[];
  poll: Omit<PollOptions, 'client' | 'apps'>;
  onAnswerLost: (reason: string) => void;
  /** How a failure's reason names an app (`orders (12)`); its id by default. */
  name?: ((app: string) => string) | undefined;
}

export async function deployBatch(options: DeployBatchOptions): Promise<BatchOutcome> {
  const { client, targets } = options;
  try {
    await client.apps.deploy({ apps: targets.map((t) => ({ app: t.app, revision: t.revision })) });
  } catch (error) {
    // A refusal (4xx) means the service did not start the deploy; anything else may hide one.
    if (error instanceof ServiceError && error.status >= 400 && error.status < 500)
      return { kind: 'not-live', reason: `the deploy call was refused: ${error.message}`, reverted: false };
    options.onAnswerLost(error instanceof Error ? error.message : String(error));
    return resolveLostAnswer(options);
  }
  const polled = await pollDeploy({ ...options.poll, client, apps: targets.map((t) => t.app) });
  if (polled.kind === 'timeout') return { kind: 'unknown', pending: polled.pending };
  const failed = [...polled.statuses].filter(([, status]) => status !== 'SUCCESS');
  if (failed.length === 0) return { kind: 'live' };
  return {
    kind: 'not-live',
    reason: `the deploy ended ${failed.map(([app, status]) => `${status} for ${options.name?.(app) ?? `app ${app}`}`).join(', ')}`,
    reverted: false,
  };
}

async function resolveLostAnswer(options: DeployBatchOptions): Promise<BatchOutcome> {
  const { client, targets } = options;
  const apps = targets.map((t) => t.app);
  const settle = async (): Promise<BatchOutcome | null> => {
    const polled = await pollDeploy({ ...options.poll, client, apps });
    if (polled.kind === 'timeout') return { kind: 'unknown', pending: polled.pending };
    return (await allLive(client, targets)) ? { kind: 'live' } : null;
  };
  const first = await settle();
  if (first) return first;
  const pinned = new Map(targets.map((t) => [t.app, t.revision]));
  const failures = await revertDrafts({ client, apps, pinned });
  const second = await settle();
  if (second) return second;
  const detail =
    failures.size === 0
      ? ''
      : ` (reverting failed for ${[...failures.keys()].map((a) => `app ${a}`).join(', ')})`;
  return {
    kind: 'not-live',
    reason: `the deploy call's answer was lost and the deploy did not run${detail}`,
    reverted: failures.size === 0,
  };
}

/** Whether every app's live copy is the revision this batch deployed. */
async function allLive(client: Client, targets: readonly BatchTarget[]): Promise<boolean> {
  const live = await Promise.all(targets.map((t) => readLiveRevision(client, t.app)));
  return targets.every((t, i) => live[i] === t.revision);
}
