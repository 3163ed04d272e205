/**
 * A project as a team starting from apps it already has gets one: an example applied to a fresh
 * local service through the built CLI, then exported with `export --all` into a new folder whose
 * appdeploy.yaml names only the local environment (the service's data copied along).
 */
import { cp, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect } from 'vitest';
import { appdeploy, ROOT } from '../support/cli.js';

/** The exported project's folder, made inside `dir`. */
export async function exportedProject(example: string, dir: string): Promise<string> {
  const source = join(dir, 'source');
  await cp(join(ROOT, 'examples', example), source, {
    recursive: true,
    filter: (p) => !p.includes('.appdeploy'),
  });
  const applied = await appdeploy(['apply', '--yes'], source);
  expect(applied.code, applied.stderr).toBe(0);
  const target = join(dir, 'exported');
  await mkdir(target);
  await cp(join(source, '.appdeploy'), join(target, '.appdeploy'), { recursive: true });
  await writeFile(join(target, 'appdeploy.yaml'), 'environments:\n  local: {}\n');
  const exported = await appdeploy(['export', '--all'], target);
  expect(exported.code, exported.stderr).toBe(0);
  return target;
}
