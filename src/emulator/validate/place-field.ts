import { fieldPlace, type SettingsKey } from '../../platform/index.js';
import { field, type Shape } from './shape.js';

/**
 * A field code of this app at a place of the catalogue of field places (platform/field-places.ts),
 * of the types that place takes: the rule validate applies to the same place (project/checks read
 * the catalogue too), so both sides refuse one field alike. `path` is the place's path from the
 * endpoint's body (`views.*.fields[*]`).
 */
export function placeField(key: SettingsKey, path: string): Shape {
  return field(fieldPlace(key, path).types);
}
