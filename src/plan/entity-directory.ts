/**
 * The directory a conversion into a user, organization or group selection checks each code
 * against (platform/conversions/entity.ts: "the same codes, where each is the code of a ... on
 * the target environment"; the record API refuses a code the directory lacks,
 * platform-facts-verified "Record validation"). Without it every such value reads as "cannot
 * check that each ... exists" and is counted, and copied, as one that does not convert. Read
 * whole (the codes a migration meets are known only while its records stream by), once for the
 * plan's count and once for apply's copy, and only for the kinds a migration's target holds.
 * Where the credentials cannot read the User API (directory-preflight.ts: tokens only, 403, 404,
 * 520) nothing is returned, and the values stay not converted, as the conversion says.
 */
import { ServiceError, type Client } from '../client/index.js';
import type { ConvertContext } from '../platform/conversions.js';
import { UNREADABLE_STATUSES } from './directory-preflight.js';

type Kind = 'USER' | 'ORGANIZATION' | 'GROUP';

const KIND_OF: Readonly<Record<string, Kind>> = {
  USER_SELECT: 'USER',
  ORGANIZATION_SELECT: 'ORGANIZATION',
  GROUP_SELECT: 'GROUP',
};

/** Every code of one kind the target's directory has (the User API, every page). */
export async function directoryCodes(client: Client, kind: Kind): Promise<Set<string>> {
  const found =
    kind === 'USER'
      ? await client.directory.allUsers()
      : kind === 'GROUP'
        ? await client.directory.allGroups()
        : await client.directory.allOrganizations();
  return new Set(found.map((entity) => entity.code));
}

/** `entityExists` for migrations into these target types; undefined where none is an entity selection or the directory cannot be read. */
export async function entityDirectory(
  client: Client,
  targetTypes: Iterable<string>,
): Promise<ConvertContext['entityExists']> {
  const kinds = [...new Set([...targetTypes].map((t) => KIND_OF[t]).filter((k) => k !== undefined))];
  if (kinds.length === 0) return undefined;
  try {
    const sets = new Map(
      await Promise.all(kinds.map(async (k) => [k, await directoryCodes(client, k)] as const)),
    );
    return (kind, code) => sets.get(kind)?.has(code) ?? false;
  } catch (error) {
    if (error instanceof ServiceError && UNREADABLE_STATUSES.has(error.status)) return undefined;
    throw error;
  }
}
