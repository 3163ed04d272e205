import type { Path } from './problems.js';

/**
 * After schema errors, the parts of a file that passed the schema, so the checks beyond it still
 * run on them: validate lists the problems of every stage at once, not only the first stage's.
 *
 * A part is a key of the top-level map, or one entry of a map of named items (a field, a view, an
 * environment, an app), or one of an entry's settings that nothing else reads (`detached`). A part
 * with any schema error is left out whole, never half-checked: the checks only ever see values the
 * schema accepted, so they need no defensive code and raise no echoes of a schema error.
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

/**
 * Per named map, the settings of an entry that are left out alone when they fail the schema: an
 * app's record file, and an environment's connection settings that no other check reads and whose
 * absence means no other thing (unlike `baseUrl`, whose absence is the local service, `auth`, which says tokens or a
 * login, `locale`, which decides the system fields' codes, or the principal maps), so the
 * environment is still chosen and its other settings, variables and files still checked. A
 * project with any problem is never run, so a setting left out here never reaches a command.
 */
export const PROJECT_DETACHED: Readonly<Record<string, readonly string[]>> = {
  // An app's record file: only seed and export --records read it (load.ts recordProblems).
  apps: ['records'],
  environments: [
    'basicAuth',
    'proxy',
    'clientCertificate',
    'ca',
    'platform',
    'guestSpaceId',
    'concurrency',
    'protected',
    'timeZone',
  ],
};

export function wellFormedParts(
  value: unknown,
  failed: readonly Path[],
  namedMaps: readonly string[],
  detached: Readonly<Record<string, readonly string[]>> = {},
): WellFormedParts {
  if (!isMap(value) || failed.some((path) => path.length === 0)) return { value: null, dropped: [] };
  if (failed.length === 0) return { value, dropped: [] };
  const dropped = new Map<string, Path>();
  for (const path of failed) {
    const part = failedPart(path, namedMaps, detached);
    dropped.set(JSON.stringify(part), part);
  }
  // A whole entry left out takes its settings with it.
  const parts = [...dropped.values()].filter(
    (part) => part.length < 3 || !dropped.has(JSON.stringify(part.slice(0, 2))),
  );
  const out = copy(value);
  for (const part of parts) leaveOut(out, value, part);
  return { value: out, dropped: parts };
}

function failedPart(
  path: Path,
  namedMaps: readonly string[],
  detached: Readonly<Record<string, readonly string[]>>,
): Path {
  const [area, entry, setting] = path;
  if (entry === undefined || !namedMaps.includes(String(area))) return [area!];
  if (setting !== undefined && detached[String(area)]?.includes(String(setting)))
    return [area!, entry, setting];
  return [area!, entry];
}

/** Deletes a part from `out`, copying each map on the way that is still `original`'s own. */
function leaveOut(out: Record<string, unknown>, original: Record<string, unknown>, part: Path): void {
  let into = out;
  let from: unknown = original;
  for (const [i, segment] of part.entries()) {
    const key = String(segment);
    if (i === part.length - 1) {
      delete into[key];
      return;
    }
    const next = into[key];
    const before = isMap(from) ? from[key] : undefined;
    if (!isMap(next)) return;
    if (next === before) into[key] = copy(next);
    into = into[key] as Record<string, unknown>;
    from = before;
  }
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
