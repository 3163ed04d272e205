/**
 * Users, groups and organizations per environment (`environments.<name>.users|groups|organizations`
 * of appdeploy.yaml): a manifest names them by the codes of one domain, another domain knows them
 * by other codes, or not at all. Every place a manifest (and, as the same shape, an area's
 * canonical form) names one is listed once here, in PRINCIPAL_PLACES; resolving a manifest for an
 * environment maps each code, and leaves out the rule, recipient, assignee or default value whose
 * code maps to nothing (null); export maps the codes back. The values the app's own filters
 * compare with user, group and organization fields are mapped too (principal-filters.ts).
 *
 * Entities are `{type, code}`; the official client's Entity
 * (node_modules/@kintone/rest-api-client/lib/src/client/types/entity.d.ts) has exactly the types
 * USER, GROUP and ORGANIZATION, the ones mapped here. Settings also name FIELD_ENTITY, CREATOR and
 * (default values) FUNCTION entities: they name no one of the directory and are left alone.
 */
import type { AppManifest, EnvironmentConfig, PrincipalMap } from './manifest.js';
import type { Location } from './yaml-location.js';
import { FILTER_PLACES, mapFilter, mapFiltersAt, principalFields } from './principal-filters.js';

export type PrincipalKind = 'users' | 'groups' | 'organizations';

/** The entity types of the directory, by the map that renames them. */
const KIND_OF_TYPE: Readonly<Record<string, PrincipalKind>> = {
  USER: 'users',
  GROUP: 'groups',
  ORGANIZATION: 'organizations',
};

export const PRINCIPAL_KINDS: readonly PrincipalKind[] = ['users', 'groups', 'organizations'];

export interface PrincipalPlace {
  /** The settings area (its key in the area table). */
  area: string;
  /** Where the area's part of a manifest is. */
  root: readonly string[];
  /**
   * From there (and from the root of the area's canonical form, which has the same shape) to an
   * entity `{type, code}`; `*` is every item of a list or every entry of a map. The item of the
   * innermost list is what an entity mapped to nothing leaves out.
   */
  at: readonly string[];
  /** What that item is, for the plan's note: `rule`, `recipient`, `assignee`. */
  item: string;
}

/** Every place a manifest names a user, group or organization. */
export const PRINCIPAL_PLACES: readonly PrincipalPlace[] = [
  { area: 'appAcl', root: ['appAcl'], at: ['*', 'entity'], item: 'rule' },
  { area: 'recordAcl', root: ['recordAcl'], at: ['*', 'entities', '*', 'entity'], item: 'entity of a rule' },
  { area: 'fieldAcl', root: ['fieldAcl'], at: ['*', 'entities', '*', 'entity'], item: 'entity of a rule' },
  {
    area: 'notificationsGeneral',
    root: ['notifications', 'general'],
    at: ['notifications', '*', 'entity'],
    item: 'recipient',
  },
  {
    area: 'notificationsPerRecord',
    root: ['notifications', 'perRecord'],
    at: ['notifications', '*', 'targets', '*', 'entity'],
    item: 'recipient',
  },
  {
    area: 'notificationsReminder',
    root: ['notifications', 'reminder'],
    at: ['notifications', '*', 'targets', '*', 'entity'],
    item: 'recipient',
  },
  {
    area: 'process',
    root: ['process'],
    at: ['states', '*', 'assignee', 'entities', '*', 'entity'],
    item: 'assignee',
  },
  {
    area: 'process',
    root: ['process'],
    at: ['actions', '*', 'executableUser', 'entities', '*', 'entity'],
    item: 'executor of an action',
  },
  { area: 'actions', root: ['actions'], at: ['*', 'entities', '*'], item: 'entity of an action' },
  // USER_SELECT, GROUP_SELECT and ORGANIZATION_SELECT: their default value, and the users a user
  // selection field offers (`entities`); a table's columns the same.
  { area: 'fields', root: ['fields'], at: ['*', 'defaultValue', '*'], item: 'default value' },
  { area: 'fields', root: ['fields'], at: ['*', 'entities', '*'], item: 'choice' },
  { area: 'fields', root: ['fields'], at: ['*', 'fields', '*', 'defaultValue', '*'], item: 'default value' },
  { area: 'fields', root: ['fields'], at: ['*', 'fields', '*', 'entities', '*'], item: 'choice' },
];

export type PrincipalMaps = Pick<EnvironmentConfig, PrincipalKind>;

/** An item a null mapping left out: where the manifest has it, and whom it named. */
export interface LeftOutPrincipal {
  area: string;
  /** The item's path in the manifest (`['appAcl', 2]`). */
  path: (string | number)[];
  item: string;
  kind: PrincipalKind;
  code: string;
}

