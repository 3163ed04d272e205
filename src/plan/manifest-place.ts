/**
 * Where a path of an area's value, as the plan has it for an environment, stands in the app's
 * manifest. An environment's maps leave items out (`users: { alice: ~ }`: the rule naming alice),
 * so the value is the manifest's without them, and an index in one of its lists counts only the
 * items kept: the second rule the service gets may be the manifest's third. Also the code the
 * manifest writes where the value has the environment's (`bob` for staging's `carol`).
 */
import type { AreaKey } from '../areas/types.js';
import { resolvePrincipals, type PrincipalMaps } from '../project/index.js';
import type { AppManifest } from '../project/manifest.js';
import { manifestPath } from './directory-refs.js';

export type ManifestPlace = (
  area: AreaKey,
  path: readonly (string | number)[],
) => { path: (string | number)[]; value: unknown };

export function manifestPlaces(manifest: AppManifest, maps: PrincipalMaps | undefined): ManifestPlace {
  const leftOut = resolvePrincipals(manifest, maps).leftOut.map((l) => l.path);
  return (area, path) => {
    const out: (string | number)[] = [];
    for (const step of manifestPath(area, path)) out.push(typeof step === 'number' ? kept(out, step) : step);
    return { path: out, value: valueAt(manifest, out) };
  };

  /** The index in the manifest's list at `list` of the `n`th item the environment keeps (from 0). */
  function kept(list: readonly (string | number)[], n: number): number {
    const skipped = new Set(
      leftOut
        .filter((p) => p.length === list.length + 1 && list.every((step, i) => p[i] === step))
        .map((p) => p.at(-1)),
    );
    let index = -1;
    for (let seen = -1; seen < n;) if (!skipped.has(++index)) seen++;
    return index;
  }
}

function valueAt(value: unknown, path: readonly (string | number)[]): unknown {
  let inner = value;
  for (const step of path) inner = (inner as Record<string | number, unknown> | null | undefined)?.[step];
  return inner;
}
