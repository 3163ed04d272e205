/**
 * What an environment's maps leave out (`organizations: { hq: ~ }`: a rule, recipient, assignee
 * or default value naming hq) is not on that environment's service, yet it is the manifest's: the
 * other environments have it (README, "Promoting a project through environments"). Export reads
 * the service, which lacks it, so it puts each such item of the existing manifest back into the
 * value read, at its place in its list: the manifest keeps it, export does not count it as a
 * difference, and a plan of the result is still empty (plan leaves it out again).
 */
import { isDeepStrictEqual } from 'node:util';
import type { Area, Json, ResolveContext } from '../areas/types.js';
import { leftOutItems, type PrincipalMaps } from '../project/index.js';
import type { AppManifest } from '../project/manifest.js';
import { getIn } from './merge.js';

/** `current` (read from the service, the manifest's codes) with the manifest's left-out items put back. */
export function keepLeftOut(
  area: Area,
  current: Json,
  manifest: unknown,
  ctx: ResolveContext,
  maps: PrincipalMaps | undefined,
): Json {
  const items = leftOutItems(area.key, desiredOf(area, manifest, ctx), maps);
  if (items.length === 0) return current;
  const out = structuredClone(current);
  // In list order, each at its index: the list the service has is the manifest's without them.
  for (const { path, item } of items) {
    const index = path.at(-1);
    const list = getIn(out, path.slice(0, -1));
    if (typeof index !== 'number' || !Array.isArray(list)) continue;
    if (list.some((kept) => isDeepStrictEqual(kept, item))) continue;
    list.splice(Math.min(index, list.length), 0, item as Json);
  }
  return out;
}

/** The area's canonical value of the manifest as written (no map applied); undefined if it has none or cannot be read. */
function desiredOf(area: Area, manifest: unknown, ctx: ResolveContext): Json | undefined {
  if (manifest === null || typeof manifest !== 'object' || Array.isArray(manifest)) return undefined;
  try {
    return area.fromManifest(manifest as AppManifest, ctx);
  } catch {
    return undefined;
  }
}
