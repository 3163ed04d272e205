/**
 * Building blocks of canonical forms. The service sends numbers as strings, fills in defaults,
 * and names other apps by id; a manifest writes numbers as numbers, leaves defaults out, and
 * names apps by project key. Both sides go through these so that equal settings compare equal.
 */
import { ENTITY_TYPES, inIndexOrder, type EntityType } from '../platform/index.js';
import type { Json, JsonObject, ResolveContext } from './types.js';

/** A number or numeric string as the service sends it: a string ('' stays ''). */
export function numeric(value: unknown, fallback = ''): string {
  if (value === undefined || value === null) return fallback;
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return value;
  return typeof value === 'boolean' ? String(value) : fallback;
}

export function text(value: unknown, fallback = ''): string {
  return typeof value === 'string' ? value : fallback;
}

export function flag(value: unknown, fallback = false): boolean {
  return typeof value === 'boolean' ? value : fallback;
}

/**
 * An object as canonical values hold it (anything else: empty). What the service answers and what
 * a manifest says are JSON, parsed from JSON or YAML, whatever type the client or the manifest
 * gives them: this is the one place that says so, for every area that takes one apart.
 */
export function asRecord(value: unknown): Record<string, Json> {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, Json>)
    : {};
}

/** A list as canonical values hold it (absent or null on the service: empty); JSON, as asRecord says. */
export function asList(value: unknown): Json[] {
  return Array.isArray(value) ? (value as Json[]) : [];
}

/**
 * A copy of a value with the keys of its objects sorted, deeply, so that output is stable: the
 * same keys and values, so the same type.
 */
export function sortKeys<T extends Json>(value: T): T {
  return sorted(value) as T;
}

function sorted(value: Json): Json {
  if (Array.isArray(value)) return value.map(sorted);
  if (value === null || typeof value !== 'object') return value;
  const out: JsonObject = {};
  for (const key of Object.keys(value).sort()) out[key] = sorted(value[key]!);
  return out;
}

/** Drops the keys whose value is undefined (canonical values never hold undefined). */
export function defined(object: Record<string, Json | undefined>): JsonObject {
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(object)) if (value !== undefined) out[key] = value;
  return out;
}

/** Whether a value is one of a fixed set of strings (a type, an accessibility, a chart type). */
export function isOneOf<T extends string>(value: unknown, allowed: readonly T[]): value is T {
  return allowed.some((member) => member === value);
}

/**
 * One of a fixed set of strings, or `fallback` for anything else. Only for values the manifest
 * schema and the service both keep inside the set (validate refuses the others before a plan):
 * what is outside it has no typed form to compare or send.
 */
export function oneOf<T extends string>(value: unknown, allowed: readonly T[], fallback: T): T {
  return isOneOf(value, allowed) ? value : fallback;
}

/** An entity as canonical values hold it: assignable to the client's Entity. */
export type EntityCanonical = { type: EntityType; code: string | null };

/** An entity with `includeSubs`: assignable to the client's targets, grantees and assignees. */
export type EntityTargetCanonical = { entity: EntityCanonical; includeSubs: boolean };

/**
 * An entity `{type, code}`; CREATOR has a null code on the service, whatever the manifest says.
 * A type outside the platform's (ENTITY_TYPES; the schema's enum refuses it) reads as USER.
 */
export function entity(value: unknown): EntityCanonical {
  const e = asRecord(value);
  const type = oneOf(e.type, ENTITY_TYPES, 'USER');
  return { type, code: type === 'CREATOR' || e.code === undefined || e.code === null ? null : text(e.code) };
}

/** An entity with `includeSubs` (ACLs, notifications, assignees). */
export function entityTarget(value: unknown): EntityTargetCanonical {
  const t = asRecord(value);
  return { entity: entity(t.entity), includeSubs: flag(t.includeSubs) };
}

/**
 * Another app as the service names it, `{app: id}`. A manifest names it by project key (or by
 * id, or by app code); the service answers `{app, code}`, with `code` empty when the app has none.
 */
export function appRef(value: unknown, ctx: ResolveContext | null): { app: string } | { code: string } {
  const ref = asRecord(value);
  if (ref.app !== undefined && ref.app !== null && ref.app !== '') {
    const app = typeof ref.app === 'number' || typeof ref.app === 'string' ? String(ref.app) : '';
    return { app: ctx && !/^\d+$/.test(app) ? ctx.appId(app) : app };
  }
  return { code: text(ref.code) };
}

/**
 * A map whose order is each item's `index` (views, graphs, copy actions, options): items sorted
 * by index (then by their order in the map), and `index` rewritten as the position, as a string.
 */
export function orderByIndex<T extends JsonObject>(
  items: Readonly<Record<string, T>>,
): Record<string, T & { index: string }> {
  const out: Record<string, T & { index: string }> = {};
  inIndexOrder(Object.entries(items)).forEach(([name, item], i) => {
    out[name] = { ...item, index: String(i) };
  });
  return out;
}
