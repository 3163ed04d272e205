import type { Problem } from '../problems.js';
import { checkAcl } from './acl.js';
import { checkActions } from './actions.js';
import { CheckContext, type CheckedApp, type QueryJob } from './context.js';
import { checkFields } from './fields.js';
import { checkFiles } from './files.js';
import { checkGeneral } from './general.js';
import { checkLayout } from './layout.js';
import { checkNotifications } from './notifications.js';
import { checkPluginPackages } from './plugins.js';
import { checkProcess } from './process.js';
import { checkQueries } from './queries.js';
import { checkRelatedApps } from './related.js';
import { checkReports } from './reports.js';
import { checkViews } from './views.js';

/** The checks beyond the schema, one per topic; each reads the manifest and reports through the context. */
const CHECKS: ((ctx: CheckContext) => void)[] = [
  checkGeneral,
  checkFields,
  checkRelatedApps,
  checkLayout,
  checkViews,
  checkProcess,
  checkAcl,
  checkNotifications,
  checkReports,
  checkActions,
];

/** Runs every check on every app whose manifest passed the schema; the query language last. */
export async function runChecks(
  apps: CheckedApp[],
  byKey: ReadonlyMap<string, CheckedApp | null>,
): Promise<Problem[]> {
  const problems: Problem[] = [];
  const queries: QueryJob[] = [];
  for (const app of apps) {
    const ctx = new CheckContext(app, byKey);
    for (const check of CHECKS) check(ctx);
    await Promise.all([checkFiles(ctx), checkPluginPackages(ctx)]);
    problems.push(...ctx.problems);
    queries.push(...ctx.queries);
  }
  return [...problems, ...checkQueries(queries)];
}
