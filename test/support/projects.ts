/**
 * Projects for tests: written to temp folders (or copied from examples/), with a `test`
 * environment at the test's local service as their default, and loaded as the CLI would.
 */
import { cp, mkdtemp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { parseDocument } from 'yaml';
import { validateProject, type Project } from '../../src/project/index.js';
import { ADMIN } from './users.js';

/** A project in a temp folder: `files` maps relative paths to their text. */
export async function writeProject(
  files: Record<string, string>,
  prefix = 'appdeploy-plan-',
): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), prefix));
  for (const [path, text] of Object.entries(files)) {
    await mkdir(dirname(join(root, path)), { recursive: true });
    await writeFile(join(root, path), text);
  }
  return root;
}

export async function removeProject(root: string): Promise<void> {
  await rm(root, { recursive: true, force: true });
}

/** appdeploy.yaml with one environment `test` at the service, and the apps given (key -> id or null). */
export function projectFile(url: string, apps: Record<string, string | null>): string {
  const lines = [
    'environments:',
    '  test:',
    `    baseUrl: ${url}`,
    '    auth: { login: admin, password: admin }',
    'defaultEnvironment: test',
    'apps:',
  ];
  for (const [key, id] of Object.entries(apps)) {
    lines.push(`  ${key}:`, `    manifest: apps/${key}.yaml`);
    if (id !== null) lines.push(`    ids: { test: ${id} }`);
  }
  return `${lines.join('\n')}\n`;
}

/** The project, loaded for its default environment; throws with the problems when it is not valid. */
export async function loadValid(root: string): Promise<Project> {
  const result = await validateProject({ cwd: root, dir: root, variables: {} });
  if (!result.project)
    throw new Error(result.problems.map((p) => `${p.file}:${p.line}: ${p.message}`).join('\n'));
  return result.project;
}

/** Points a project file at the test service: a `test` environment, made the default. */
export function withTestEnvironment(text: string, url: string): string {
  const doc = parseDocument(text);
  doc.setIn(['environments', 'test'], { baseUrl: url, auth: ADMIN });
  doc.set('defaultEnvironment', 'test');
  return doc.toString();
}

/** An example of examples/ copied to a temp folder (its plug-in packages come along), pointed at the service. */
export async function copyExample(name: string, url: string, prefix = 'appdeploy-plan-'): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), prefix));
  await cp(new URL(`../../examples/${name}/`, import.meta.url), root, { recursive: true });
  const config = join(root, 'appdeploy.yaml');
  await writeFile(config, withTestEnvironment(await readFile(config, 'utf8'), url));
  return root;
}
