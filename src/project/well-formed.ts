import type { Path } from './problems.js';

/**
 * After schema errors, the parts of a file that passed the schema, so the checks beyond it still
 * run on them: validate lists the problems of every stage at once, not only the first stage's.
 *
 * A part is a key of the top-level map, or one entry of a map of named items (a field, a view, an
 * environment, an app). A part with any schema error is left out whole, never half-checked: the
 * checks only ever see values the schema accepted, so they need no defensive code and raise no
 * echoes of a schema error.
 */
export interface WellFormedParts {
  /** The top-level map without the failed parts; null when the file is not a map at all. */
  value: Record<string, unknown> | null;
  /** The parts left out: `[key]` or `[map, entry]`. */
  dropped: Path[];
}

/** The areas of a manifest whose entries are checked one by one (their order is not positional). */
export const MANIFEST_NAMED_MAPS = ['fields', 'views', 'reports', 'actions'] as const;
/** The same for appdeploy.yaml. */
export const PROJECT_NAMED_MAPS = ['environments', 'apps'] as const;

export function wellFormedParts(
  value: unknown,
  failed: readonly Path[],
  namedMaps: readonly string[],
): WellFormedParts {
  if (!isMap(value) || failed.some((path) => path.length === 0)) return { value: null, dropped: [] };
  if (failed.length === 0) return { value, dropped: [] };
  const dropped = new Map<string, Path>();
  for (const path of failed) {
    const [area, entry] = path;
    const part = entry !== undefined && namedMaps.includes(String(area)) ? [area, entry] : [area];
    dropped.set(JSON.stringify(part), part as Path);
  }
  const out = copy(value);
  for (const [area, entry] of dropped.values()) {
    const key = String(area);
    const map = out[key];
    if (entry === undefined) delete out[key];
    else if (isMap(map)) {
      if (map === value[key]) out[key] = copy(map);
      delete (out[key] as Record<string, unknown>)[String(entry)];
    }
  }
  return { value: out, dropped: [...dropped.values()] };
}

/** A YAML map as plain data (not a list, not null). */
export function isMap(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A shallow copy that keeps keys such as `__proto__` as plain keys, as the YAML reader does. */
function copy(map: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(map))
    Object.defineProperty(out, key, { value: item, enumerable: true, writable: true, configurable: true });
  return out;
}
