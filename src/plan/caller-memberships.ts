/**
 * The groups and organizations the user apply signs in as belongs to, for the permission rules a
 * migration's copy is read under (records-visible.ts): the User API's reads of one user's groups
 * and organizations (cybozu.dev "Get a user's groups", "Get a user's organizations"). Where the
 * credentials cannot read them (directory-preflight.ts UNREADABLE_STATUSES: a hosted service
 * without the User API, a refusal), that kind stays unread and its entities undecided. Only an
 * organization's own members are listed: the ones below it are not read.
 */
import { ServiceError, type Client } from '../client/index.js';
import { UNREADABLE_STATUSES } from './directory-preflight.js';
import type { Memberships } from './records-visible.js';

export async function callerMemberships(client: Client, login: string): Promise<Memberships> {
  const [groups, organizations] = await Promise.all([
    unlessUnreadable(async () => {
      const { groups } = await client.directory.getUserGroups(login);
      return new Set(groups.map((g) => g.code));
    }),
    unlessUnreadable(async () => {
      const { organizationTitles } = await client.directory.getUserOrganizations(login);
      return new Set(organizationTitles.map((t) => t.organization.code));
    }),
  ]);
  return { groups, organizations };
}

async function unlessUnreadable(read: () => Promise<Set<string>>): Promise<Set<string> | null> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof ServiceError && UNREADABLE_STATUSES.has(error.status)) return null;
    throw error;
  }
}
