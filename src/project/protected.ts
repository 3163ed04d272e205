/**
 * `protected: true` on an environment (production): seed, which writes a project's record files
 * into its apps, calls refuseProtected before anything else, and stops (restore, which writes back
 * the environment's own backed-up values, does not: docs/records.md). Nothing on the command line lifts it (no
 * flag, no --yes): whoever may write there removes the setting from appdeploy.yaml, in a change
 * others see in review.
 */
import { AppdeployError } from '../errors.js';
import type { ChosenEnvironment } from './environment.js';

/** Throws ENVIRONMENT.PROTECTED when the environment says `protected: true`. */
export function refuseProtected(environment: ChosenEnvironment, command: string): void {
  if (environment.config.protected !== true) return;
  throw new AppdeployError(
    'ENVIRONMENT.PROTECTED',
    `${command} refuses environment "${environment.name}": appdeploy.yaml says \`protected: true\` under environments.${environment.name}`,
    {
      hint: `Choose another environment with --env. To write records into "${environment.name}" on purpose, remove \`protected: true\` from it in appdeploy.yaml (no flag lifts it).`,
    },
  );
}
