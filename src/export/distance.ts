/**
 * How far a manifest is from what the service holds, as the areas measure it: the number of
 * differences their own diff finds (an attribute of an item counts once, an item added or
 * removed once). Zero means a plan of that manifest shows no change. The merge of an existing
 * manifest keeps an edit only when it lowers this number.
 */
import type { Area, Change, Json, ResolveContext } from '../areas/types.js';
import type { AppManifest } from '../project/manifest.js';
import type { AreaPart } from './build-manifest.js';

/** An area the manifest leaves out, or cannot be read into: far from anything. */
const UNMANAGED = 1_000_000;

export function changeWeight(changes: readonly Change[]): number {
  return changes.reduce((n, c) => n + ('details' in c && c.details.length > 0 ? c.details.length : 1), 0);
}

/** The distance of one area of a manifest from the area's current value. */
export function areaDistance(area: Area, current: Json, manifest: object, ctx: ResolveContext): number {
  let desired: Json | undefined;
  try {
    desired = area.fromManifest(manifest as AppManifest, ctx);
  } catch {
    return UNMANAGED;
  }
  return desired === undefined ? UNMANAGED : changeWeight(area.diff(desired, current));
}

/** The distance of the areas that own a top-level key (whose part has that key). */
export function distanceFor(
  parts: readonly AreaPart[],
  ctx: ResolveContext,
): (manifest: object, topKey: string) => number {
  return (manifest, topKey) =>
    parts
      .filter(({ part }) => topKey in part)
      .reduce((n, { area, current }) => n + areaDistance(area, current, manifest, ctx), 0);
}

/** The differences of an area between a manifest and the service, as `path: before -> after`. */
export function differences(area: Area, current: Json, manifest: object, ctx: ResolveContext): string[] {
  let desired: Json | undefined;
  try {
    desired = area.fromManifest(manifest as AppManifest, ctx);
  } catch (error) {
    return [`cannot be read back: ${(error as Error).message}`];
  }
  if (desired === undefined) return ['left out'];
  return area.diff(desired, current).map((c) => `${c.action} ${c.path.join('.') || '(all)'}`);
}
