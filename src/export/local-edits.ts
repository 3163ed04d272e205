/**
 * Export never discards a local edit silently. Export cannot tell an edit made to the manifest
 * (or to a file it names) and not applied yet from a change made on the service since: both are
 * a manifest that differs from the service. So where updating a manifest would change what one
 * of its areas says (as the area itself reads it: its own diff), export names those areas and
 * refuses that app unless it is forced.
 */
import type { Area, AreaKey, Json, ResolveContext } from '../areas/types.js';
import type { AppManifest } from '../project/manifest.js';
import { AppdeployError } from '../errors.js';
import type { AreaPart } from './build-manifest.js';
import { changeWeight } from './distance.js';

/**
 * The areas whose meaning differs between the manifest as it is (`before`, its files as they
 * are on disk: `beforeCtx`) and as export would write it (`after`, with the files it downloads).
 */
export function rewrittenAreas(
  managed: readonly AreaPart[],
  before: object,
  beforeCtx: ResolveContext,
  after: object,
  afterCtx: ResolveContext,
): AreaKey[] {
  return managed
    .filter(({ area }) => {
      const was = read(area, before, beforeCtx);
      const will = read(area, after, afterCtx);
      if ('error' in was || 'error' in will) return JSON.stringify(was) !== JSON.stringify(will);
      try {
        return changeWeight(area.diff(will.value, was.value)) > 0;
      } catch {
        return JSON.stringify(was) !== JSON.stringify(will);
      }
    })
    .map(({ area }) => area.key);
}

function read(area: Area, manifest: object, ctx: ResolveContext): { value: Json } | { error: string } {
  try {
    return { value: area.fromManifest(manifest as AppManifest, ctx) ?? null };
  } catch (error) {
    return { error: (error as Error).message };
  }
}

/** The refusal, for one app. */
export function localEditsError(
  manifest: string,
  areas: readonly AreaKey[],
  /** `npx appdeploy plan` with the flags that chose the project and environment (next-command.ts). */
  planCommand = 'npx appdeploy plan',
): AppdeployError {
  return new AppdeployError(
    'EXPORT.LOCAL_EDITS',
    `${manifest} differs from the service in ${areas.join(', ')}, which export would overwrite`,
    {
      hint:
        `If these are edits not applied yet, apply them first: \`${planCommand}\` shows them. To ` +
        "replace them with the service's settings, export again with --force.",
    },
  );
}
