import { edit, editsFor, eachObject, eachValue, inObject, isObject } from './json.js';
import type { Renames } from './text.js';
import type { AppSettings, Json, JsonObject } from '../app.js';

type Properties = Record<string, JsonObject>;

/** Whether an app reference (`relatedApp`, `destApp`: `{app}` or `{code}`) names the renamed app. */
export type NamesApp = (ref: Json | undefined) => boolean;

/**
 * One copy of an app's settings after fields of the app that `namesApp` picks went live under new
 * codes: lookups and related-records tables that read from it (their related fields, picker
 * fields, and the filter and sort they run there) and copy actions that write to it follow.
 */
export function renameRelated(settings: AppSettings, namesApp: NamesApp, renames: Renames): AppSettings {
  if (renames.size === 0) return settings;
  const e = editsFor(renames);
  const related = (part: JsonObject, keys: (p: JsonObject) => JsonObject): JsonObject =>
    namesApp(part.relatedApp) ? edit(edit(keys(part), 'filterCond', e.filter), 'sort', e.sort) : part;
  const properties = (props: Properties): Properties =>
    eachValue(props, (def) => {
      let next = edit(
        def,
        'lookup',
        inObject((l) =>
          related(l, (p) =>
            edit(
              edit(
                edit(p, 'relatedKeyField', e.code),
                'fieldMappings',
                eachObject((m) => edit(m, 'relatedField', e.code)),
              ),
              'lookupPickerFields',
              e.codes,
            ),
          ),
        ),
      );
      next = edit(
        next,
        'referenceTable',
        inObject((t) =>
          related(t, (p) =>
            edit(
              edit(
                p,
                'condition',
                inObject((c) => edit(c, 'relatedField', e.code)),
              ),
              'displayFields',
              e.codes,
            ),
          ),
        ),
      );
      return edit(next, 'fields', (inner) => (isObject(inner) ? properties(inner as Properties) : inner));
    });
  return {
    ...settings,
    properties: properties(settings.properties),
    actions: eachValue(settings.actions, (action) =>
      namesApp(action.destApp)
        ? edit(
            action,
            'mappings',
            eachObject((m) => edit(m, 'destField', e.code)),
          )
        : action,
    ),
  };
}
