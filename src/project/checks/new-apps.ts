/**
 * validate: an app the chosen environment has no id for is created by apply, with the system
 * fields of the environment's language (`locale`); a manifest that declares its STATUS,
 * STATUS_ASSIGNEE or CATEGORY field otherwise cannot be applied as written (new-app-fields.ts).
 * The plan says the same with the deploying user's language, which validate cannot read.
 */
import { readLocalIds } from '../local-ids.js';
import type { ChosenEnvironment } from '../environment.js';
import type { ProjectConfig } from '../manifest.js';
import { describeMismatch, newAppFieldMismatches } from '../new-app-fields.js';
import { formatPath, problem, type Problem } from '../problems.js';
import type { CheckedApp } from './context.js';

export function checkNewApps(
  apps: readonly CheckedApp[],
  at: { environment: ChosenEnvironment | null; config: Partial<ProjectConfig>; root: string },
): Problem[] {
  const { environment, config, root } = at;
  if (environment === null) return [];
  const localIds = environment.local ? (readLocalIds(root)[environment.name] ?? {}) : {};
  return apps.flatMap((app) => {
    const id = localIds[app.key] ?? config.apps?.[app.key]?.ids?.[environment.name];
    if (id !== undefined) return [];
    return newAppFieldMismatches(app.manifest, environment.locale).map((mismatch) => {
      const creation = `apply creates app "${app.key}" in environment ${environment.name} (locale ${environment.locale})`;
      const { reason, instead } = describeMismatch(mismatch, creation);
      const where = app.source.locate(mismatch.path, mismatch.codeDiffers ? 'key' : 'value');
      return problem('FIELD.FIXED_ON_NEW_APP', `${formatPath(mismatch.path)}: ${reason}`, where, {
        hint: `${instead.charAt(0).toUpperCase()}${instead.slice(1)}.`,
        path: mismatch.path,
      });
    });
  });
}
