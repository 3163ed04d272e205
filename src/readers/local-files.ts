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
      const { sha256 } = await readHashed(absolutePath, path, 'it is relative to the manifest');
      files.set(path, { path, absolutePath, sha256 });
    }),
  );
  return files;
}

/**
 * A file the project names, read whole and hashed: for comparing by content, and for apply to see
 * that nothing changed since the plan. Unreadable, it is FILE.UNREADABLE at `path` (as the project
 * writes it), with `relativeTo` saying what that path is relative to.
 */
export async function readHashed(
  absolutePath: string,
  path: string,
  relativeTo: string,
): Promise<{ data: Buffer; sha256: string }> {
  let data: Buffer;
  try {
    data = await readFile(absolutePath);
  } catch (error) {
    throw new AppdeployError('FILE.UNREADABLE', `${path}: cannot read ${absolutePath}`, {
      hint: `Check the path (${relativeTo}), or run \`npx appdeploy validate\`.`,
      cause: error,
    });
  }
  return { data, sha256: createHash('sha256').update(data).digest('hex') };
}

function collect(value: unknown, into: Set<string>): void {
  if (Array.isArray(value)) for (const item of value) collect(item, into);
  else if (value && typeof value === 'object') {
    const o = value as Record<string, unknown>;
    if (o.type === 'FILE' && typeof o.path === 'string') into.add(o.path);
    for (const inner of Object.values(o)) collect(inner, into);
  }
}
