/**
 * Pure: what a manifest asks of the system fields of an app apply creates that the new app
 * cannot have, as `blocked` risks located in the manifest (project/new-app-fields.ts says why):
 * a STATUS, STATUS_ASSIGNEE or CATEGORY field declared with another code or label than the new
 * app gets, and a system field the manifest leaves undeclared but names by the code of the
 * environment's `locale` when the app is created in another language.
 */
import type { Locale } from '../platform/index.js';
import type { Location, ProjectApp } from '../project/index.js';
import { describeMismatch, newAppFieldMismatches, undeclaredCodeShifts } from '../project/new-app-fields.js';
import type { FieldUse, Risk } from './types.js';

const at = (where: Location): string => `${where.file}:${where.line}:${where.col}`;

/** The declared fixed system fields a new app cannot have as written. */
export function declaredFieldRisks(app: ProjectApp, locale: Locale, creation: string): Risk[] {
  return newAppFieldMismatches(app.manifest, locale).map((mismatch) => {
    const { reason, instead } = describeMismatch(mismatch, creation);
    const where = app.source.locate(mismatch.path, mismatch.codeDiffers ? 'key' : 'value');
    return {
      kind: 'blocked',
      area: 'fields',
      path: [mismatch.code],
      reason: `${at(where)}: ${reason}`,
      instead,
    };
  });
}

/** The codes of undeclared system fields the project assumes (`assumed`) that the new app does not have. */
export function shiftedCodes(app: ProjectApp, assumed: Locale, locale: Locale): string[] {
  return undeclaredCodeShifts(app.manifest, assumed, locale).map((s) => s.assumed);
}

/**
 * The undeclared system fields that the project names (`uses`: the where-used index) by a code
 * the new app will not have: one risk for the app, naming each, with every place named.
 */
export function undeclaredFieldRisks(
  app: ProjectApp,
  codes: { assumed: Locale; locale: Locale; environment: string },
  creation: string,
  uses: (code: string) => FieldUse[],
): Risk[] {
  const { assumed, locale, environment } = codes;
  const named = undeclaredCodeShifts(app.manifest, assumed, locale)
    .map((shift) => ({ ...shift, usedBy: uses(shift.assumed) }))
    .filter((shift) => shift.usedBy.length > 0);
  if (named.length === 0) return [];
  const where = app.source.locate(app.manifest.fields === undefined ? [] : ['fields'], 'key');
  const list = named.map((s) => `"${s.assumed}" (${s.type}: "${s.actual}" in the new app)`).join(', ');
  return [
    {
      kind: 'blocked',
      area: 'fields',
      path: [],
      reason:
        `${at(where)}: ${creation}, so its system fields get the codes of locale ${locale}, but the project names ${list}:` +
        ` codes of locale ${assumed} (environment ${environment}'s locale in appdeploy.yaml, which validate checked against)`,
      instead:
        `deploy as a user whose own language is ${assumed} or follows the browser (apply asks for locale ${assumed}); ` +
        `or set locale: ${locale} for environment ${environment} in appdeploy.yaml and name each field by its code there (validate then finds each place)`,
      usedBy: named.flatMap((s) => s.usedBy.map((u) => ({ ...u, where: `${u.where}: ${s.assumed}` }))),
    },
  ];
}
