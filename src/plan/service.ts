/**
 * Which service a plan is made against, and whether another one is the same. The base URL (or,
 * for the local service started inside the command, its data directory) names the service; the
 * apps tell two services apart where the name does not (the same URL pointed elsewhere, a local
 * service whose data was deleted and made again): an app's id, with its creation time and
 * creator, as `GET /k/v1/app.json` answers them (`createdAt`, `creator.code`: the official
 * client's `App` type in lib/src/client/types/app/index.d.ts; spec/rest-interface.md, Get App).
 */
import { join, resolve } from 'node:path';
import type { Client } from '../client/index.js';
import { ServiceError } from '../client/index.js';
import type { Project } from '../project/index.js';
import type { ServiceApp, ServiceIdentity } from './types.js';

/** The service of the project's environment, without its apps. */
export function serviceOf(project: Project): Omit<ServiceIdentity, 'apps'> {
  const { config, local } = project.environment;
  if (local || config.baseUrl === undefined)
    // Where local/connect.ts (localDataDir) keeps the local service's data; plan/ may not import local/.
    return { baseUrl: null, dataDir: resolve(join(project.root, '.appdeploy', 'local')) };
  return { baseUrl: config.baseUrl.replace(/\/+$/, '') };
}

/** How a user recognises the service: its URL, or the local service's folder. */
export function describeService(service: Omit<ServiceIdentity, 'apps'>): string {
  return service.baseUrl ?? `the local service in ${service.dataDir ?? '(unknown folder)'}`;
}

export async function serviceIdentity(
  project: Project,
  client: Client,
  apps: readonly { key: string; id: string | null }[],
): Promise<ServiceIdentity> {
  const known = apps.filter((a): a is { key: string; id: string } => a.id !== null);
  const answered = await Promise.all(known.map((a) => serviceApp(client, a)));
  return { ...serviceOf(project), apps: answered.filter((a): a is ServiceApp => a !== null) };
}

/** The app as this service answers for it; null when it has no app of that id. */
export async function serviceApp(
  client: Client,
  app: { key: string; id: string },
): Promise<ServiceApp | null> {
  try {
    const answer = await client.apps.getApp({ id: app.id });
    return { key: app.key, id: app.id, createdAt: answer.createdAt, creator: answer.creator.code };
  } catch (error) {
    if (error instanceof ServiceError && error.code === 'GAIA_AP01') return null;
    throw error;
  }
}
