/**
 * A saved plan belongs to the service it was made against (plan/service.ts): applied to another
 * one with the same environment name, ids and revisions, it would change apps nobody reviewed.
 * The service's name (base URL, or the local service's folder) is checked first, without a call;
 * then each app the plan names, as this service answers for it.
 */
import type { Client } from '../client/index.js';
import { AppdeployError } from '../errors.js';
import { describeService, serviceApp, serviceOf, type Plan } from '../plan/index.js';
import { appdeployCommand, type Project } from '../project/index.js';
import type { AppRefusal } from './types.js';

/** Throws when the plan names another service than the project's environment. */
export function refuseOtherService(plan: Plan, project: Project): void {
  const here = serviceOf(project);
  const there = plan.service;
  if (here.baseUrl === there.baseUrl && here.dataDir === there.dataDir) return;
  const env = project.environment.name;
  throw new AppdeployError(
    'APPLY.OTHER_SERVICE',
    `the plan was planned against ${describeService(there)}, not ${describeService(here)} (environment ${env} now)`,
    { hint: `Plan again against this service: \`${appdeployCommand(project, 'plan', '--out FILE')}\`.` },
  );
}

/** Apps of the plan that this service holds as other apps (or not at all). */
export async function otherServiceRefusals(plan: Plan, client: Client): Promise<AppRefusal[]> {
  const answers = await Promise.all(
    plan.service.apps.map(async (planned) => ({ planned, now: await serviceApp(client, planned) })),
  );
  return answers.flatMap(({ planned, now }) => {
    if (now !== null && now.createdAt === planned.createdAt && now.creator === planned.creator) return [];
    const was = `app ${planned.id} created ${planned.createdAt} by ${planned.creator}`;
    const is =
      now === null
        ? `this service has no app ${planned.id}`
        : `this service's app ${now.id} was created ${now.createdAt} by ${now.creator}`;
    return [
      {
        kind: 'other-service' as const,
        app: planned.key,
        message: `the plan was made against ${was}, but ${is}: another service; plan against this one`,
      },
    ];
  });
}
