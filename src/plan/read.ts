/**
 * The reader that gathers what the planner compares: the draft and live copy of every area of
 * an app (managed or not, so a pending draft anywhere is found), read concurrently; the client
 * keeps the number of calls in flight within its limit.
 */
import { createHash } from 'node:crypto';
import type { Client } from '../client/index.js';
import { ServiceError } from '../client/index.js';
import type { Area, AreaKey, Json } from '../areas/types.js';

export interface AreaState {
  draft: Json;
  /** Null when the app has never been deployed (live reads answer GAIA_AP01). */
  live: Json | null;
}

export interface AppState {
  revisions: { draft: string; live: string };
  areas: Map<AreaKey, AreaState>;
  /** False when the app exists only as a draft. */
  deployed: boolean;
}

/** Hashes of files the service holds, each downloaded once per run. */
export function downloadHasher(client: Client): (fileKey: string) => Promise<string> {
  const seen = new Map<string, Promise<string>>();
  return (fileKey) => {
    let hash = seen.get(fileKey);
    if (!hash) {
      hash = client.files
        .download({ fileKey })
        .then(({ data }) => createHash('sha256').update(data).digest('hex'));
      seen.set(fileKey, hash);
    }
    return hash;
  };
}

export async function readAppState(
  client: Client,
  app: string,
  areas: readonly Area[],
  downloadHash: (fileKey: string) => Promise<string>,
): Promise<AppState> {
  const readCopy = async (area: Area, copy: 'draft' | 'live') => {
    try {
      return await area.read({ client, app, copy, downloadHash });
    } catch (error) {
      if (copy === 'live' && error instanceof ServiceError && error.code === 'GAIA_AP01') return null;
      throw error;
    }
  };
  const read = await Promise.all(
    areas.map(async (area) => {
      const [draft, live] = await Promise.all([readCopy(area, 'draft'), readCopy(area, 'live')]);
      return { area, draft: draft!, live };
    }),
  );
  const states = new Map<AreaKey, AreaState>();
  for (const { area, draft, live } of read)
    states.set(area.key, { draft: draft.value, live: live?.value ?? null });
  const deployed = read.every((r) => r.live !== null);
  // Every draft read answers the app's one settings counter; live reads the one deployed.
  const draftRevision = maxRevision(read.map((r) => r.draft.revision));
  const liveRevision = deployed ? maxRevision(read.map((r) => r.live!.revision)) : '';
  return { revisions: { draft: draftRevision, live: liveRevision }, areas: states, deployed };
}

function maxRevision(revisions: string[]): string {
  return String(Math.max(...revisions.map(Number).filter((n) => Number.isFinite(n))));
}
