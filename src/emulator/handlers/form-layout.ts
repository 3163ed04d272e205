import { settingsPaths } from '../../platform/index.js';
import { Problems } from '../errors.js';
import { readSettings, writeSettings } from '../model/settings-write.js';
import { checkBody, fieldIndex } from '../validate/context.js';
import { layoutBody } from '../validate/layout.js';
import { anyJson, obj } from '../validate/shape.js';
import { copyReadRoutes } from './settings/routes.js';
import type { AppSettings, JsonObject } from '../model/app.js';
import type { ApiRequest, Route } from '../context.js';

const shape = obj({ ...layoutBody, app: anyJson, revision: anyJson }, { required: ['layout'] });

/**
 * Where each field sits must make sense beyond its shape: a field appears once, a table's
 * fields only in that table's row, and no table field in a plain row.
 */
function checkPlacement(layout: JsonObject[], settings: AppSettings): void {
  const { inTable } = fieldIndex(settings.properties);
  const problems = new Problems();
  const seen = new Set<string>();
  const visit = (rows: JsonObject[], path: string) =>
    rows.forEach((row, r) => {
      if (row.type === 'GROUP') return visit((row.layout ?? []) as JsonObject[], `${path}[${r}].layout`);
      const table = row.type === 'SUBTABLE' ? (row.code as string) : undefined;
      if (table !== undefined) {
        if (seen.has(table)) problems.add(`${path}[${r}].code`, `The field "${table}" is placed twice.`);
        seen.add(table);
      }
      ((row.fields ?? []) as JsonObject[]).forEach((f, i) => {
        if (typeof f.code !== 'string') return;
        const at = `${path}[${r}].fields[${i}].code`;
        if (seen.has(f.code)) problems.add(at, `The field "${f.code}" is placed twice.`);
        seen.add(f.code);
        if (inTable.get(f.code) !== table)
          problems.add(
            at,
            table === undefined
              ? `The field "${f.code}" belongs to the table "${inTable.get(f.code)!}"; place it in that table's row.`
              : `The field "${f.code}" is not in the table "${table}".`,
          );
      });
    });
  visit(layout, 'layout');
  problems.throwIfAny();
}

function putLayout(req: ApiRequest): unknown {
  const { revision } = writeSettings(req, 'draft', (s) => {
    const { layout } = checkBody<{ layout: JsonObject[] }>(shape, req.params.raw, s.properties);
    checkPlacement(layout, s);
    return { ...s, layout };
  });
  return { revision };
}

/** The deprecated combined form API: `{properties: [definition, ...]}` and no revision, as the old API answered. */
function legacyForm(copy: 'draft' | 'live') {
  return (req: ApiRequest): unknown => {
    const { settings } = readSettings(req, copy, 'view');
    return { properties: Object.values(settings.properties) };
  };
}

const LAYOUT = settingsPaths('layout');

export const formLayoutRoutes: Route[] = [
  ...copyReadRoutes(LAYOUT, 'any', 'view', false, (s) => ({ layout: s.layout })),
  { method: 'PUT', path: LAYOUT.draft, auth: 'any', handler: putLayout },
  { method: 'GET', path: '/k/v1/form.json', auth: 'any', handler: legacyForm('live') },
  { method: 'GET', path: '/k/v1/preview/form.json', auth: 'any', handler: legacyForm('draft') },
];
