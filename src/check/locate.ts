/**
 * Where a refused request's value is in the manifest: the request's path says the settings
 * area, the service's `errors` keys say the part of the body (`properties.price.lookup...`,
 * `rights[2].entities[0]...`), which follow the manifest's own shapes (DESIGN.md: the manifest
 * follows the service's shapes, field codes as keys), so the path in the manifest is the area's
 * place plus that key with the body's wrapper left out.
 */
import { settingsEndpointAt, type SettingsCatalogue } from '../platform/index.js';
import type { Path, ProjectApp } from '../project/index.js';

interface AreaPlace {
  area: string;
  /** Where the area is in a manifest ([] for the general settings, which sit at its top). */
  manifest: readonly string[];
  /** The body's key that wraps the area's content (dropped from an errors key). */
  wrapper: string | null;
}

/**
 * The area a request path writes, or null (apps, deploys, plug-ins of the service): the catalogue
 * of settings endpoints (the platform's, or `catalogue` with entries added beside them) says where
 * each sits in a manifest and which body key wraps its content.
 */
export function areaOfPath(path: string | undefined, catalogue?: SettingsCatalogue): AreaPlace | null {
  const tail = (path ?? '').replace(/^\/k\/(guest\/\d+\/)?v1\//, '');
  const entry = settingsEndpointAt(tail, catalogue);
  return entry === undefined ? null : { area: entry.key, manifest: entry.manifest, wrapper: entry.bodyKey };
}

/** `file:line:col` of what the errors point at in the app's manifest (the area when they point nowhere). */
export function locateRefusal(
  app: ProjectApp,
  place: AreaPlace | null,
  errors: Record<string, unknown> | undefined,
  body: unknown,
): string {
  const base: Path = place?.manifest ?? [];
  const first = Object.keys(errors ?? {})[0];
  const rest = first === undefined ? [] : manifestNames(errorKeyPath(first), body);
  const inner = place?.wrapper !== null && rest[0] === place?.wrapper ? rest.slice(1) : rest;
  // locate() answers the nearest part that exists: the value, else its closest parent.
  const at = app.source.locate([...base, ...inner]);
  return `${at.file}:${at.line}:${at.col}`;
}

/** `rights[2].entities[0].entity.code` -> ['rights', 2, 'entities', 0, 'entity', 'code']. */
function errorKeyPath(key: string): Path {
  return key
    .split('.')
    .flatMap((part) => {
      const match = /^([^[]*)((?:\[\d+\])*)$/.exec(part);
      if (!match) return [part];
      const indexes = [...(match[2] ?? '').matchAll(/\[(\d+)\]/g)].map((m) => Number(m[1]));
      return [...(match[1] ? [match[1]] : []), ...indexes];
    })
    .filter((segment) => segment !== '');
}

/**
 * The errors' key names an item by the key it was sent under, which for a renamed status is its
 * name before (apply renames in place: `states: {"Not started": {name: "Open"}}`); the manifest
 * names it by its new `name`.
 */
function manifestNames(path: Path, body: unknown): Path {
  let node: unknown = body;
  return path.map((segment) => {
    const inner: unknown =
      node !== null && typeof node === 'object'
        ? (node as Record<string | number, unknown>)[segment]
        : undefined;
    node = inner;
    const named = (inner as { name?: unknown } | null | undefined)?.name;
    return typeof segment === 'string' && typeof named === 'string' ? named : segment;
  });
}
