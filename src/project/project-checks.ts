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
