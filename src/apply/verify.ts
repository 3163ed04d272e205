/**
 * After a successful deploy, apply checks its own promise: a fresh read of each written area's
 * live copy must not differ from what the manifest asked for, so that the next plan is empty.
 * An area that differs is appdeploy's bug (an area's write and read disagree), not the user's.
 */
import type { Client } from '../client/index.js';
import { mapLimit } from '../plan/map-limit.js';
import { downloadHasher } from '../plan/read.js';
import { resolvePlaceholders } from './placeholders.js';
import type { AreaWrite } from './write-app.js';

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
  const checks = targets.flatMap((target) => target.areas.map((write) => ({ target, write })));
  // A few reads at a time: thousands queued at once would time out waiting for a connection.
  const found = await mapLimit(
    checks,
    16,
    async ({ target, write: { area, desired } }): Promise<NotConverged | null> => {
      const { value } = await area.read({ client, app: target.id, copy: 'live', downloadHash });
      const changes = area.diff(resolvePlaceholders(desired, resolveApp), value);
      return changes.length === 0 ? null : { app: target.key, area: area.key, changes: changes.length };
    },
  );
  return found.filter((c): c is NotConverged => c !== null);
}
