/**
 * Writes a created app's id into appdeploy.yaml (`apps.<key>.ids.<env>`), through the yaml
 * package's Document API so that comments, ${VAR} references, flow maps and key order stay as
 * the user wrote them. Done right after each creation: the app exists from then on, whatever
 * happens next, and the next plan must find it.
 */
import { readFile, rename, writeFile } from 'node:fs/promises';
import { parseDocument } from 'yaml';

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
