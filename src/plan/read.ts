/**
 * The reader that gathers what the planner compares: the draft and live copy of every area of
 * an app (managed or not, so a pending draft anywhere is found). The client keeps the number of
 * calls in flight within its limit.
 *
 * Half the reads are skipped for an app with no pending draft. The app has one settings revision
 * counter: every preview write raises it, a deploy does not; a draft GET answers the current
 * counter and a live GET the revision that was deployed (platform-facts.md, "Revisions"; the
 * deploy page on cybozu.dev: `revert: true` makes the pre-live settings equal to live). So when
 * the live revision equals the draft revision, nothing was written since the deploy: each live
 * copy is its draft copy and is not read. Every draft is read together with one live copy (the
 * first area's), which gives the live revision; the other live copies are read only when the
 * revisions differ (a pending draft, or a revert, which raises the counter without a change).
 */
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

type Copy = { value: Json; revision: string };

export async function readAppState(
  client: Client,
  app: string,
  areas: readonly Area[],
  downloadHash: (fileKey: string) => Promise<string>,
): Promise<AppState> {
  const readCopy = async (area: Area, copy: 'draft' | 'live'): Promise<Copy | null> => {
    try {
      return await area.read({ client, app, copy, downloadHash });
    } catch (error) {
      if (copy === 'live' && error instanceof ServiceError && error.code === 'GAIA_AP01') return null;
      throw error;
    }
  };
  const [first, ...rest] = areas;
  const [drafts, firstLive] = await Promise.all([
    Promise.all(areas.map(async (area) => (await readCopy(area, 'draft'))!)),
    first ? readCopy(first, 'live') : Promise.resolve(null),
  ]);
  // Every draft read answers the app's one settings counter.
  const draftRevision = maxRevision(drafts.map((d) => d.revision));
  // An app never deployed answers GAIA_AP01 to every live read: one says so for all.
  const deployed = firstLive !== null;
  let lives: (Copy | null)[];
  if (!deployed) lives = areas.map(() => null);
  else if (firstLive.revision === draftRevision) lives = [firstLive, ...drafts.slice(1)];
  else lives = [firstLive, ...(await Promise.all(rest.map((area) => readCopy(area, 'live'))))];
  const states = new Map<AreaKey, AreaState>();
  areas.forEach((area, i) =>
    states.set(area.key, { draft: drafts[i]!.value, live: lives[i]?.value ?? null }),
  );
  const live = lives.filter((l) => l !== null);
  const everyLive = deployed && live.length === lives.length;
  const liveRevision = everyLive ? maxRevision(live.map((l) => l.revision)) : '';
  return { revisions: { draft: draftRevision, live: liveRevision }, areas: states, deployed: everyLive };
}

function maxRevision(revisions: string[]): string {
  let max = -Infinity;
  for (const revision of revisions) {
    const n = Number(revision);
    if (Number.isFinite(n) && n > max) max = n;
  }
  return String(max);
}
