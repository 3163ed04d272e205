/**
 * The plan's notes of what an environment's user, group and organization maps leave out
 * (src/project/principal-maps.ts does the leaving out): each with its place in the manifest.
 */
import type { LeftOutPrincipal, ProjectApp } from '../project/index.js';
import { formatPath } from '../project/index.js';
import type { LeftOutNote } from './types.js';

export function leftOutNotes(
  app: Pick<ProjectApp, 'source'>,
  leftOut: readonly LeftOutPrincipal[],
): LeftOutNote[] {
  const located = leftOut.map((l) => ({ l, at: app.source.locate(l.path) }));
  // In the manifest's order, as a reader goes through it.
  located.sort((a, b) => a.at.line - b.at.line || a.at.col - b.at.col);
  return located.map(({ l, at }) => {
    return {
      area: l.area,
      path: formatPath(l.path),
      location: `${at.file}:${at.line}:${at.col}`,
      item: l.item,
      kind: l.kind,
      code: l.code,
    };
  });
}
