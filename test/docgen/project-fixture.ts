/** Small projects for the generator's tests: manifests as literals, no files. */
import type { DocApp, DocProject } from '../../src/docgen/index.js';
import type { AppManifest } from '../../src/project/index.js';

export function docApp(key: string, manifest: Partial<AppManifest>, scripts: DocApp['scripts'] = []): DocApp {
  return { key, manifestFile: `apps/${key}.yaml`, manifest: { name: key, ...manifest }, ids: {}, scripts };
}

export const docProject = (...apps: DocApp[]): DocProject => ({ apps });
