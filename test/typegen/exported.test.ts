/**
 * `appdeploy types` on a project exported from the local service, as a team starting from apps
 * they already have would run it: an example applied, exported into a new project through the
 * built CLI, then `types`. The modules name the same field codes, options and statuses as those
 * of the example itself, and a program using them with the official client compiles.
 */
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appdeploy, tempDir } from '../support/cli.js';
import { exportedProject } from '../first-run/exported-project.js';
import { loadProject } from '../../src/project/index.js';
import { compileErrors } from './compile.js';
import { exampleModules } from './examples.js';
import { goodSample } from './samples.js';

const EXAMPLE = 'helpdesk';
let dir = '';
let target = '';

beforeAll(async () => {
  dir = await tempDir('types-exported');
  target = await exportedProject(EXAMPLE, dir);
}, 180_000);

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** The members of an exported type alias, as the module lists them. */
function unionOf(text: string, name: string): string[] {
  const match = new RegExp(`export type ${name} =([^;]*);`).exec(text);
  return (match?.[1] ?? '')
    .split('|')
    .map((m) => m.trim())
    .filter(Boolean)
    .sort();
}

describe('appdeploy types on an exported project', () => {
  it('writes the modules, which --check then finds up to date', async () => {
    const run = await appdeploy(['types'], target);
    expect(run.code, run.stderr).toBe(0);
    expect((await appdeploy(['types', '--check'], target)).code).toBe(0);
  });

  it('names the same field codes, options, statuses and actions as the example', async () => {
    // Export names the apps its own way: the example's apps and the exported ones, in order.
    const { files } = await exampleModules(EXAMPLE);
    const project = await loadProject({ cwd: target, dir: target, variables: {} });
    expect(project.apps).toHaveLength(files.length);
    for (const [i, file] of files.entries()) {
      const exported = await readFile(join(target, 'types', `${project.apps[i]?.key}.ts`), 'utf8');
      for (const name of ['FieldCode', 'Status', 'Action'])
        expect(unionOf(exported, name), `${file.name} ${name}`).toEqual(unionOf(file.text, name));
      const options = (text: string) => /export type Options = \{([^}]*)\};/.exec(text)?.[1];
      expect(options(exported)).toBe(options(file.text));
    }
  });

  it('a program reading, updating and adding its records with the official client compiles', async () => {
    const project = await loadProject({ cwd: target, dir: target, variables: {} });
    const paths: string[] = [];
    for (const app of project.apps) {
      const path = join(target, `${app.key}.sample.ts`);
      await writeFile(path, goodSample(app, `./types/${app.key}.js`));
      paths.push(path);
    }
    const errors = compileErrors(paths);
    for (const path of paths) expect(errors.get(path), path).toEqual([]);
  });
});
