/** The examples' projects, loaded as `appdeploy types` loads them, and their generated modules. */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadProject, type Project } from '../../src/project/index.js';
import { generateTypes, type GeneratedFile } from '../../src/typegen/index.js';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** Every example project (examples/github-actions is a workflow, not a project). */
export const EXAMPLES = readdirSync(join(ROOT, 'examples')).filter((name) =>
  existsSync(join(ROOT, 'examples', name, 'appdeploy.yaml')),
);

export function loadExample(name: string): Promise<Project> {
  const dir = join(ROOT, 'examples', name);
  return loadProject({ cwd: dir, dir, variables: {} });
}

export async function exampleModules(name: string): Promise<{ project: Project; files: GeneratedFile[] }> {
  const project = await loadExample(name);
  return { project, files: generateTypes(project) };
}
