/**
 * Apps the plan creates stand in canonical values as `{key}` (plan's appPlaceholder) until they
 * have an id. Here: which apps a value names that way (the order apps are created and written
 * in), and the value with every placeholder replaced by the new id (what convergence compares).
 */
import type { Json, JsonObject } from '../areas/types.js';
import { appPlaceholder } from '../readers/index.js';
import type { AppPlan } from '../plan/index.js';

/** The keys of the other apps of `keys` that `value` names by placeholder. */
export function placeholdersIn(
  value: Json | null,
  keys: ReadonlySet<string>,
  found = new Set<string>(),
): Set<string> {
  if (typeof value === 'string') {
    const match = /^\{(.+)\}$/.exec(value);
    if (match?.[1] !== undefined && keys.has(match[1]) && value === appPlaceholder(match[1]))
      found.add(match[1]);
  } else if (Array.isArray(value)) for (const v of value) placeholdersIn(v, keys, found);
  else if (value !== null && typeof value === 'object')
    for (const v of Object.values(value)) placeholdersIn(v, keys, found);
  return found;
}

export function resolvePlaceholders(value: Json, resolve: (text: string) => string): Json {
  if (typeof value === 'string') return resolve(value);
  if (Array.isArray(value)) return value.map((v) => resolvePlaceholders(v, resolve));
  if (value === null || typeof value !== 'object') return value;
  const out: JsonObject = {};
  for (const [key, inner] of Object.entries(value)) out[key] = resolvePlaceholders(inner, resolve);
  return out;
}

/**
 * The apps in levels: every app of a level names only apps of earlier levels, so the apps of one
 * level can be written at the same time. A lookup or a related table is checked against the
 * other app's fields when it is written, so a created app's fields must be there first. Apps in
 * a cycle (each naming the other) go in one last level: the service says which write it refuses.
 */
export function dependencyLevels(apps: readonly AppPlan[]): AppPlan[][] {
  const keys = new Set(apps.map((a) => a.key));
  const needs = new Map<string, Set<string>>();
  for (const app of apps) {
    const found = new Set<string>();
    for (const area of app.areas) placeholdersIn(area.after, keys, found);
    found.delete(app.key);
    needs.set(app.key, found);
  }
  const levels: AppPlan[][] = [];
  const placed = new Set<string>();
  let left = [...apps];
  while (left.length > 0) {
    const ready = left.filter((app) => [...needs.get(app.key)!].every((k) => placed.has(k)));
    const level = ready.length > 0 ? ready : left;
    levels.push(level);
    for (const app of level) placed.add(app.key);
    left = left.filter((app) => !placed.has(app.key));
  }
  return levels;
}
