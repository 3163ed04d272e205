import {
  SETTINGS_CATALOGUE,
  renameFieldIn,
  type SettingsKey,
  type TextRewriters,
} from '../../../platform/index.js';
import { isObject } from './json.js';
import { renameInFilter, renameInFormula, renameInSort, type Renames } from './text.js';
import type { AppSettings, AreaName, JsonObject } from '../app.js';

type Properties = Record<string, JsonObject>;

/** Filters and sorts through the query parser, formulas through the formula tokenizer (text.ts). */
export const REWRITERS: TextRewriters = {
  filter: renameInFilter,
  sort: renameInSort,
  formula: renameInFormula,
};

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
 * does when a field code changes. The places are the catalogue's (platform/field-places.ts). What
 * names a field of ANOTHER app (a lookup's related fields, a copy action's destination) is not
 * touched here (related.ts).
 */
export function renameInApp(settings: AppSettings, renames: Renames): AppSettings {
  if (renames.size === 0) return settings;
  const out: AppSettings = { ...settings, properties: renameDefinitions(settings.properties, renames) };
  return eachAreaBody(out, (key, body) => renameFieldIn(key, body, renames, REWRITERS));
}

/**
 * Each settings area walked as its endpoint's body (platform/settings-catalogue.ts): the stored
 * area is the body's content under the catalogue's body key, and the form's fields are the area
 * `properties`. `change` returns the body itself where nothing changed.
 */
export function eachAreaBody(
  settings: AppSettings,
  change: (key: SettingsKey, body: unknown) => unknown,
): AppSettings {
  let out = settings;
  for (const entry of SETTINGS_CATALOGUE) {
    const area: AreaName = entry.key === 'fields' ? 'properties' : entry.key;
    const content = out[area];
    const body = entry.bodyKey === null ? content : { [entry.bodyKey]: content };
    const next = change(entry.key, body);
    if (next !== body)
      out = withArea(out, area, entry.bodyKey === null ? next : (next as JsonObject)[entry.bodyKey]);
  }
  return out;
}

/**
 * The settings with one area replaced. A rename changes codes inside an area, never its shape, so
 * the walked value is the area's own type.
 */
function withArea<K extends AreaName>(settings: AppSettings, area: K, value: unknown): AppSettings {
  const next: AppSettings = { ...settings };
  next[area] = value as AppSettings[K];
  return next;
}
