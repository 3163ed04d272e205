/**
 * An app's settings revisions, read cheaply: every draft GET answers the app's one settings
 * counter and every live GET the revision last deployed, so the general settings of both
 * copies are enough. An app never deployed has no live copy: its live revision is ''.
 */
import { ServiceError, type Client } from '../client/index.js';

export interface Revisions {
  draft: string;
  live: string;
}

export async function readRevisions(client: Client, app: string): Promise<Revisions> {
  const [draft, live] = await Promise.all([readDraftRevision(client, app), readLiveRevision(client, app)]);
  return { draft, live };
}

export async function readDraftRevision(client: Client, app: string): Promise<string> {
  return (await client.settings.getGeneralSettings({ app, copy: 'draft' })).revision;
}

/** '' when the app has never been deployed (the service answers GAIA_AP01). */
export async function readLiveRevision(client: Client, app: string): Promise<string> {
  try {
    return (await client.settings.getGeneralSettings({ app, copy: 'live' })).revision;
  } catch (error) {
    if (error instanceof ServiceError && error.code === 'GAIA_AP01') return '';
    throw error;
  }
}
