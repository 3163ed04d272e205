/**
 * The directory preflight again at apply, after its last read and before its first write, as the
 * record risks are recounted (recount.ts): a user, group or organization removed from the target
 * since the plan was made would have the platform refuse the write mid-apply. Each one missing
 * now that the plan did not already block is refused like the plan's own blocked risks
 * (refusals.ts), so nothing is written.
 */
import type { Client } from '../client/index.js';
import { checkDirectory, usesTokenOnly, type AppPlan } from '../plan/index.js';
import type { Project } from '../project/index.js';
import { riskRefusals } from './refusals.js';
import type { AppRefusal } from './types.js';

export async function directoryRefusals(
  client: Client,
  project: Project,
  apps: readonly AppPlan[],
): Promise<AppRefusal[]> {
  const now = apps.map((app) => ({ ...app, risks: [] as AppPlan['risks'] }));
  await checkDirectory(client, project, now, usesTokenOnly(project.environment.config));
  const planned = new Map(apps.map((app) => [app.key, app.risks.map((r) => JSON.stringify(r))]));
  const found = now.map((app) => ({
    ...app,
    risks: app.risks.filter((risk) => !planned.get(app.key)?.includes(JSON.stringify(risk))),
  }));
  return riskRefusals(found, { allowDataLoss: true, discardPendingDrafts: true }).map((refusal) => ({
    ...refusal,
    message: `${refusal.message} (found at apply; the plan did not have it)`,
  }));
}
