/**
 * The world of the after-swap sweep: a local service whose deploys settle only when the test moves
 * its clock (deploy-unknown-sweep/world.ts), and an apply's client of its own (one call at a time,
 * a short timeout: an answer held past it is lost) that notes every write it sends. Once the
 * swap's deploy is live (the deploy called after the swap's draft deleted the old field, settled),
 * every write after it is numbered, and a case picks one: answered 500 (not carried out), or
 * carried out with its answer lost (both armed on the service as the n-th write from there), or, a
 * deploy call, ending FAIL, or still running at apply's deadline (then SUCCESS or FAIL once the
 * test settles it). Another client's edits land in the old field just before the swap's draft
 * deletes it, so the swap has a window to write (docs/migrations.md, "The window").
 */
import { createClient, type Client } from '../../../src/client/index.js';
import { ADMIN } from '../../support/users.js';
import {
  clientWith,
  DEPLOY_MS,
  firstDeletionHook,
  wrap,
  type Control,
} from '../deploy-unknown-sweep/world.js';

export type Fault =
  /** Answered 500, not carried out. */
  | '500'
  /** Carried out, its answer held past the client's timeout. */
  | 'answer lost'
  /** A deploy call answered, the deploy ending FAIL. */
  | 'deploy FAIL'
  /** A deploy call answered, the deploy still running at apply's deadline, then SUCCESS. */
  | 'still deploying, then SUCCESS'
  /** As above, then FAIL. */
  | 'still deploying, then FAIL';

export const FAULTS: readonly Fault[] = ['500', 'answer lost'];
export const DEPLOY_FAULTS: readonly Fault[] = [
  'deploy FAIL',
  'still deploying, then SUCCESS',
  'still deploying, then FAIL',
];

/** How long the apply's client waits for an answer, and how long a lost one is held. */
const LOST_AFTER_MS = 2_000;
const HELD_MS = 6_000;
/** How far the apply's clock jumps once the picked deploy is left running. */
const PAST_ANY_DEADLINE_MS = 24 * 3_600_000;

/** A write as the service counts it: every call but reads (a cursor's too). */
const WRITE_METHODS = 'POST|PUT|DELETE';
const WRITE_PATH = '^/k/v1/(?!records/cursor)';
const isWrite = (method: string, path: string) =>
  WRITE_METHODS.split('|').includes(method) && new RegExp(WRITE_PATH).test(path);

export interface AfterSwapHooks {
  /** The client every apply of a case gets. */
  client: Client;
  /** The writes the last apply sent once the swap's deploy was live, in order (`METHOD path`). */
  afterSwap(): string[];
  /** Whether the last apply's swap deploy is live. */
  swapLive(): boolean;
  /** The next apply: its `index`-th write after the swap (from 0) meets `fault`; none without. */
  arm(pick: { index: number; fault: Fault } | null): void;
  /** Settles every deploy still running (moves the service clock). */
  settle(): Promise<void>;
  /** The apply's clock (ApplyOptions.now): past any deadline once the picked deploy is left running. */
  now: () => number;
  close(): Promise<void>;
}

export function afterSwapHooks(
  url: string,
  control: Control,
  beforeSwap: () => Promise<void>,
): AfterSwapHooks {
  const writes: string[] = [];
  let swapLiveAt: number | null = null;
  let pick: { index: number; fault: Fault } | null = null;
  let expired = false;
  const base = createClient({
    baseUrl: url,
    auth: ADMIN,
    concurrency: 1,
    timeoutMs: LOST_AFTER_MS,
    retry: { initialDelayMs: 20, maxDelayMs: 100 },
    logger: (event) => {
      if (event.type === 'request' && isWrite(event.method, event.path))
        writes.push(`${event.method} ${event.path}`);
    },
  });
  // The edits land once per case, before the first deletion of fields: the swap's draft.
  const deletion = firstDeletionHook(base.form, beforeSwap);
  const settle = async () => {
    await control('POST', '/_emulator/clock', { advanceMs: DEPLOY_MS });
  };
  const apps = wrap(base.apps, 'deploy', async (call, args) => {
    const [params] = args as [{ apps: { app: string }[]; revert?: boolean }];
    if (params.revert === true) return call(args);
    // The deploy of the swap's draft: once it is live, the writes after it are counted.
    if (deletion.seen() && swapLiveAt === null) {
      const answer = await call(args);
      await settle();
      swapLiveAt = writes.length;
      if (pick && (pick.fault === '500' || pick.fault === 'answer lost'))
        await control('POST', '/_emulator/faults', {
          method: WRITE_METHODS,
          path: WRITE_PATH,
          skip: pick.index,
          times: 1,
          ...(pick.fault === '500' ? { status: 500 } : { answerDelayMs: HELD_MS }),
        });
      return answer;
    }
    const picked = swapLiveAt !== null && pick !== null && writes.length - swapLiveAt === pick.index;
    const fault = picked ? pick!.fault : null;
    if (fault === 'deploy FAIL' || fault === 'still deploying, then FAIL')
      for (const { app } of params.apps)
        await control('POST', '/_emulator/deploy-outcome', { app: String(app), outcome: 'FAIL' });
    if (fault === 'still deploying, then SUCCESS' || fault === 'still deploying, then FAIL')
      return call(args).finally(() => (expired = true));
    try {
      return await call(args);
    } finally {
      // A deploy carried out with its answer lost settles too.
      await settle();
    }
  });
  return {
    client: clientWith(base, apps, deletion.form),
    afterSwap: () => (swapLiveAt === null ? [] : writes.slice(swapLiveAt)),
    swapLive: () => swapLiveAt !== null,
    arm(next) {
      pick = next;
      expired = false;
      swapLiveAt = null;
      writes.length = 0;
    },
    settle,
    now: () => Date.now() + (expired ? PAST_ANY_DEADLINE_MS : 0),
    close: () => base.close(),
  };
}
