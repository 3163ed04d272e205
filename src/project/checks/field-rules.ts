import {
  DATE_FIELD_TYPES,
  ENTITY_FIELD_TYPES,
  NUMERIC_FIELD_TYPES,
  fieldPlace,
  type FieldType,
  type SettingsKey,
} from '../../platform/index.js';

/**
 * Groups of field types the checks ask for beyond a place's own (platform/field-places.ts: the
 * types each place of a setting takes), named for what they are used as.
 */
export const DATE_TYPES: readonly FieldType[] = [...DATE_FIELD_TYPES];
export const NUMERIC_TYPES: readonly FieldType[] = NUMERIC_FIELD_TYPES;
/** What FIELD_ENTITY may name: a field holding users, organizations or groups. */
export const ENTITY_TYPES: readonly FieldType[] = [...ENTITY_FIELD_TYPES];
/** Types whose groups may be split per period. */
export const PERIOD_TYPES: readonly FieldType[] = [...DATE_TYPES, 'TIME'];

/** A rule for one field reference: what it is used as, and which fields fit. */
export interface FieldRule {
  /** What the reference is, for messages: "a calendar date", "a list column". */
  what: string;
  types?: readonly FieldType[];
  /** Subtable columns are refused unless allowed. */
  allowSubtable?: boolean;
}

/**
 * The rule of a place of the catalogue of field places (platform/field-places.ts): what it is,
 * the types it takes, whether a subtable's column may be named. `path` is the place's path from
 * its endpoint's body (`views.*.fields[*]`); the manifest writes the same place under the
 * catalogue's `manifest` path (project/manifest.ts), without the body key.
 */
export function placeRule(key: SettingsKey, path: string): FieldRule {
  const place = fieldPlace(key, path);
  return {
    what: place.what,
    ...(place.types === undefined ? {} : { types: place.types }),
    ...(place.subtableColumns ? { allowSubtable: true } : {}),
  };
}

/**
 * Why `unique` is refused on other types: the hosted platform takes it on a write and silently
 * drops it there (platform-facts-verified), so the plan would show it as a change forever.
 */
export const UNIQUE_HINT =
  'The service keeps unique only on SINGLE_LINE_TEXT, NUMBER, LINK, DATE and DATETIME and silently drops it on other types; remove it.';
