/**
 * `appdeploy types`: the manifests as TypeScript, one module per app. Pure: a project in, the
 * files' names and text out; the command writes or compares them.
 */
import { relative, sep } from 'node:path';
import type { Project } from '../project/index.js';
import { appModule } from './app-module.js';

export { appModule, GENERATED_HEADER, type AppTypesInput } from './app-module.js';

export interface GeneratedFile {
  /** Relative to the output folder. */
  name: string;
  text: string;
}

/** One `<app key>.ts` per app of the project, in the order of appdeploy.yaml. */
export function generateTypes(project: Project): GeneratedFile[] {
  return project.apps.map((app) => ({
    name: `${app.key}.ts`,
    text: appModule({
      key: app.key,
      manifestFile: relative(project.root, app.manifestPath).split(sep).join('/'),
      manifest: app.manifest,
      ids: app.ids,
      locale: project.environment.locale,
    }),
  }));
}
