import type { ProjectConfig } from '../manifest.js';
import { PRINCIPAL_KINDS } from '../principal-maps.js';
import { formatPath, problem, type Problem } from '../problems.js';
import type { YamlSource } from '../yaml-source.js';

/**
 * The user, group and organization maps of appdeploy.yaml beyond their schema: two codes of the
 * manifests mapped to one code of an environment would make export unable to tell which one the
 * service's code stands for (and the two would be one person there), so each environment's map
 * of each kind is one-to-one. Null entries (left out) may repeat.
 */
export function checkPrincipalMaps(
  environments: ProjectConfig['environments'] | undefined,
  source: YamlSource,
): Problem[] {
  const problems: Problem[] = [];
  for (const [env, config] of Object.entries(environments ?? {})) {
    for (const kind of PRINCIPAL_KINDS) {
      const firstFor = new Map<string, string>();
      for (const [from, to] of Object.entries(config[kind] ?? {})) {
        if (typeof to !== 'string') continue;
        const first = firstFor.get(to);
        if (first === undefined) {
          firstFor.set(to, from);
          continue;
        }
        const path = ['environments', env, kind, from];
        problems.push(
          problem(
            'PROJECT.PRINCIPAL_MAP',
            `${formatPath(path)}: "${from}" and "${first}" are both mapped to "${to}" in environment "${env}"`,
            source.locate(path),
            {
              hint: `Map each code to its own ${kind.slice(0, -1)}; export could not tell which of the two "${to}" stands for. Map one of them to null to leave it out there.`,
              path,
            },
          ),
        );
      }
    }
  }
  return problems;
}
