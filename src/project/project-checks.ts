import { resolve } from 'node:path';
import type { ProjectConfig } from './manifest.js';
import { formatPath, problem, type Problem } from './problems.js';
import { didYouMean } from './suggest.js';
import type { YamlSource } from './yaml-source.js';

/**
 * appdeploy.yaml beyond its schema: ids only for defined environments, one app key per id in
 * each environment (two keys on one app would have apply write each manifest over the other),
 * one app per manifest.
 * Given the apps that passed the schema, and the names of the environments written (null when
 * `environments` is not a map, so they are not known).
 */
export function checkProjectConfig(
  environments: string[] | null,
  apps: NonNullable<ProjectConfig['apps']>,
  source: YamlSource,
  root: string,
): Problem[] {
  const problems: Problem[] = [];
  const manifests = new Map<string, string>();
  // Per environment, id -> the first app key that has it.
  const owners = new Map<string, string>();
  for (const [key, app] of Object.entries(apps)) {
    for (const [env, id] of Object.entries(app.ids ?? {})) {
      const owner = owners.get(`${env}\n${String(id)}`);
      if (owner === undefined) owners.set(`${env}\n${String(id)}`, key);
      else {
        const path = ['apps', key, 'ids', env];
        problems.push(
          problem(
            'PROJECT.DUPLICATE_ID',
            `${formatPath(path)}: id ${String(id)} is also the id of app "${owner}" in environment "${env}"`,
            source.locate(path),
            {
              hint: `Each app key names its own app: correct one of the two ids, or remove it to have apply create that app.`,
              path,
            },
          ),
        );
      }
      if (environments === null || environments.includes(env)) continue;
      const path = ['apps', key, 'ids', env];
      problems.push(
        problem(
          'PROJECT.ENVIRONMENT',
          `${formatPath(path)}: no environment "${env}"; defined: ${environments.join(', ')}`,
          source.locate(path, 'key'),
          {
            hint: [didYouMean(env, environments), 'Give ids only for environments under environments.']
              .filter(Boolean)
              .join(' '),
            path,
          },
        ),
      );
    }
    const manifest = resolve(root, app.manifest);
    const other = manifests.get(manifest);
    if (other !== undefined) {
      const path = ['apps', key, 'manifest'];
      problems.push(
        problem(
          'PROJECT.SHARED_MANIFEST',
          `${formatPath(path)}: apps "${other}" and "${key}" use the same manifest`,
          source.locate(path),
          {
            hint: 'Give each app its own manifest file.',
            path,
          },
        ),
      );
    } else manifests.set(manifest, key);
  }
  return problems;
}

/**
 * Environment names that differ only in case (`prod` and `Prod`): each environment keeps files of
 * its own under `.appdeploy/`, named by it (`apply-<env>.lock`, `apply-<env>.json`,
 * `backups/<env>/`), and on the file systems macOS and Windows use by default, which ignore case,
 * the two would share them: one environment's lock would stop the other's apply, its recovery
 * record would be read as the other's (status and the next apply acting on the wrong service's
 * drafts), and restore's check of a backup's folder would take one for the other. (docs/records.md
 * keeps attachment folders apart on those systems for the same reason.) Reported at the second.
 */
export function checkEnvironmentNames(environments: string[] | null, source: YamlSource): Problem[] {
  const first = new Map<string, string>();
  const problems: Problem[] = [];
  for (const name of environments ?? []) {
    const folded = name.toLowerCase();
    const other = first.get(folded);
    if (other === undefined) {
      first.set(folded, name);
      continue;
    }
    const path = ['environments', name];
    problems.push(
      problem(
        'PROJECT.ENVIRONMENT_CASE',
        `${formatPath(path)}: "${name}" and "${other}" differ only in case`,
        source.locate(path, 'key'),
        {
          hint: `Rename one of them: their files under .appdeploy/ (apply-${name}.lock, apply-${name}.json, backups/${name}/) would be the other's on macOS and Windows, whose file systems ignore case.`,
          path,
        },
      ),
    );
  }
  return problems;
}
