/**
 * After a successful deploy, apply checks its own promise: a fresh read of the live copy of each
 * area it wrote must not differ from what the manifest asked for, so that the next plan is empty.
 * An area that differs is appdeploy's bug (an area's write and read disagree), not the user's.
 * An area with nothing to write (a new app's area that already held what the manifest asks for)
 * was not written, and is not read again.
 */
import type { Client } from '../client/index.js';
import { resolvePlaceholders } from './placeholders.js';
import type { AreaWrite } from './write-app.js';
import { mapLimit } from '../client/in-parallel.js';
import { downloadHasher } from '../readers/index.js';

export interface VerifyTarget {
  key: string;
  id: string;
  areas: readonly AreaWrite[];
}

export interface NotConverged {
  app: string;
  area: string;
  changes: number;
}

export async function verifyConvergence(
  client: Client,
  targets: readonly VerifyTarget[],
  resolveApp: (text: string) => string,
): Promise<NotConverged[]> {
  const downloadHash = downloadHasher(client);
  const checks = targets.flatMap((target) =>
    target.areas
      .filter((w) => w.area.writes(w.desired, w.current).length > 0)
      .map((write) => ({ target, write })),
  );
  // A few reads per slot at a time: thousands queued at once would time out waiting for one.
  const found = await mapLimit(
    checks,
    2 * client.concurrency,
    async ({ target, write: { area, desired } }): Promise<NotConverged | null> => {
      const { value } = await area.read({ client, app: target.id, copy: 'live', downloadHash });
      const changes = area.diff(resolvePlaceholders(desired, resolveApp), value);
      return changes.length === 0 ? null : { app: target.key, area: area.key, changes: changes.length };
    },
  );
  return found.filter((c): c is NotConverged => c !== null);
}