/** A user, group or organization a manifest names, where, and the code it has in the environment. */
export interface PrincipalReference {
  area: string;
  /** The entity's path in the manifest. */
  path: (string | number)[];
  kind: PrincipalKind;
  /** As the manifest writes it. */
  code: string;
  /** In the environment: the map's entry, the code itself without one, null when left out. */
  target: string | null;
}

/** A code the project names (a manifest or a record file), and where it names it. */
export interface NamedPrincipal {
  kind: PrincipalKind;
  code: string;
  /** Where: found only when a problem names it (locating a YAML node costs ~2 ms; a record file names thousands). */
  at: () => Location;
  /** Named in a filter, which keeps a code mapped to null as written. */
  inFilter?: boolean;
}

const LEFT_OUT = Symbol('left out');
type Walked = unknown;

/** Whether the environment maps anything at all (most do not: then nothing is copied). */
export function hasPrincipalMaps(maps: PrincipalMaps | undefined): maps is PrincipalMaps {
  return maps !== undefined && PRINCIPAL_KINDS.some((kind) => Object.keys(maps[kind] ?? {}).length > 0);
}

/** The code an entity has in the environment: its entry, itself without one, null when left out. */
export function target(maps: PrincipalMaps, kind: PrincipalKind, code: string): string | null {
  const map: PrincipalMap = maps[kind] ?? {};
  return Object.hasOwn(map, code) ? (map[code] ?? null) : code;
}

function directoryEntity(value: unknown): { kind: PrincipalKind; code: string } | null {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return null;
  const { type, code } = value as { type?: unknown; code?: unknown };
  const kind = typeof type === 'string' ? KIND_OF_TYPE[type] : undefined;
  return kind !== undefined && typeof code === 'string' ? { kind, code } : null;
}

/**
 * Walks `value` along `at`, calling `visit` on each entity of the directory with its path; what
 * `visit` returns replaces the entity (LEFT_OUT drops the item of the innermost list around it).
 * Returns a copy where anything changed, the value itself where nothing did.
 */
function walk(
  value: unknown,
  at: readonly string[],
  path: (string | number)[],
  visit: (
    entity: { kind: PrincipalKind; code: string },
    path: (string | number)[],
    original: Record<string, unknown>,
  ) => unknown,
): Walked {
  const [step, ...rest] = at;
  if (step === undefined) {
    const entity = directoryEntity(value);
    return entity === null ? value : visit(entity, path, value as Record<string, unknown>);
  }
  if (step === '*') {
    if (Array.isArray(value)) {
      const items = value.map((item, i) => walk(item, rest, [...path, i], visit));
      const kept = items.filter((item) => item !== LEFT_OUT);
      return kept.length === value.length && kept.every((item, i) => item === value[i]) ? value : kept;
    }
    if (value === null || typeof value !== 'object') return value;
    let changed = false;
    const out: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(value)) {
      const next = walk(inner, rest, [...path, key], visit);
      // A map entry is never left out: only items of lists are (the innermost list does it).
      out[key] = next === LEFT_OUT ? inner : next;
      changed ||= out[key] !== inner;
    }
    return changed ? out : value;
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  const inner = (value as Record<string, unknown>)[step];
  if (inner === undefined) return value;
  const next = walk(inner, rest, [...path, step], visit);
  if (next === LEFT_OUT) return LEFT_OUT;
  return next === inner ? value : { ...value, [step]: next };
}

/** Puts `part` at `root` of a copy of `manifest` (which has something there). */
function withPart(
  manifest: Record<string, unknown>,
  root: readonly string[],
  part: unknown,
): Record<string, unknown> {
  const [key, ...rest] = root;
  if (key === undefined) return part as Record<string, unknown>;
  const inner = manifest[key] as Record<string, unknown>;
  return { ...manifest, [key]: rest.length === 0 ? part : withPart(inner, rest, part) };
}

