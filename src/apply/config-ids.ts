/**
 * Records a created app's id at once: the app exists from then on, whatever happens next, and
 * the next plan must find it. The embedded local service's environments keep their ids with its
 * data (`.appdeploy/local/ids.json`, project/local-ids.ts), never in the committed appdeploy.yaml;
 * every other environment's id goes into appdeploy.yaml (`apps.<key>.ids.<env>`), through the
 * yaml package's Document API so that comments, ${VAR} references, flow maps and key order stay
 * as the user wrote them.
 */
import { readFile, rename, writeFile } from 'node:fs/promises';
import { parseDocument } from 'yaml';
import type { Project } from '../project/index.js';
import { writeLocalId } from '../project/local-ids.js';

export async function recordAppId(project: Project, appKey: string, id: string): Promise<void> {
  const env = project.environment.name;
  if (project.environment.local) writeLocalId(project.root, env, appKey, id);
  else await writeAppId(project.configPath, appKey, env, id);
}

export async function writeAppId(configPath: string, appKey: string, env: string, id: string): Promise<void> {
  const text = await readFile(configPath, 'utf8');
  const doc = parseDocument(text);
  // Ids are numbers in the service's interface (and in the examples); a non-numeric id stays text.
  const value = /^[1-9]\d{0,14}$/.test(id) ? Number(id) : id;
  doc.setIn(['apps', appKey, 'ids', env], value);
  // Written beside and renamed over: a crash leaves the old file or the new one, never half of one.
  const temp = `${configPath}.${process.pid}.tmp`;
  await writeFile(temp, doc.toString());
  await rename(temp, configPath);
}
