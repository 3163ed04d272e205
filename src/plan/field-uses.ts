/**
 * Where the project still names a field the plan takes away: removed (its data-loss risk says
 * where), renamed (the old code stops working wherever it is still written), or blocked (a type
 * change: every place that names it changes with it). The places come from the same where-used
 * index `appdeploy docs` prints (src/usage): this app's scripts and areas, other apps' lookups,
 * related-records tables and copy actions. validate already refuses a manifest that names a
 * field no manifest has, so what is left to find here is mostly JavaScript, which validate does
 * not read; the index is used whole, so a place validate misses is named too.
 */
import type { Json } from '../areas/types.js';
import type { WhereUsed } from '../usage/index.js';
import type { AppPlan, FieldUse, Risk } from './types.js';

/** A code the plan takes away from an app, and what it becomes when it is renamed. */
export interface TakenField {
  code: string;
  renamedTo?: string;
}

/** The fields area's removals (a table with its columns) and renames' old codes. */
export function takenFields(app: AppPlan): TakenField[] {
  const fields = app.areas.find((a) => a.key === 'fields');
  if (!fields || app.action === 'create-app') return [];
  return fields.changes.flatMap((change): TakenField[] => {
    const code = String(change.path[change.path.length - 1]);
    if (change.action === 'rename') return [{ code: change.from, renamedTo: code }];
    if (change.action !== 'remove') return [];
    return [{ code }, ...columnsOf(change.before).map((c) => ({ code: c }))];
  });
}

/**
 * The codes of fields the plan would replace (a type change, a move into or out of a table):
 * blocked, as the service cannot, and done by hand as a new field, so every place changes with
 * it. A fixed system field's relabel is blocked too, but the field stays: not one of these.
 */
function replacedFields(app: AppPlan): string[] {
  const fields = app.areas.find((a) => a.key === 'fields');
  return (fields?.changes ?? []).flatMap((c) =>
    c.action === 'replace' ? [String(c.path[c.path.length - 1])] : [],
  );
}

/** The field a blocked risk is about, when it is a replaced one. */
function replacedBy(risk: Risk, replaced: readonly string[]): string | null {
  if (risk.kind !== 'blocked' || risk.area !== 'fields' || risk.path.length === 0) return null;
  const code = String(risk.path[risk.path.length - 1]);
  return replaced.includes(code) ? code : null;
}

/** Every code of every app the where-used index must look for in scripts. */
export function codesToFind(apps: readonly AppPlan[]): Map<string, string[]> {
  const codes = new Map<string, string[]>();
  for (const app of apps) {
    const taken = [...takenFields(app).map((t) => t.code), ...replacedFields(app)];
    if (taken.length > 0) codes.set(app.key, taken);
  }
  return codes;
}

/**
 * The app's risks with where each taken field is still named: on its data-loss or blocked risk
 * when it has one, else as a `field-still-used` risk of its own. Pure.
 */
export function withFieldUses(app: AppPlan, index: WhereUsed): Risk[] {
  const uses = (code: string): FieldUse[] => fieldUsesOf(index, app.key, code);
  const replaced = replacedFields(app);
  const risks = app.risks.map((risk): Risk => {
    if (risk.kind === 'data-loss' && risk.option === undefined && risk.notConverted !== true) {
      const usedBy = uses(risk.field);
      return usedBy.length > 0 ? { ...risk, usedBy } : risk;
    }
    const code = replacedBy(risk, replaced);
    if (risk.kind === 'blocked' && code !== null) {
      const usedBy = uses(code);
      return usedBy.length > 0 ? { ...risk, usedBy } : risk;
    }
    return risk;
  });
  // A place named once per field: on its data-loss or blocked risk when it has one.
  const covered = new Set(
    risks.flatMap((r) => {
      if (r.kind === 'data-loss' && r.usedBy !== undefined) return [r.field];
      if (r.kind === 'blocked' && r.usedBy !== undefined) return [String(r.path[r.path.length - 1])];
      return [];
    }),
  );
  for (const taken of takenFields(app)) {
    if (covered.has(taken.code)) continue;
    const usedBy = uses(taken.code);
    if (usedBy.length === 0) continue;
    risks.push({
      kind: 'field-still-used',
      area: 'fields',
      field: taken.code,
      ...(taken.renamedTo !== undefined ? { renamedTo: taken.renamedTo } : {}),
      usedBy,
    });
  }
  return risks;
}

/** Where the project names field `code` of app `app` (another app's places with that app's key). */
export function fieldUsesOf(index: WhereUsed, app: string, code: string): FieldUse[] {
  return (index.get(app)?.get(code) ?? []).map((u) => ({
    app: u.fromApp ?? app,
    area: u.area,
    where: u.where,
  }));
}

/** The column codes of a removed table, from its canonical form (`fields: {code: ...}`). */
export function columnsOf(before: Json): string[] {
  if (before === null || typeof before !== 'object' || Array.isArray(before)) return [];
  const columns = before['fields'];
  if (columns === null || typeof columns !== 'object' || Array.isArray(columns)) return [];
  return Object.keys(columns);
}