function partAt(manifest: unknown, root: readonly (string | number)[]): unknown {
  let value = manifest;
  for (const key of root) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/**
 * A manifest as the environment has it: each code mapped, and each item whose code maps to
 * nothing left out (listed, so that the plan says so).
 */
export function resolvePrincipals(
  manifest: AppManifest,
  maps: PrincipalMaps | undefined,
): { manifest: AppManifest; leftOut: LeftOutPrincipal[] } {
  if (!hasPrincipalMaps(maps)) return { manifest, leftOut: [] };
  const leftOut: LeftOutPrincipal[] = [];
  let out = manifest as unknown as Record<string, unknown>;
  for (const place of PRINCIPAL_PLACES) {
    const part = partAt(out, place.root);
    if (part === undefined) continue;
    const next = walk(part, place.at, [...place.root], (entity, path, original) => {
      const code = target(maps, entity.kind, entity.code);
      if (code !== null) return code === entity.code ? original : { ...original, code };
      leftOut.push({
        area: place.area,
        path: itemPath(path, place),
        item: place.item,
        kind: entity.kind,
        code: entity.code,
      });
      return LEFT_OUT;
    });
    if (next !== part) out = withPart(out, place.root, next);
  }
  // Filters: a value mapped to nothing stays (principal-filters.ts).
  const fields = principalFields(manifest.fields);
  for (const place of FILTER_PLACES) {
    const part = partAt(out, place.root);
    if (part === undefined) continue;
    const next = mapFiltersAt(part, place.at, (filter) =>
      mapFilter(filter, fields, (kind, code) => target(maps, kind, code)),
    );
    if (next !== part) out = withPart(out, place.root, next);
  }
  return { manifest: out as unknown as AppManifest, leftOut };
}

/** An item of an area's value that the environment leaves out, where it is, and whom it names. */
export interface LeftOutItem {
  /** From the area's root: the item's place in its list (`[1]`, `['states', 'Review', 'assignee', 'entities', 0]`). */
  path: (string | number)[];
  item: unknown;
  kind: PrincipalKind;
  code: string;
}

/**
 * The items of an area's canonical value read from a manifest (so naming the manifest's codes)
 * that the environment's maps leave out, in list order: what export keeps, as the service it
 * reads does not have them (export/keep-left-out.ts).
 */
export function leftOutItems(area: string, value: unknown, maps: PrincipalMaps | undefined): LeftOutItem[] {
  if (!hasPrincipalMaps(maps)) return [];
  const found: LeftOutItem[] = [];
  for (const place of PRINCIPAL_PLACES.filter((p) => p.area === area))
    walk(value, place.at, [], (entity, path, original) => {
      if (target(maps, entity.kind, entity.code) === null) {
        const at = itemPath(path, { ...place, root: [] });
        found.push({ path: at, item: partAt(value, at), kind: entity.kind, code: entity.code });
      }
      return original;
    });
  return found;
}

/** Every user, group and organization a manifest names, with its code in the environment. */
export function principalReferences(
  manifest: AppManifest,
  maps: PrincipalMaps | undefined,
): PrincipalReference[] {
  const found: PrincipalReference[] = [];
  for (const place of PRINCIPAL_PLACES) {
    const part = partAt(manifest, place.root);
    if (part === undefined) continue;
    walk(part, place.at, [...place.root], (entity, path, original) => {
      const mapped = maps === undefined ? entity.code : target(maps, entity.kind, entity.code);
      found.push({ area: place.area, path, kind: entity.kind, code: entity.code, target: mapped });
      return original;
    });
  }
  return found;
}

/**
 * An area's canonical value read from the environment, with each code mapped back to the one
 * the manifest uses (export). A code no entry maps to is kept as it is; `validate` refuses two
 * codes mapped to one, so the inverse is a function.
 */
export function invertPrincipals(
  area: string,
  value: unknown,
  maps: PrincipalMaps | undefined,
  /** The app's fields (the canonical `fields` area), for the values its filters compare them with. */
  fields?: unknown,
): unknown {
  if (!hasPrincipalMaps(maps)) return value;
  const inverse = inversePrincipalMaps(maps);
  let out = value;
  for (const place of PRINCIPAL_PLACES.filter((p) => p.area === area)) {
    out = walk(out, place.at, [], (entity, _path, original) => {
      const code = inverse[entity.kind].get(entity.code);
      return code === undefined ? original : { ...original, code };
    });
  }
  const kinds = principalFields(fields);
  for (const place of FILTER_PLACES.filter((p) => p.area === area))
    out = mapFiltersAt(out, place.at, (filter) =>
      mapFilter(filter, kinds, (kind, code) => inverse[kind].get(code) ?? null),
    );
  return out;
}

/**
 * Per kind, this environment's code -> the code the manifests use (export reads it so: records
 * too). A code mapped to null has no inverse; `validate` refuses two codes mapped to one.
 */
export function inversePrincipalMaps(
  maps: PrincipalMaps | undefined,
): Record<PrincipalKind, Map<string, string>> {
  return Object.fromEntries(
    PRINCIPAL_KINDS.map((kind) => [
      kind,
      new Map(
        Object.entries(maps?.[kind] ?? {}).flatMap(([from, to]) =>
          typeof to === 'string' ? [[to, from]] : [],
        ),
      ),
    ]),
  ) as Record<PrincipalKind, Map<string, string>>;
}

/** The path of the innermost list's item around an entity (what leaving it out removes). */
function itemPath(path: readonly (string | number)[], place: PrincipalPlace): (string | number)[] {
  let last = path.length;
  for (let i = path.length - 1; i >= place.root.length; i--)
    if (typeof path[i] === 'number') {
      last = i + 1;
      break;
    }
  return path.slice(0, last);
}
