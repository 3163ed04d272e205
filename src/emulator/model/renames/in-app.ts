import { edit, editsFor, eachObject, eachValue, inObject, isObject } from './json.js';
import type { Renames } from './text.js';
import type { AppSettings, JsonObject } from '../app.js';

type Properties = Record<string, JsonObject>;

/**
 * An app's settings after fields of that same app were renamed: the form (keys, codes, formulas,
 * lookups' own fields, related tables' own field) and every area that names its fields follows,
 * as the hosted platform's form editor does when a field code changes. What names a field of
 * ANOTHER app (a lookup's related fields, a copy action's destination) is not touched here.
 */
export function renameInApp(settings: AppSettings, renames: Renames): AppSettings {
  if (renames.size === 0) return settings;
  const e = editsFor(renames);
  const properties = (props: Properties): Properties =>
    Object.fromEntries(
      Object.entries(props).map(([code, def]) => {
        const renamed = renames.get(code) ?? code;
        let next: JsonObject = { ...def, code: renamed };
        next = edit(next, 'expression', e.formula);
        next = edit(
          next,
          'lookup',
          inObject((l) =>
            edit(
              l,
              'fieldMappings',
              eachObject((m) => edit(m, 'field', e.code)),
            ),
          ),
        );
        next = edit(
          next,
          'referenceTable',
          inObject((t) =>
            edit(
              t,
              'condition',
              inObject((c) => edit(c, 'field', e.code)),
            ),
          ),
        );
        next = edit(next, 'fields', (inner) => (isObject(inner) ? properties(inner as Properties) : inner));
        return [renamed, next];
      }),
    );
  const layout = (rows: JsonObject[]): JsonObject[] =>
    rows.map((row) => {
      let next = edit(row, 'code', e.code);
      next = edit(
        next,
        'fields',
        eachObject((f) => edit(f, 'code', e.code)),
      );
      return edit(next, 'layout', (inner) => (Array.isArray(inner) ? layout(inner as JsonObject[]) : inner));
    });
  const executable = inObject((u) => edit(u, 'entities', e.entities));
  const withTargets = (n: JsonObject) => edit(edit(n, 'filterCond', e.filter), 'targets', e.entities);
  return {
    ...settings,
    properties: properties(settings.properties),
    layout: layout(settings.layout),
    general: edit(
      settings.general,
      'titleField',
      inObject((t) => edit(t, 'code', e.code)),
    ),
    views: eachValue(settings.views, (view) => {
      let next = edit(view, 'fields', e.codes);
      for (const key of ['date', 'title']) next = edit(next, key, e.code);
      return edit(edit(next, 'filterCond', e.filter), 'sort', e.sort);
    }),
    process: edit(
      edit(
        settings.process,
        'states',
        inObject((states) => eachValue(states as Properties, (state) => edit(state, 'assignee', executable))),
      ),
      'actions',
      eachObject((a) => edit(edit(a, 'filterCond', e.filter), 'executableUser', executable)),
    ),
    appAcl: settings.appAcl.map((rule) => edit(rule, 'entity', e.entity)),
    recordAcl: settings.recordAcl.map((rule) =>
      edit(edit(rule, 'filterCond', e.filter), 'entities', e.entities),
    ),
    fieldAcl: settings.fieldAcl.map((rule) => edit(edit(rule, 'field', e.code), 'entities', e.entities)),
    notificationsGeneral: edit(settings.notificationsGeneral, 'notifications', e.entities),
    notificationsPerRecord: settings.notificationsPerRecord.map(withTargets),
    notificationsReminder: edit(
      settings.notificationsReminder,
      'notifications',
      eachObject((n) =>
        edit(
          withTargets(n),
          'timing',
          inObject((t) => edit(t, 'code', e.code)),
        ),
      ),
    ),
    reports: eachValue(settings.reports, (report) => {
      const codes = eachObject((item) => edit(item, 'code', e.code));
      return edit(edit(edit(report, 'groups', codes), 'aggregations', codes), 'filterCond', e.filter);
    }),
    actions: eachValue(settings.actions, (action) =>
      edit(
        edit(
          action,
          'mappings',
          eachObject((m) => edit(m, 'srcField', e.code)),
        ),
        'filterCond',
        e.filter,
      ),
    ),
  };
}
