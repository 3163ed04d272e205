/**
 * Local files a manifest names (`{type: FILE, path}`: the icon, customization files), hashed
 * once, so areas compare them with the service's copies by content.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { AppdeployError } from '../errors.js';

export interface LocalFile {
  /** As the manifest writes it, relative to the manifest's folder. */
  path: string;
  absolutePath: string;
  sha256: string;
}

export async function hashLocalFiles(
  manifestPath: string,
  manifest: unknown,
): Promise<Map<string, LocalFile>> {
  const paths = new Set<string>();
  collect(manifest, paths);
  const files = new Map<string, LocalFile>();
  await Promise.all(
    [...paths].map(async (path) => {
      const absolutePath = resolve(dirname(manifestPath), path);
      let data: Buffer;
      try {
        data = await readFile(absolutePath);
      } catch (error) {
        throw new AppdeployError('FILE.UNREADABLE', `${path}: cannot read ${absolutePath}`, {
          hint: 'Check the path (it is relative to the manifest), or run `npx appdeploy validate`.',
          cause: error,
        });
      }
      files.set(path, { path, absolutePath, sha256: createHash('sha256').update(data).digest('hex') });
    }),
  );
  return files;
}

function collect(value: unknown, into: Set<string>): void {
  if (Array.isArray(value)) for (const item of value) collect(item, into);
  else if (value && typeof value === 'object') {
    const o = value as Record<string, unknown>;
    if (o.type === 'FILE' && typeof o.path === 'string') into.add(o.path);
    for (const inner of Object.values(o)) collect(inner, into);
  }
}
