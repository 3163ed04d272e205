/**
 * Waits for deploys to end: polls the status with backoff until every app is SUCCESS, FAIL or
 * CANCEL. A failing status call (5xx, a timeout, a dropped connection) is not the deploy
 * failing: it is reported and polling goes on until the deadline. There is no abort signal on
 * purpose: a deploy cannot be stopped once asked for, so apply waits for its outcome.
 */
import { APPS_PER_DEPLOY } from '../platform/index.js';
import type { Client, DeployStatus } from '../client/index.js';

export interface PollOptions {
  client: Client;
  apps: readonly string[];
  /** When to give up, in `now()` milliseconds. */
  deadline: number;
  now: () => number;
  initialMs: number;
  maxMs: number;
  onPoll: (statuses: { app: string; status: string }[], error: string | undefined) => void;
}

export type PollResult =
  | { kind: 'final'; statuses: Map<string, Exclude<DeployStatus, 'PROCESSING'>> }
  /** The deadline passed; `pending` are the apps last seen PROCESSING (or never seen). */
  | { kind: 'timeout'; statuses: Map<string, DeployStatus>; pending: string[] };

const STATUS_BATCH = APPS_PER_DEPLOY;

export async function pollDeploy(options: PollOptions): Promise<PollResult> {
  const known = new Map<string, DeployStatus>();
  const pending = () => options.apps.filter((app) => (known.get(app) ?? 'PROCESSING') === 'PROCESSING');
  let interval = options.initialMs;
  for (;;) {
    let error: string | undefined;
    const asking = pending();
    for (let i = 0; i < asking.length && error === undefined; i += STATUS_BATCH) {
      const left = options.deadline - options.now();
      if (left <= 0) break;
      try {
        const answer = await options.client.apps.getDeployStatus(
          { apps: asking.slice(i, i + STATUS_BATCH) },
          // No single poll may outlast the deadline, nor hang for long when the service does.
          { timeoutMs: Math.max(1, Math.min(left, 15_000)) },
        );
        for (const item of answer.apps) known.set(String(item.app), item.status);
      } catch (e) {
        error = e instanceof Error ? e.message : String(e);
      }
    }
    options.onPoll(
      options.apps.map((app) => ({ app, status: known.get(app) ?? 'PROCESSING' })),
      error,
    );
    if (pending().length === 0)
      return { kind: 'final', statuses: known as Map<string, Exclude<DeployStatus, 'PROCESSING'>> };
    const left = options.deadline - options.now();
    if (left <= 0) return { kind: 'timeout', statuses: known, pending: pending() };
    await new Promise((resolve) => setTimeout(resolve, Math.min(interval, left)));
    interval = Math.min(options.maxMs, Math.round(interval * 1.5));
  }
}
