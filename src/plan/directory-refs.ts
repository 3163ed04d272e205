/**
 * Pure: the users, groups and organizations a plan's writes name. An area apply writes is
 * written whole (an ACL, a notification list, the process), so every entity of each area the
 * plan changes must exist in the target, or the platform refuses the write ("user, group or
 * organization does not exist"). Entities are found in the canonical desired state (`after`):
 * app, record and field ACLs, general/per-record/reminder notification recipients, process
 * assignees and action executors, copy-action entities, and USER_SELECT / GROUP_SELECT /
 * ORGANIZATION_SELECT defaults and candidate lists. Each is an object `{type, code}` with type
 * USER, GROUP or ORGANIZATION; other types name no directory entry (FIELD_ENTITY names a field,
 * CREATOR the record's creator, FUNCTION `LOGINUSER()`).
 *
 * Not collected: codes inside query strings (view, report, per-record notification, process
 * action and ACL conditions such as `Created_by in ("alice")`); finding them needs the query
 * parser and the fields' types, and the platform checks them at the deploy, not the write.
 */
import type { AreaKey, Json } from '../areas/types.js';
import type { AreaPlan } from './types.js';

export type DirectoryKind = 'USER' | 'GROUP' | 'ORGANIZATION';

export interface DirectoryRef {
  kind: DirectoryKind;
  code: string;
  area: AreaKey;
  /** Where the code stands in the area's canonical value (its `code` key included). */
  path: (string | number)[];
}

const KINDS: ReadonlySet<string> = new Set<DirectoryKind>(['USER', 'GROUP', 'ORGANIZATION']);

/**
 * Groups every domain has: `everyone` (get-users-groups' sample answer lists it for any user)
 * and `Administrators` (the administrators' role of every kintone domain). Not looked up.
 */
const BUILT_IN_GROUPS: ReadonlySet<string> = new Set(['everyone', 'Administrators']);

/** Every entity named by an area the plan writes, in area and path order. */
export function directoryRefs(areas: readonly Pick<AreaPlan, 'key' | 'action' | 'after'>[]): DirectoryRef[] {
  return areas.flatMap((area) =>
    area.action === 'no-op' ? [] : entitiesIn(area.after).map((ref) => ({ ...ref, area: area.key })),
  );
}

/**
 * Keys under which an entity stands: `entity` (ACL rules, notifications, assignees), and the
 * items of `entities` (copy actions, select fields' candidates), `defaultValue` (select fields'
 * defaults) and `targets`. Anything else shaped `{type: GROUP, code}` is not a directory entry:
 * a layout's field group, a field of type GROUP.
 */
const ENTITY_KEYS: ReadonlySet<string> = new Set(['entity']);
const ENTITY_LIST_KEYS: ReadonlySet<string> = new Set(['entities', 'defaultValue', 'targets']);

function entitiesIn(value: Json, at: (string | number)[] = []): Omit<DirectoryRef, 'area'>[] {
  if (Array.isArray(value)) return value.flatMap((item, i) => entitiesIn(item, [...at, i]));
  if (value === null || typeof value !== 'object') return [];
  const { type, code } = value;
  if (isEntityPlace(at) && typeof type === 'string' && KINDS.has(type) && typeof code === 'string') {
    if (code === '' || (type === 'GROUP' && BUILT_IN_GROUPS.has(code))) return [];
    return [{ kind: type as DirectoryKind, code, path: [...at, 'code'] }];
  }
  return Object.entries(value).flatMap(([key, item]) => entitiesIn(item, [...at, key]));
}

function isEntityPlace(at: readonly (string | number)[]): boolean {
  const last = at.at(-1);
  const parent = at.at(-2);
  if (typeof last === 'string') return ENTITY_KEYS.has(last);
  return typeof parent === 'string' && ENTITY_LIST_KEYS.has(parent);
}

/**
 * Where an area's canonical path stands in the manifest: the manifest keeps the service's shapes
 * (DESIGN.md), under the area's manifest key; the notification areas sit under `notifications`.
 */
export function manifestPath(area: AreaKey, path: readonly (string | number)[]): (string | number)[] {
  const prefix: Partial<Record<AreaKey, string[]>> = {
    notificationsGeneral: ['notifications', 'general'],
    notificationsPerRecord: ['notifications', 'perRecord'],
    notificationsReminder: ['notifications', 'reminder'],
  };
  return [...(prefix[area] ?? [area]), ...path];
}

/** The distinct codes of one kind, in first-seen order. */
export function codesOf(refs: readonly Pick<DirectoryRef, 'kind' | 'code'>[], kind: DirectoryKind): string[] {
  return [...new Set(refs.filter((r) => r.kind === kind).map((r) => r.code))];
}
