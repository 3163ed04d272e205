/**
 * The system-field risks of a plan's apps that the fields diff alone cannot locate or see:
 * the apps apply creates (new-app-risks.ts), with the deploying user's language
 * (new-app-language.ts); and, for an existing app, where in its manifest a STATUS,
 * STATUS_ASSIGNEE or CATEGORY change the fields area blocks is written.
 */
import { FIXED_SYSTEM_FIELD_TYPES } from '../platform/index.js';
import { readScripts, type Project, type ProjectApp } from '../project/index.js';
import { buildWhereUsed, type UsageApp, type WhereUsed } from '../usage/index.js';
import { fieldUsesOf } from './field-uses.js';
import { creationWords, type NewAppLanguage } from './new-app-language.js';
import { declaredFieldRisks, shiftedCodes, undeclaredFieldRisks } from './new-app-risks.js';
import type { AppPlan, Risk } from './types.js';

/** Every app of the project as the where-used index reads it, scripts included. */
export function readUsage(project: Project): Promise<UsageApp[]> {
  return Promise.all(
    project.apps.map(async (a) => ({
      key: a.key,
      manifest: a.manifest,
      ids: a.ids,
      scripts: await readScripts(a),
    })),
  );
}

/** Adds to each planned app apply creates the risks of its system fields in `language`. */
export async function addNewAppRisks(
  project: Project,
  chosen: readonly ProjectApp[],
  apps: readonly AppPlan[],
  language: NewAppLanguage,
): Promise<void> {
  const environment = project.environment;
  const created = chosen.filter((a) => a.id === null);
  const alsoCodes = new Map(
    created
      .map((a): [string, string[]] => [a.key, shiftedCodes(a, environment.locale, language.locale)])
      .filter(([, codes]) => codes.length > 0),
  );
  // The scripts are read only when some code shifts: a new app in the project's own language reads none.
  const index: WhereUsed | null =
    alsoCodes.size === 0 ? null : buildWhereUsed({ apps: await readUsage(project) }, { alsoCodes });
  for (const app of created) {
    const planned = apps.find((p) => p.key === app.key);
    if (!planned) continue;
    const creation = creationWords(app.key, language, environment.name);
    const codes = { assumed: environment.locale, locale: language.locale, environment: environment.name };
    planned.risks.push(
      ...declaredFieldRisks(app, language.locale, creation),
      ...undeclaredFieldRisks(app, codes, creation, (code) =>
        index === null ? [] : fieldUsesOf(index, app.key, code),
      ),
    );
  }
}

/**
 * An existing app's blocked change of a STATUS, STATUS_ASSIGNEE or CATEGORY field (areas/fields
 * risks.ts, fixedBlock), located at the field in its manifest.
 */
export function locateFixedFieldBlocks(risks: readonly Risk[], app: ProjectApp): Risk[] {
  return risks.map((risk) => {
    if (risk.kind !== 'blocked' || risk.area !== 'fields' || risk.path.length !== 1) return risk;
    const code = String(risk.path[0]);
    const type = app.manifest.fields?.[code]?.type;
    if (type === undefined || !FIXED_SYSTEM_FIELD_TYPES.has(type)) return risk;
    const where = app.source.locate(['fields', code], 'key');
    return { ...risk, reason: `${where.file}:${where.line}:${where.col}: ${risk.reason}` };
  });
}
