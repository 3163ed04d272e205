/**
 * An app id the service does not have (GAIA_AP01 on a draft read, which answers for every app
 * that exists, deployed or not): an error naming the app key, where the id came from and what to
 * do, instead of a bare `[404] GAIA_AP01` from deep inside a command. Evidence: platform-facts.md
 * (404 GAIA_AP01: app not found, or not yet deployed for live reads); the hosted platform's answer
 * recorded in kintone's own SDK tests is 404 GAIA_AP01 "The app (ID: 444444) not found. The app
 * may have been deleted." for an id it does not have.
 */
import { ServiceError } from '../client/index.js';
import { AppdeployError } from '../errors.js';
import type { Project, ProjectApp } from '../project/index.js';
import { LOCAL_IDS_SHOWN } from '../project/local-ids.js';

export function isUnknownApp(error: unknown): boolean {
  return error instanceof ServiceError && error.code === 'GAIA_AP01';
}

export function unknownAppId(project: Project, app: ProjectApp, cause: unknown): AppdeployError {
  const env = project.environment.name;
  if (project.environment.local)
    return new AppdeployError(
      'PROJECT.UNKNOWN_ID',
      `app "${app.key}" has id ${app.id} in ${LOCAL_IDS_SHOWN} (environment "${env}"), but the local service has no app ${app.id}`,
      {
        hint: `Remove "${app.key}" from ${LOCAL_IDS_SHOWN} to have apply create the app again, or delete .appdeploy/ to start over.`,
        cause,
      },
    );
  const path = ['apps', app.key, 'ids', env];
  const at = project.configSource.locate(path);
  return new AppdeployError(
    'PROJECT.UNKNOWN_ID',
    `${at.file}:${at.line}:${at.col}: app "${app.key}" has id ${app.id} in environment "${env}", but the service has no app ${app.id} (or this user cannot see it)`,
    {
      hint: `Correct ${path.join('.')} in appdeploy.yaml, or remove it to have apply create the app.`,
      cause,
    },
  );
}
