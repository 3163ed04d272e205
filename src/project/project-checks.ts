import { resolve } from 'node:path';
import type { ProjectConfig } from './manifest.js';
import { formatPath, problem, type Problem } from './problems.js';
import type { YamlSource } from './yaml-source.js';

/**
 * appdeploy.yaml beyond its schema: ids only for defined environments, one app per manifest.
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
  for (const [key, app] of Object.entries(apps)) {
    for (const env of Object.keys(app.ids ?? {})) {
      if (environments === null || environments.includes(env)) continue;
      const path = ['apps', key, 'ids', env];
      problems.push(
        problem(
          'PROJECT.ENVIRONMENT',
          `${formatPath(path)}: no environment "${env}"; defined: ${environments.join(', ')}`,
          source.locate(path, 'key'),
          {
            hint: 'Give ids only for environments under environments.',
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
