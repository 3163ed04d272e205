/**
 * The app ids of the environments served by the embedded local service (no `baseUrl`): they live
 * with its data, in `.appdeploy/local/ids.json`, never in appdeploy.yaml. appdeploy.yaml is
 * committed and `.appdeploy/` is not, so an id written there would outlive the data it names:
 * a fresh clone (or a deleted `.appdeploy/`) would send it to a service that has no such app,
 * and two branches that each add an app would both get the next free id and, merged, name one
 * app twice. Deleting `.appdeploy/` now starts over cleanly: the ids go with the apps.
 *
 * The file maps environment name to app key to id: `{ "local": { "orders": "3" } }`.
 */
import { readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { atomicWriteSync, makeFoldersSync } from '../atomic-write.js';
import { AppdeployError } from '../errors.js';

export type LocalIds = Record<string, Record<string, string>>;

/** As messages name the file, from the project's folder. */
export const LOCAL_IDS_SHOWN = '.appdeploy/local/ids.json';

export function localIdsPath(root: string): string {
  return join(root, '.appdeploy', 'local', 'ids.json');
}

/** Every environment's local ids; empty when the file does not exist yet. */
export function readLocalIds(root: string): LocalIds {
  let text: string;
  try {
    text = readFileSync(localIdsPath(root), 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return {};
    if (code === 'ENOTDIR') throw notAFolder(root);
    // A folder in its place, no permission: the file is the local service's, not the user's to
    // repair, so the way out is the same as for a file that does not parse.
    throw refused(
      code === 'EISDIR'
        ? `${LOCAL_IDS_SHOWN} is a folder, not a file`
        : `${LOCAL_IDS_SHOWN} cannot be read (${code ?? String(error)})`,
    );
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    value = null;
  }
  if (
    !isMap(value) ||
    !Object.values(value).every(
      (ids) => isMap(ids) && Object.values(ids).every((id) => typeof id === 'string'),
    )
  )
    throw refused(`${LOCAL_IDS_SHOWN} is not a map of environments to app ids`);
  const all = value as LocalIds;
  for (const [env, ids] of Object.entries(all))
    for (const [key, id] of Object.entries(ids))
      if (!APP_ID.test(id))
        throw refused(`${LOCAL_IDS_SHOWN}: ${env}.${key} is ${JSON.stringify(id)}, not an app id`);
  return all;
}

/**
 * An app id as apply writes it: a positive whole number, as text. The platform's app ids are
 * whole numbers, answered as text (cybozu.dev, "Get App" (1件のアプリの情報を取得する): `id`,
 * number or text; the answer's `appId` is text, "1"); appdeploy.yaml's `ids` take the same
 * pattern (schema/project.schema.json). Any other value would reach the service as a request it
 * refuses (CB_VA01), which names neither this file nor the app.
 */
const APP_ID = /^[1-9][0-9]*$/;

/**
 * ENOTDIR: a file stands where a folder of the path must be (`.appdeploy` or `.appdeploy/local`,
 * a user's notes saved under that name): the way out is moving that file, not the ids file.
 */
function notAFolder(root: string): AppdeployError {
  const parts = ['.appdeploy', 'local'];
  let shown = parts[0]!;
  for (let i = 1; i <= parts.length; i++) {
    shown = parts.slice(0, i).join('/');
    if (statSync(join(root, ...parts.slice(0, i)), { throwIfNoEntry: false })?.isFile() === true) break;
  }
  return new AppdeployError(
    'LOCAL.IDS',
    `${shown} is a file, where appdeploy keeps the local service's data in a folder`,
    {
      hint: `Move ${shown} out of the way (appdeploy makes the folder), or delete it if it is not yours to keep.`,
    },
  );
}

/**
 * The local service's data still holds the apps the file named (and their records): deleting the
 * file alone would have apply create each app again beside its old self, so the hint leads with
 * repairing it, and says where the ids can be read.
 */
function refused(message: string): AppdeployError {
  return new AppdeployError('LOCAL.IDS', message, {
    hint: `Write ${LOCAL_IDS_SHOWN} (in the project's folder, beside appdeploy.yaml) again as a map of environments to app keys to ids, as {"local": {"tasks": "1"}}; from that folder, \`npx appdeploy emulator -C .\` serves the local apps, and its GET /k/v1/apps.json lists their ids and names. Or delete .appdeploy/ to start over without the local apps and their records (deleting ${LOCAL_IDS_SHOWN} alone leaves those apps behind, and apply creates each one again, empty).`,
  });
}

/** Records one app's id; written beside and renamed over, so a crash leaves the old file or the new one. */
export function writeLocalId(root: string, env: string, key: string, id: string): void {
  writeLocalIds(root, env, { [key]: id });
}

/** Records several apps' ids (app key to id) in one write of the file. */
export function writeLocalIds(root: string, env: string, added: Readonly<Record<string, string>>): void {
  const ids = readLocalIds(root);
  ids[env] = { ...(ids[env] ?? {}), ...added };
  const path = localIdsPath(root);
  makeFoldersSync(dirname(path));
  atomicWriteSync(path, `${JSON.stringify(ids, null, 2)}\n`);
}

function isMap(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
