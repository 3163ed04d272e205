/**
 * What the hosted platform keeps of a field definition it accepts, and which system fields the
 * fields PUT cannot touch. Each rule says where it comes from.
 */
import { join, type CheckContext } from './shape.js';
import type { JsonObject } from '../model/app.js';
import {
  FIXED_SYSTEM_FIELD_TYPES,
  LOOKUP_FIELD_KEYS,
  UNIQUE_FIELD_TYPES,
  isSystemFieldType,
  type FieldType,
} from '../../platform/index.js';

/**
 * STATUS, STATUS_ASSIGNEE and CATEGORY cannot be changed through Update Form Fields (platform
 * FIXED_SYSTEM_FIELD_TYPES, with its evidence). The documentation names the code; we refuse any
 * other change of them too (label, noLabel) since the evidence shows no way to write one. The
 * platform's own error code for this is not recorded: 400 CB_VA01 at the key written is ours.
 */
const FIXED_SYSTEM_TYPES = FIXED_SYSTEM_FIELD_TYPES;

/** Records a problem for every key of a PUT that would change a fixed system field; true if any. */
export function refusesFixedChange(
  existing: JsonObject | undefined,
  value: unknown,
  path: string,
  ctx: CheckContext,
): boolean {
  if (typeof existing?.type !== 'string' || !FIXED_SYSTEM_TYPES.has(existing.type)) return false;
  if (typeof value !== 'object' || value === null) return false;
  let refused = false;
  for (const [key, given] of Object.entries(value as Record<string, unknown>)) {
    if (key === 'type' || given === undefined || JSON.stringify(given) === JSON.stringify(existing[key]))
      continue;
    ctx.problems.add(
      join(path, key),
      `The ${existing.type} field cannot be changed through the fields API; leave "${key}" as it is.`,
    );
    refused = true;
  }
  return refused;
}

/**
 * `unique` on a type that does not keep it: accepted and dropped, as platform-facts-verified
 * records ("other types accept `unique: true` on write and silently drop it"). Checked as a flag
 * first, so a malformed value is still refused.
 */
export function withoutDroppedUnique(type: unknown, value: unknown): unknown {
  if (typeof value !== 'object' || value === null || !('unique' in value)) return value;
  // System fields are not "other types" a caller adds: what they take is their own table's.
  if (UNIQUE_FIELD_TYPES.has(type as FieldType) || isSystemFieldType(String(type))) return value;
  const { unique, ...rest } = value as Record<string, unknown>;
  const flagLike = unique === true || unique === false || unique === 'true' || unique === 'false';
  return flagLike ? rest : value;
}

/**
 * A definition as the service keeps it: a lookup field only with the keys a lookup keeps
 * (platform LOOKUP_FIELD_KEYS), and the same for each column of a table.
 */
export function storedDefinition(def: JsonObject): JsonObject {
  if (def.lookup !== undefined && def.lookup !== null)
    return {
      noLabel: false,
      required: false,
      ...Object.fromEntries(Object.entries(def).filter(([key]) => LOOKUP_FIELD_KEYS.includes(key))),
    };
  if (def.type === 'SUBTABLE' && def.fields && typeof def.fields === 'object' && !Array.isArray(def.fields))
    return {
      ...def,
      fields: Object.fromEntries(
        Object.entries(def.fields).map(([code, inner]) => [code, storedDefinition(inner as JsonObject)]),
      ),
    };
  return def;
}
