/**
 * Records created apps' ids: the apps exist from then on, whatever happens next, and the next
 * plan must find them. Apply records the ids of one dependency level in one write, once that
 * level's creations have answered; a crash before then is covered by the recovery record, which
 * holds each id from the service's answer on (recovery.ts, adopted by recovery-adopt.ts). The embedded local service's environments keep their ids with its
 * data (`.appdeploy/local/ids.json`, project/local-ids.ts), never in the committed appdeploy.yaml;
 * every other environment's id goes into appdeploy.yaml (`apps.<key>.ids.<env>`), through the
 * yaml package's Document API so that comments, ${VAR} references, flow maps and key order stay
 * as the user wrote them.
 */
import { readFile } from 'node:fs/promises';
import { parseDocument } from 'yaml';
import { atomicWrite } from '../atomic-write.js';
import { maskVariables, unmaskVariables } from '../project/env-vars.js';
import type { Project } from '../project/index.js';
import { writeLocalIds } from '../project/local-ids.js';

/** Where the environment keeps its apps' ids, as messages name it from the project's folder. */
export function idsFileShown(project: Pick<Project, 'environment'>): string {
  return project.environment.local ? '.appdeploy/local/ids.json' : 'appdeploy.yaml';
}

export async function recordAppId(project: Project, appKey: string, id: string): Promise<void> {
  await recordAppIds(project, { [appKey]: id });
}

/** Several apps' ids (app key to id) in one write of the file that keeps them. */
export async function recordAppIds(project: Project, ids: Readonly<Record<string, string>>): Promise<void> {
  if (Object.keys(ids).length === 0) return;
  const env = project.environment.name;
  if (project.environment.local) writeLocalIds(project.root, env, ids);
  else await writeAppIds(project.configPath, env, ids);
}

export async function writeAppId(configPath: string, appKey: string, env: string, id: string): Promise<void> {
  await writeAppIds(configPath, env, { [appKey]: id });
}

async function writeAppIds(
  configPath: string,
  env: string,
  ids: Readonly<Record<string, string>>,
): Promise<void> {
  const text = await readFile(configPath, 'utf8');
  // Masked as the loader reads it: YAML alone cannot parse `{ login: ${LOGIN} }`, the form the
  // README shows, and a document with errors cannot be printed again.
  const masked = maskVariables(text);
  const doc = parseDocument(masked.text);
  // Ids are numbers in the service's interface (and in the examples); a non-numeric id stays text.
  for (const [appKey, id] of Object.entries(ids))
    doc.setIn(['apps', appKey, 'ids', env], /^[1-9]\d{0,14}$/.test(id) ? Number(id) : id);
  // A crash leaves the old file or the new one, never half of one.
  await atomicWrite(configPath, unmaskVariables(doc.toString(), text, masked.refs));
}
