import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { ProjectApp } from './load.js';

/** A customization JavaScript file as a manifest names it, with its text (null when unreadable). */
export interface ProjectScript {
  /** As the manifest names it (`path:`, relative to the manifest's folder). */
  path: string;
  text: string | null;
}

/**
 * The customization's JavaScript files (`type: FILE`, desktop then mobile, each once), read
 * relative to the manifest's folder: what the where-used index searches for field codes. A file
 * that cannot be read is null, not an error: validate and plan report missing files themselves.
 */
export async function readScripts(
  app: Pick<ProjectApp, 'manifest' | 'manifestPath'>,
): Promise<ProjectScript[]> {
  const c = app.manifest.customize;
  const files = [...(c?.desktop?.js ?? []), ...(c?.mobile?.js ?? [])].flatMap((r) =>
    'type' in r && r.type === 'FILE' ? [r.path] : [],
  );
  return Promise.all(
    [...new Set(files)].map(async (path) => ({
      path,
      text: await readFile(join(dirname(app.manifestPath), path), 'utf8').catch(() => null),
    })),
  );
}
