/**
 * What `apply PLANFILE` says before it writes: which saved plan, for which environment, made
 * when, and its summary per app. The plan was reviewed when it was saved, and saving it was the
 * approval (as Terraform's saved plans): apply asks nothing, but never writes unannounced.
 */
import type { Plan } from '../plan/types.js';
import { countApp, summaryPhrase } from './counts.js';

export function renderSavedPlanSummary(plan: Plan, file: string): string {
  const apps = plan.apps
    .filter((app) => app.action !== 'no-op')
    .map((app) => {
      const id = app.id === null ? '' : ` (id ${app.id})`;
      const does = app.action === 'create-app' ? 'will be created' : 'will be updated';
      return `  app "${app.key}"${id} ${does}: ${summaryPhrase(countApp(app))}\n`;
    });
  const plugins = plan.plugins.filter((plugin) => plugin.action !== 'no-op').length;
  const pluginLine =
    plugins === 0 ? '' : `  ${plugins} plug-in${plugins === 1 ? '' : 's'} to install or update first\n`;
  return (
    `Applying the saved plan ${file} (environment ${plan.environment}, planned ${plan.createdAt}):\n` +
    pluginLine +
    apps.join('') +
    `Plan: ${summaryPhrase(plan.summary)}.\n`
  );
}
