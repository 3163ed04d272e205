import type { ProjectConfig } from '../manifest.js';
import { FILTER_PLACES, mapFilter, principalFields } from '../principal-filters.js';
import {
  PRINCIPAL_KINDS,
  principalReferences,
  type NamedPrincipal,
  type PrincipalKind,
} from '../principal-maps.js';
import { formatPath, problem, type Problem } from '../problems.js';
import type { Location } from '../yaml-location.js';
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
 * name the code it takes; only codes the project names count (a map may rename alice to a login
 * no manifest uses): in a manifest's entities and filters, and in record files, which seed maps
 * and export --records maps back alike.
 */
export function checkMergedPrincipals(
  environments: ProjectConfig['environments'] | undefined,
  source: YamlSource,
  named: readonly NamedPrincipal[],
): Problem[] {
  const first = firstNamed(named);
  const inFilters = firstNamed(named.filter((n) => n.inFilter === true));
  const problems: Problem[] = [];
  for (const [env, config] of Object.entries(environments ?? {}))
    for (const kind of PRINCIPAL_KINDS) {
      const map = config[kind] ?? {};
      for (const [from, to] of Object.entries(map)) {
        if (typeof to !== 'string' || to === from) continue;
        // No entry: the code stays itself everywhere. Mapped to null: a filter keeps it as written
        // (principal-filters.ts), where it then means the same as `from` mapped.
        const unmapped = !Object.hasOwn(map, to);
        const named = unmapped ? first[kind].get(to) : map[to] === null ? inFilters[kind].get(to) : undefined;
        if (named === undefined) continue;
        const where = named();
        const kept = unmapped
          ? `which keeps its code in environment "${env}" (no entry for "${to}")`
          : `which a filter keeps as written in environment "${env}" ("${to}" is mapped to null)`;
        const path = ['environments', env, kind, from];
        const what = kind.slice(0, -1);
        problems.push(
          problem(
            'PROJECT.PRINCIPAL_MAP',
            `${formatPath(path)}: "${from}" is mapped to "${to}", a ${what} the project names as well (${where.file}:${where.line}:${where.col}), ${kept}: both would be "${to}" there`,
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

/** Per kind, each code named, with the first place naming it. */
function firstNamed(named: readonly NamedPrincipal[]): Record<PrincipalKind, Map<string, () => Location>> {
  const first: Record<PrincipalKind, Map<string, () => Location>> = {
    users: new Map(),
    groups: new Map(),
    organizations: new Map(),
  };
  for (const { kind, code, at } of named) if (!first[kind].has(code)) first[kind].set(code, at);
  return first;
}

/**
 * Every user, group and organization a manifest names: its entities (PRINCIPAL_PLACES), and the
 * values its own filters compare with user, group and organization fields (principal-filters.ts),
 * each located at its filter.
 */
export function manifestPrincipals(app: CheckedApp): NamedPrincipal[] {
  const found: NamedPrincipal[] = principalReferences(app.manifest, undefined).map((ref) => ({
    kind: ref.kind,
    code: ref.code,
    at: () => app.source.locate([...ref.path, 'code']),
  }));
  const fields = principalFields(app.manifest.fields);
  for (const place of FILTER_PLACES)
    filtersAt(app.manifest, [...place.root, ...place.at], [], (filter, path) =>
      mapFilter(filter, fields, (kind, code) => {
        found.push({ kind, code, at: () => app.source.locate(path), inFilter: true });
        return null;
      }),
    );
  return found;
}

/** Calls `visit` on each filter string at `at` (`*`: every entry of a map or list), with its path. */
function filtersAt(
  value: unknown,
  at: readonly string[],
  path: (string | number)[],
  visit: (filter: string, path: (string | number)[]) => void,
): void {
  const [step, ...rest] = at;
  if (step === undefined) {
    if (typeof value === 'string') visit(value, path);
    return;
  }
  if (value === null || typeof value !== 'object') return;
  if (step !== '*') {
    if (!Array.isArray(value))
      filtersAt((value as Record<string, unknown>)[step], rest, [...path, step], visit);
    return;
  }
  const entries: [string | number, unknown][] = Array.isArray(value)
    ? value.map((item, i) => [i, item])
    : Object.entries(value);
  for (const [key, inner] of entries) filtersAt(inner, rest, [...path, key], visit);
}
