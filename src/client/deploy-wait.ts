/** Waits for a deployment: poll, back off, stop at final statuses or at the deadline. */
import { TransportAbortedError } from './errors.js';
import { DeployTimeoutError } from './helper-errors.js';
import type { CallOptions } from './options.js';
import { sleep } from './retry.js';
import type { DeployStatusItem } from './types/apps.js';
import type { Id } from './types/common.js';

export interface WaitForDeployOptions {
  /** Give up after this long (default 300,000 ms). */
  timeoutMs?: number | undefined;
  signal?: AbortSignal | undefined;
  /** The first wait between two polls (default 500 ms); it grows by half each time. */
  initialIntervalMs?: number | undefined;
  /** The longest wait between two polls (default 5,000 ms). */
  maxIntervalMs?: number | undefined;
}

type GetStatus = (
  params: { apps: readonly Id[] },
  options: CallOptions,
) => Promise<{ apps: DeployStatusItem[] }>;

/** The most apps one status call may name. */
const MAX_APPS_PER_STATUS_CALL = 300;

export async function waitForDeploy(
  getStatus: GetStatus,
  apps: readonly Id[],
  options: WaitForDeployOptions & { path: string },
): Promise<DeployStatusItem[]> {
  const timeoutMs = options.timeoutMs ?? 300_000;
  const deadline = Date.now() + timeoutMs;
  let interval = options.initialIntervalMs ?? 500;
  const maxInterval = options.maxIntervalMs ?? 5_000;
  const final = new Map<string, DeployStatusItem>();
  let latest: DeployStatusItem[] = [];
  for (;;) {
    const pending = apps.map(String).filter((app) => !final.has(app));
    latest = [];
    for (let start = 0; start < pending.length; start += MAX_APPS_PER_STATUS_CALL) {
      const batch = pending.slice(start, start + MAX_APPS_PER_STATUS_CALL);
      const answer = await getStatus({ apps: batch }, { signal: options.signal });
      latest.push(...answer.apps);
    }
    for (const item of latest) if (item.status !== 'PROCESSING') final.set(String(item.app), item);
    if (apps.every((app) => final.has(String(app)))) return apps.map((app) => final.get(String(app))!);
    const remaining = deadline - Date.now();
    if (remaining <= 0) {
      const statuses = apps.map(
        (app) =>
          final.get(String(app)) ??
          latest.find((item) => item.app === String(app)) ?? {
            app: String(app),
            status: 'PROCESSING' as const,
          },
      );
      throw new DeployTimeoutError({ statuses, timeoutMs, method: 'GET', path: options.path });
    }
    await sleep(Math.min(interval, remaining), options.signal).catch(() => {
      throw new TransportAbortedError({ method: 'GET', path: options.path });
    });
    interval = Math.min(maxInterval, Math.round(interval * 1.5));
  }
}
