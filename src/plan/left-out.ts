/**
 * The plan's notes of what an environment's user, group and organization maps leave out
 * (src/project/principal-maps.ts does the leaving out): each with its place in the manifest.
 */
import type { AreaKey } from '../areas/types.js';
import type { LeftOutPrincipal, ProjectApp } from '../project/index.js';
import { formatPath } from '../project/index.js';
import type { LeftOutNote } from './types.js';

export function leftOutNotes(
  app: Pick<ProjectApp, 'source'>,
  leftOut: readonly LeftOutPrincipal[],
): LeftOutNote[] {
  return leftOut.map((l) => {
    const at = app.source.locate(l.path);
    return {
      area: l.area as AreaKey,
      path: formatPath(l.path),
      location: `${at.file}:${at.line}:${at.col}`,
      item: l.item,
      kind: l.kind,
      code: l.code,
    };
  });
}
