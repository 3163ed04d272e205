/**
 * Gives the apps of a project on the embedded local service their ids from `.appdeploy/local/ids.json`
 * (project/local-ids.ts says why they live there). appdeploy.yaml files written before that held
 * `ids: { local: N }`; such an id is read once as a fallback and moved into ids.json when the
 * local service has that app and no other app key claims it, and ignored otherwise (a fresh
 * clone, a deleted `.appdeploy/`: apply creates the app). Either way a note says so and asks for
 * the line to be removed from appdeploy.yaml, where it is never read again once ids.json has one.
 */
import { ServiceError, type Client } from '../client/index.js';
import type { Project } from '../project/index.js';
import { LOCAL_IDS_SHOWN, readLocalIds, writeLocalId } from '../project/local-ids.js';

/** Sets each app's id for the chosen (local) environment; returns notes for the user. */
export async function useLocalIds(project: Project, client: Client): Promise<string[]> {
  const env = project.environment.name;
  const stored = readLocalIds(project.root)[env] ?? {};
  const owner = new Map(Object.entries(stored).map(([key, id]) => [id, key]));
  const notes: string[] = [];
  for (const app of project.apps) {
    const committed = app.ids[env];
    const own = stored[app.key];
    app.id = own ?? null;
    if (committed === undefined) continue;
    const path = ['apps', app.key, 'ids', env];
    const at = project.configSource.locate(path);
    const where = `${at.file}:${at.line}:${at.col}: ${path.join('.')}`;
    const remove = `remove it from appdeploy.yaml: the ids of environment "${env}" live in ${LOCAL_IDS_SHOWN}, with the local service's data, and are not committed`;
    if (own !== undefined) {
      notes.push(`${where} is not read; ${remove}.`);
      continue;
    }
    const other = owner.get(committed);
    if (other !== undefined) {
      notes.push(`${where}: id ${committed} is ignored, it is app "${other}" here; ${remove}.`);
      continue;
    }
    if (await hasApp(client, committed)) {
      writeLocalId(project.root, env, app.key, committed);
      owner.set(committed, app.key);
      app.id = committed;
      notes.push(`${where}: id ${committed} was moved to ${LOCAL_IDS_SHOWN}; ${remove}.`);
    } else
      notes.push(
        `${where}: id ${committed} is ignored, the local service has no such app (apply creates it); ${remove}.`,
      );
  }
  return notes;
}

async function hasApp(client: Client, id: string): Promise<boolean> {
  try {
    await client.settings.getGeneralSettings({ app: id, copy: 'draft' });
    return true;
  } catch (error) {
    if (error instanceof ServiceError && error.status === 404) return false;
    throw error;
  }
}
