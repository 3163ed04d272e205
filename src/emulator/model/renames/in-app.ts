import { SETTINGS_CATALOGUE, renameFieldIn, type TextRewriters } from '../../../platform/index.js';
import { isObject } from './json.js';
import { renameInFilter, renameInFormula, renameInSort, type Renames } from './text.js';
import type { AppSettings, AreaName, JsonObject } from '../app.js';

type Properties = Record<string, JsonObject>;

/** Filters and sorts through the query parser, formulas through the formula tokenizer (text.ts). */
const REWRITERS: TextRewriters = { filter: renameInFilter, sort: renameInSort, formula: renameInFormula };

/** Each field keyed by its new code, its `code` the new one; a table's columns the same. */
function renameDefinitions(props: Properties, renames: Renames): Properties {
  return Object.fromEntries(
    Object.entries(props).map(([code, def]) => {
      const renamed = renames.get(code) ?? code;
      const inner = def.fields;
      const next: JsonObject = isObject(inner)
        ? { ...def, code: renamed, fields: renameDefinitions(inner as Properties, renames) }
        : { ...def, code: renamed };
      return [renamed, next];
    }),
  );
}

/**
 * An app's settings after fields of that same app were renamed: the form (keys, codes) and every
 * place of every area that names one of its fields follows, as the hosted platform's form editor
 * does when a field code changes. The places are the catalogue's (platform/field-places.ts),
 * walked over each area as its endpoint's body: the stored area is the body's content under the
 * catalogue's body key (the form's fields are the area `properties`). What names a field of
 * ANOTHER app (a lookup's related fields, a copy action's destination) is not touched here.
 */
export function renameInApp(settings: AppSettings, renames: Renames): AppSettings {
  if (renames.size === 0) return settings;
  const out: Record<string, unknown> = {
    ...settings,
    properties: renameDefinitions(settings.properties, renames),
  };
  for (const entry of SETTINGS_CATALOGUE) {
    const area: AreaName = entry.key === 'fields' ? 'properties' : entry.key;
    const content = out[area];
    const body = entry.bodyKey === null ? content : { [entry.bodyKey]: content };
    const next = renameFieldIn(entry.key, body, renames, REWRITERS);
    if (next !== body) out[area] = entry.bodyKey === null ? next : (next as JsonObject)[entry.bodyKey];
  }
  return out as unknown as AppSettings;
}
