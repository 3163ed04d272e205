/**
 * The plan's one call to the target where it would otherwise make none: a project with no apps
 * yet (written for `export --all` to fill), or apps none of which has an id there while the
 * environment signs in with API tokens alone (no user to read a language of). Without it `plan`
 * and `status` would report a base URL that does not answer, or a wrong password, as "no changes"
 * and "in sync"; with it they fail as every other command does, with the same words
 * (cli/report-error.ts). The embedded local service is started by the command itself: no call.
 *
 * The call is the cheapest every service has, one app of the list (`GET /k/v1/apps.json`,
 * limit 1; new-app-language.ts falls back to it too). An API token may not make it: the hosted
 * platform answers `403 GAIA_NO01` (platform/token-calls.ts), which is the service answering
 * and taking the token as one; a token matching no app (`GAIA_IA02`), a refused basic auth and
 * everything short of an answer fail as they would on any other call.
 */
import { ServiceError, type Client } from '../client/index.js';
import type { Project } from '../project/index.js';

export async function reachService(
  client: Client,
  project: Project,
  how: {
    tokenOnly: boolean;
    /** Whether the plan reads something of the target anyway (an app's settings, the user's language). */
    reached: boolean;
  },
): Promise<void> {
  if (project.environment.local || how.reached) return;
  try {
    await client.apps.getApps({ limit: 1 });
  } catch (error) {
    if (how.tokenOnly && error instanceof ServiceError && error.code === 'GAIA_NO01') return;
    throw error;
  }
}
