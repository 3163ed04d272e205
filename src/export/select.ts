/**
 * Which apps an export takes: `--app` (ids, or keys of the project), `--space` (every app of a
 * space) or `--all` (every app the service shows), in id order, each once.
 */
import { APPS_PER_LIST } from '../platform/index.js';
import { ServiceError, type Client } from '../client/index.js';
import type { App } from '../client/types/apps.js';
import type { Copy } from '../client/types/common.js';
import type { GeneralSettingsResult } from '../client/types/general-settings.js';
import { AppdeployError } from '../errors.js';
import { appdeployCommand, nearestThen, usesTokenOnly, type Project } from '../project/index.js';

export type Selection = { apps: readonly string[] } | { space: string } | { all: true };

/** The service's page size for the app list. */
const PAGE = APPS_PER_LIST;

export async function selectApps(
  client: Client,
  project: Project,
  selection: Selection,
  copy: Copy,
): Promise<App[]> {
  let apps: App[];
  if ('all' in selection) apps = await listApps(client, {});
  else if ('space' in selection) apps = await listApps(client, { spaceIds: [selection.space] });
  else {
    if (selection.apps.length === 0)
      throw new AppdeployError('EXPORT.NO_APPS', 'no app chosen', {
        hint: 'Pass --app ID|KEY (repeatable), --space ID or --all.',
      });
    const ids = selection.apps.map((idOrKey) => appId(project, idOrKey));
    // One list call with a login; an API token may not list apps, but may read its own app.
    apps = usesTokenOnly(project.environment.config)
      ? await appsById(client, ids)
      : await listApps(client, { ids });
    const listed = apps;
    const drafts = await draftOnlyApps(
      client,
      project,
      ids.filter((id) => !listed.some((a) => a.appId === id)),
      copy,
    );
    apps = [...apps, ...drafts];
    const missing = ids.filter((id) => !apps.some((a) => a.appId === id));
    if (missing.length > 0)
      throw new AppdeployError('EXPORT.NO_SUCH_APP', `no app ${missing.join(', ')} on the service`, {
        hint: `Check the ids (environment ${project.environment.name}).`,
      });
  }
  const unique = new Map(apps.map((a) => [a.appId, a]));
  return [...unique.values()].sort((a, b) => Number(a.appId) - Number(b.appId));
}

function appId(project: Project, idOrKey: string): string {
  if (/^\d+$/.test(idOrKey)) return idOrKey;
  const app = project.apps.find((a) => a.key === idOrKey);
  if (!app)
    throw new AppdeployError(
      'EXPORT.UNKNOWN_APP',
      `--app ${idOrKey}: neither an app id nor a key of the project`,
      {
        hint:
          project.apps.length > 0
            ? nearestThen(
                idOrKey,
                project.apps.map((a) => a.key),
                `The project's apps are ${project.apps.map((a) => a.key).join(', ')}.`,
              )
            : 'Pass the app id (a number).',
      },
    );
  if (app.id === null)
    throw new AppdeployError(
      'EXPORT.NO_ID',
      `--app ${idOrKey}: the app has no id in environment ${project.environment.name}`,
      { hint: 'Apply it first, or export it by its id.' },
    );
  return app.id;
}

/**
 * The named apps, one `app.json` each, for an API token: the hosted platform answers it to a token
 * of the app (kintone "Get App"), while the app list (`apps.json`) takes a password login only. An
 * app the service does not have (404 GAIA_AP01) is left out, for the caller to name.
 */
async function appsById(client: Client, ids: readonly string[]): Promise<App[]> {
  const found = await Promise.all(
    [...new Set(ids)].map((id) =>
      client.apps.getApp({ id }).catch((error: unknown) => {
        if (error instanceof ServiceError && error.code === 'GAIA_AP01') return null;
        throw error;
      }),
    ),
  );
  return found.filter((app): app is App => app !== null);
}

async function listApps(client: Client, filter: { ids?: string[]; spaceIds?: string[] }): Promise<App[]> {
  const out: App[] = [];
  for (let offset = 0; ; offset += PAGE) {
    const { apps } = await client.apps.getApps({ ...filter, offset, limit: PAGE });
    out.push(...apps);
    if (apps.length < PAGE) return out;
  }
}

/**
 * The apps among `ids` that exist only as a draft. The app list and app.json show an app only
 * once it was deployed: live reads of an app created by `POST /k/v1/preview/app.json` answer 404
 * GAIA_AP01 until its first deploy, while its preview settings answer (platform-facts.md, "Apps
 * and deploy"; kintone's "Add App" creates a preview app that the deploy makes live). Exporting
 * the live copy of one is EXPORT.NOT_DEPLOYED; `--draft` exports its draft. An id whose preview
 * settings do not answer either (no such app, or not readable here) is left for the caller to name.
 */
async function draftOnlyApps(
  client: Client,
  project: Project,
  ids: readonly string[],
  copy: Copy,
): Promise<App[]> {
  const found: App[] = [];
  for (const id of new Set(ids)) {
    const draft = await client.settings
      .getGeneralSettings({ app: id, copy: 'draft' })
      .catch((error: unknown) => {
        if (error instanceof ServiceError) return null;
        throw error;
      });
    if (draft === null) continue;
    if (copy === 'live')
      throw new AppdeployError(
        'EXPORT.NOT_DEPLOYED',
        `app ${id} has never been deployed: it has no live settings`,
        {
          hint: `Export its draft: \`${appdeployCommand(project, 'export', `--app ${id} --draft`)}\`.`,
        },
      );
    found.push(draftOnlyApp(id, draft));
  }
  return found;
}

/**
 * An app known by its draft alone, as export needs it (its id and name). The service says nothing
 * more of it before its first deploy: no code, and its space and thread are not known (no preview
 * path answers them), so its manifest names none.
 */
function draftOnlyApp(id: string, draft: GeneralSettingsResult): App {
  const nobody = { code: '', name: '' };
  return {
    appId: id,
    code: '',
    name: draft.name,
    description: draft.description,
    spaceId: null,
    threadId: null,
    createdAt: '',
    creator: nobody,
    modifiedAt: '',
    modifier: nobody,
  };
}
