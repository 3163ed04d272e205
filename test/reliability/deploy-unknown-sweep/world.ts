/**
 * The world of the deploy-unknown sweep: a local service whose deploys settle only when the test
 * moves its clock (`deployMs` an hour of service time), and an apply's client that moves it right
 * after each deploy call, but for the one a case picks, which it leaves running (a timeout: still
 * PROCESSING when apply's polling gives up), or carries out with its answer lost (held by the
 * service past the call's timeout, as migration-faults-sweep.test.ts loses answers), settling it
 * or leaving it running. Another client's edits land in the old field just before the swap's
 * draft deletes it (the window, docs/migrations.md), once per case.
 */
import type { Client } from '../../../src/client/index.js';

/** Service time a deploy stays PROCESSING: only a clock move settles it. */
export const DEPLOY_MS = 3_600_000;

export type Variant =
  /** The call answered; the deploy still PROCESSING at apply's deadline, then SUCCESS. */
  | 'timeout'
  /** As `timeout`, but the deploy ends FAIL: the swap (or the expand) never takes effect. */
  | 'timeout, then FAIL'
  /** The call carried out, its answer lost; the deploy settles at once (SUCCESS). */
  | 'answer lost'
  /** The call carried out, its answer lost, and the deploy still PROCESSING at apply's deadline. */
  | 'answer lost, still deploying';

export interface Control {
  (method: string, path: string, body?: unknown): Promise<any>;
}

export interface DeployHooks {
  /** The client an apply gets. */
  client: Client;
  /** Non-revert deploy calls seen so far, and the apps of each. */
  deploys: string[][];
  /** Leaves the `index`-th deploy call (from 0, counted from now) to `variant`. */
  pick(index: number, variant: Variant): void;
  /** Settles every deploy still running (moves the service clock). */
  settle(): Promise<void>;
  /**
   * The apply's clock (ApplyOptions.now): real time, until the picked deploy call is left running;
   * then past any deadline, so apply stops waiting at its next poll, however slow the machine.
   */
  now: () => number;
}

/** How long a call's answer may take before it counts as lost, and how long a lost one is held. */
const LOST_AFTER_MS = 1_000;
const HELD_MS = 5_000;
/** How far the apply's clock jumps once the picked deploy is left running. */
const PAST_ANY_DEADLINE_MS = 24 * 3_600_000;

/**
 * The apply's client: every deploy call settled at once (the clock moved past it), but the one
 * picked; the first deletion of fields (the swap's draft) lets `beforeSwap` run first.
 */
export function deployHooks(client: Client, control: Control, beforeSwap: () => Promise<void>): DeployHooks {
  let picked: { index: number; variant: Variant } | null = null;
  let expired = false;
  const deploys: string[][] = [];
  const settle = async () => {
    await control('POST', '/_emulator/clock', { advanceMs: DEPLOY_MS });
  };
  const apps = wrap(client.apps, 'deploy', async (call, args) => {
    const [params, options] = args as [{ apps: { app: string }[]; revert?: boolean }, object?];
    if (params.revert === true) return call(args);
    const index = deploys.length;
    deploys.push(params.apps.map((a) => String(a.app)));
    const variant = picked?.index === index ? picked.variant : null;
    if (variant === null) {
      const answer = await call(args);
      await settle();
      return answer;
    }
    if (variant === 'timeout, then FAIL')
      for (const { app } of params.apps)
        await control('POST', '/_emulator/deploy-outcome', { app: String(app), outcome: 'FAIL' });
    if (variant === 'timeout' || variant === 'timeout, then FAIL')
      return call(args).finally(() => (expired = true));
    // Carried out at once, its answer held past the call's own timeout: lost.
    await control('POST', '/_emulator/faults', {
      method: 'POST',
      path: '^/k/v1/preview/app/deploy\\.json$',
      answerDelayMs: HELD_MS,
      times: 1,
    });
    try {
      return await call([params, { ...options, timeoutMs: LOST_AFTER_MS }]);
    } finally {
      if (variant === 'answer lost') await settle();
      else expired = true;
    }
  });
  const { form } = firstDeletionHook(client.form, beforeSwap);
  return {
    client: clientWith(client, apps, form),
    deploys,
    pick(index, variant) {
      picked = { index: deploys.length + index, variant };
      expired = false;
    },
    settle,
    now: () => Date.now() + (expired ? PAST_ANY_DEADLINE_MS : 0),
  };
}

/**
 * `form` running `before` ahead of its first deletion of fields (the swap's draft deletes the old
 * field), once; `seen()` says whether it came.
 */
export function firstDeletionHook(
  form: Client['form'],
  before: () => Promise<void>,
): { form: Client['form']; seen: () => boolean } {
  let seen = false;
  const hooked = wrap(form, 'deleteFields', async (call, args) => {
    if (!seen) {
      seen = true;
      await before();
    }
    return call(args);
  });
  return { form: hooked, seen: () => seen };
}

/** `client` with its `apps` and `form` replaced. */
export function clientWith(client: Client, apps: Client['apps'], form: Client['form']): Client {
  return new Proxy(client, {
    get: (target, key) =>
      key === 'apps' ? apps : key === 'form' ? form : (Reflect.get(target, key, target) as unknown),
  });
}

/** `target` with its method `name` going through `around`. */
export function wrap<T extends object>(
  target: T,
  name: string,
  around: (call: (args: unknown[]) => Promise<unknown>, args: unknown[]) => Promise<unknown>,
): T {
  return new Proxy(target, {
    get(t, key) {
      const value = Reflect.get(t, key, t) as unknown;
      if (typeof value !== 'function') return value;
      const bound = (value as (...a: unknown[]) => unknown).bind(t);
      return key === name ? (...args: unknown[]) => around((a) => Promise.resolve(bound(...a)), args) : bound;
    },
  });
}
