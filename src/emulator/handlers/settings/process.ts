import { invalid, Problems } from '../../errors.js';
import { checkActionStates, checkFirstStatus, defaultAssignee } from '../../validate/process.js';
import { SYSTEM_FIELD_CODES } from '../../../platform/index.js';
import type { AppSettings, Json, JsonObject } from '../../model/app.js';

/** The code of the app's CREATOR field, whatever its language or a rename made it. */
function creatorField(settings: AppSettings): string {
  const found = Object.entries(settings.properties).find(([, field]) => field.type === 'CREATOR');
  return found?.[0] ?? SYSTEM_FIELD_CODES.en.CREATOR;
}

/**
 * Process management: `enable`, `states` and `actions` each replaced when given (the body comes
 * normalized from validate/process.ts). Every action must then go between existing statuses, and
 * the first status must follow the hosted platform's assignee rule.
 */
export function applyProcess(settings: AppSettings, body: JsonObject): AppSettings {
  const process = processSettings(settings, body);
  // The status and assignee system fields are on exactly when process management is.
  const properties = { ...settings.properties };
  for (const [code, field] of Object.entries(properties))
    if (field.type === 'STATUS' || field.type === 'STATUS_ASSIGNEE')
      properties[code] = { ...field, enabled: process.enable === true };
  return { ...settings, process, properties };
}

/**
 * The statuses a write renames (name before -> after) and deletes, by their names in the draft
 * before it: a status is keyed by its current name and may carry a new `name`; given `states`
 * are the whole new set, so a status left out (or null) is deleted.
 */
export function stateChanges(
  settings: AppSettings,
  body: JsonObject,
): { renames: Map<string, string>; deleted: string[] } {
  const renames = new Map<string, string>();
  if (!body.states) return { renames, deleted: [] };
  const given = body.states as JsonObject;
  const current = Object.keys((settings.process.states ?? {}) as JsonObject);
  for (const [key, state] of Object.entries(given)) {
    if (state === null || !current.includes(key)) continue;
    const name = (state as JsonObject).name;
    if (typeof name === 'string' && name !== '' && name !== key) renames.set(key, name);
  }
  const deleted = current.filter((name) => given[name] === undefined || given[name] === null);
  return { renames, deleted };
}

function processSettings(settings: AppSettings, body: JsonObject): JsonObject {
  const current = settings.process;
  const creator = creatorField(settings);
  // Given `states` are the whole new set (the hosted platform deletes every status left out; a
  // null entry is one left out); each is keyed by its current name and may carry a new `name`.
  let states: Record<string, Json> = { ...(current.states as JsonObject) };
  const keys = new Map<string, string>();
  if (body.states) {
    states = {};
    for (const [key, state] of Object.entries(body.states as JsonObject)) {
      if (state === null) continue;
      const given = state as JsonObject;
      const name = typeof given.name === 'string' && given.name !== '' ? given.name : key;
      // Only an existing status can be renamed; a new one is named by its key.
      if (name !== key && !(key in (current.states as JsonObject)))
        throw invalid({ [`states.${key}.name`]: `Enter the same name as the key "${key}".` });
      states[name] = { assignee: defaultAssignee(creator), ...given, name };
      keys.set(name, key);
    }
  }
  const actions = (body.actions ?? current.actions) as JsonObject[];
  const problems = new Problems();
  if (body.states) checkFirstStatus(states, keys, creator, problems);
  checkActionStates(states, actions, { problems });
  problems.throwIfAny();
  const enable = body.enable ?? current.enable ?? false;
  if (enable === true && Object.keys(states).length === 0)
    throw invalid({ enable: 'Define at least one status before enabling process management.' });
  return { enable, states, actions };
}
