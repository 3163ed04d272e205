import type { ProjectConfig } from '../manifest.js';
import { PRINCIPAL_KINDS, principalReferences, type PrincipalKind } from '../principal-maps.js';
import { formatPath, problem, type Problem } from '../problems.js';
import type { YamlSource } from '../yaml-source.js';
import type { CheckedApp } from './context.js';

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

/**
 * The other way two codes become one: a code the manifests name keeps its code in an environment
 * whose map has no entry for it (README, "Promoting a project through environments": "A code
 * without an entry is kept as it is"), and another entry maps a second code to that same code
 * (`users: { alice: bob }` while the manifests name bob too). Apply would write both as bob, and
 * export would give bob back as alice. Reported at the map's entry, naming where the manifests
 * name the code it takes; only codes the manifests name count (a map may rename alice to a login
 * no manifest uses).
 */
export function checkMergedPrincipals(
  environments: ProjectConfig['environments'] | undefined,
  source: YamlSource,
  apps: readonly CheckedApp[],
): Problem[] {
  const named = namedCodes(apps);
  const problems: Problem[] = [];
  for (const [env, config] of Object.entries(environments ?? {}))
    for (const kind of PRINCIPAL_KINDS) {
      const map = config[kind] ?? {};
      for (const [from, to] of Object.entries(map)) {
        const where =
          typeof to === 'string' && to !== from && !Object.hasOwn(map, to) ? named[kind].get(to) : undefined;
        if (where === undefined) continue;
        const path = ['environments', env, kind, from];
        const what = kind.slice(0, -1);
        problems.push(
          problem(
            'PROJECT.PRINCIPAL_MAP',
            `${formatPath(path)}: "${from}" is mapped to "${to}", a ${what} the manifests name as well (${where.file}:${where.line}:${where.col}), which keeps its code in environment "${env}" (no entry for "${to}"): both would be "${to}" there`,
            source.locate(path),
            {
              hint: `Give "${to}" an entry of its own in environments.${env}.${kind} (its ${what} there, or null to leave it out there); export could not tell which of the two "${to}" stands for.`,
              path,
            },
          ),
        );
      }
    }
  return problems;
}

/** Per kind, each code the manifests name, with the first place naming it. */
function namedCodes(
  apps: readonly CheckedApp[],
): Record<PrincipalKind, Map<string, { file: string; line: number; col: number }>> {
  const named = { users: new Map(), groups: new Map(), organizations: new Map() } as Record<
    PrincipalKind,
    Map<string, { file: string; line: number; col: number }>
  >;
  for (const app of apps)
    for (const ref of principalReferences(app.manifest, undefined))
      if (!named[ref.kind].has(ref.code))
        named[ref.kind].set(ref.code, app.source.locate([...ref.path, 'code']));
  return named;
}
