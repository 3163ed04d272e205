import type { AppSettings, JsonObject } from '../model/app.js';

/**
 * The statuses a settings write's filters may name: the process as the write leaves the draft
 * (a process write's own `enable` and `states`, renames and removals included; any other write's,
 * the draft's), or undefined while process management is off, when a filter naming a status is
 * left open as a record query leaves it (records/query.ts). The rule that a status the process
 * lacks is refused as an option a choice field lacks: query/field-types.ts `withStatusOptions`.
 */
export function statusesAfterWrite(draft: AppSettings, body: unknown): string[] | undefined {
  const given = (typeof body === 'object' && body !== null ? body : {}) as {
    enable?: unknown;
    states?: unknown;
  };
  const enable = given.enable === undefined ? draft.process.enable : given.enable;
  if (enable !== true && enable !== 'true') return undefined;
  const states = isObject(given.states) ? given.states : (draft.process.states ?? {});
  return Object.entries(states as Record<string, unknown>).flatMap(([key, state]) => {
    if (!isObject(state)) return [];
    return [typeof state.name === 'string' ? state.name : key];
  });
}

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
