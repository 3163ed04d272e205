/**
 * Pure: removals of fields that another app of the project names in a lookup or a related-records
 * table, blocked (named-elsewhere.ts says why: the service refuses the deletion while that app's
 * copy on the service names the field, and the manifest dropping the reference is deployed only
 * after the deletion is written). Validate already refuses a manifest naming a removed field, so
 * what is left is the service's copy, or an app `--app` leaves out.
 */
import { columnsOf } from './field-uses.js';
import type { LeftOutFields } from './left-out-fields.js';
import { leftOutNamingRisk, namedElsewhereRisk } from './named-elsewhere.js';
import type { AppPlan, Risk } from './types.js';

type AppLike = Pick<AppPlan, 'key' | 'id' | 'areas'>;

export function referencedRemovals(
  apps: readonly AppLike[],
  leftOut: readonly LeftOutFields[] = [],
): Map<string, Risk[]> {
  const blocks = new Map<string, Risk[]>();
  for (const app of apps) {
    if (app.id === null) continue;
    for (const removed of removedFields(app)) {
      const deleted = {
        ...removed,
        refuses:
          "and the service refuses to delete a field another app's lookup or related-records table names",
        then: `remove "${removed.code}"`,
        again: `then remove "${removed.code}"`,
      };
      const risk = namedElsewhereRisk(apps, app, deleted) ?? leftOutNamingRisk(leftOut, app, deleted);
      if (risk) blocks.set(app.key, [...(blocks.get(app.key) ?? []), risk]);
    }
  }
  return blocks;
}

/** Whether the plan removes a field of the app (the left-out apps are read only then). */
export function removesFields(app: AppLike): boolean {
  return removedFields(app).length > 0;
}

/** The fields the fields area removes, a removed table's columns with it (at the table's path). */
function removedFields(app: AppLike): { code: string; path: (string | number)[] }[] {
  const fields = app.areas.find((a) => a.key === 'fields');
  return (fields?.changes ?? []).flatMap((change) => {
    if (change.action !== 'remove') return [];
    const path = change.path;
    const code = String(path[path.length - 1]);
    return [code, ...columnsOf(change.before)].map((c) => ({ code: c, path }));
  });
}
