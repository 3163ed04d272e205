/**
 * `protected: true` on an environment (production): commands that write records into its apps
 * call refuseProtected before anything else, and stop. Nothing on the command line lifts it (no
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
