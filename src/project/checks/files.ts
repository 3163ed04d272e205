import { stat } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import type { GeneratedResource, LocalFile, ResourceSetting } from '../manifest.js';
import type { PathSegment } from '../problems.js';
import type { CheckContext } from './context.js';

/** Files named by `path:` (icon, JavaScript, CSS) exist beside the manifest. */
export async function checkFiles(ctx: CheckContext): Promise<void> {
  const named: { file: LocalFile; path: PathSegment[] }[] = [];
  const { icon, customize } = ctx.manifest;
  if (icon?.type === 'FILE') named.push({ file: icon, path: ['icon', 'path'] });
  for (const device of ['desktop', 'mobile'] as const)
    for (const kind of ['js', 'css'] as const)
      (customize?.[device]?.[kind] ?? []).forEach((resource: ResourceSetting | GeneratedResource, i) => {
        if ('type' in resource && resource.type === 'FILE')
          named.push({ file: resource, path: ['customize', device, kind, i, 'path'] });
      });
  const base = dirname(ctx.app.source.path);
  await Promise.all(
    named.map(async ({ file, path }) => {
      const full = resolve(base, file.path);
      const info = await stat(full).catch(() => null);
      if (info?.isFile()) return;
      ctx.report('FILE.NOT_FOUND', `file "${file.path}" ${info ? 'is not a file' : 'does not exist'}`, path, {
        hint: 'Paths are relative to the folder of the manifest.',
      });
    }),
  );
}
