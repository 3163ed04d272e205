import { fieldPlace, type SettingsKey } from '../../platform/index.js';
import { fail, field, type Shape } from './shape.js';

/**
 * A field code of this app at a place of the catalogue of field places (platform/field-places.ts),
 * of the types that place takes: the rule validate applies to the same place (project/checks read
 * the catalogue too), so both sides refuse one field alike. `path` is the place's path from the
 * endpoint's body (`views.*.fields[*]`).
 */
export function placeField(key: SettingsKey, path: string): Shape {
  const place = fieldPlace(key, path);
  const shape = field(place.types);
  // A table's column where the place takes top-level fields only: validate's rule too (placeRule).
  // Not for another app's fields (`inTable` is this app's), nor inside field definitions, whose
  // shapes serve a top-level field and a table's column alike (related.ts: a lookup in a table
  // copies into its own row's columns), and which related.ts checks with the definition's table.
  if (place.subtableColumns || place.otherApp !== undefined || key === 'fields') return shape;
  return (value, at, ctx) => {
    const table = typeof value === 'string' ? ctx.inTable.get(value) : undefined;
    if (table !== undefined)
      return fail(
        ctx,
        at,
        `The field "${value as string}" is in the table "${table}"; enter a field outside a table.`,
      );
    return shape(value, at, ctx);
  };
}
