/**
 * A temp project of one app, `a` (apps/a.yaml, named A), whose appdeploy.yaml holds the
 * `environments` given as YAML lines (each indented under the key). The caller removes it.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export function oneAppProject(prefix: string, environments: string[]): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  mkdirSync(join(dir, 'apps'));
  writeFileSync(join(dir, 'apps', 'a.yaml'), 'name: A\n');
  const config = ['environments:', ...environments, 'apps:', '  a: { manifest: apps/a.yaml }', ''];
  writeFileSync(join(dir, 'appdeploy.yaml'), config.join('\n'));
  return dir;
}
