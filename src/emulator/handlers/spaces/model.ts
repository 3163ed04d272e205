import { ApiError, errors } from '../../errors.js';
import { SPACES_TABLE, type SpaceRef } from '../../model/space.js';
import type { UserRef } from '../../model/app.js';
import type { AttachmentView } from '../../model/files.js';
import type { ApiRequest } from '../../context.js';

export interface SpaceMember {
  readonly entity: { readonly type: 'USER' | 'GROUP' | 'ORGANIZATION'; readonly code: string };
  readonly isAdmin: boolean;
  readonly includeSubs: boolean;
}

/** A space (table `spaces`): the SpaceRef apps read, plus what the space endpoints show. */
export interface SpaceDoc extends SpaceRef {
  readonly name: string;
  readonly isPrivate: boolean;
  readonly fixedMember: boolean;
  readonly useMultiThread: boolean;
  readonly body: string;
  readonly creator: UserRef;
  readonly modifier: UserRef;
  readonly members: readonly SpaceMember[];
  readonly guests: readonly string[];
  readonly template: string;
}

/** A thread of a space (table `threads`, keyed by id). */
export interface ThreadDoc {
  readonly id: string;
  readonly space: string;
  readonly name: string;
  readonly body: string;
}

/** A comment posted in a thread (table `threadComments`, keyed by id). */
export interface ThreadCommentDoc {
  readonly id: string;
  readonly space: string;
  readonly thread: string;
  readonly text: string;
  readonly mentions: readonly { code: string; type: string }[];
  readonly files: readonly AttachmentView[];
  readonly creator: UserRef;
  readonly createdAt: string;
}

export const THREADS_TABLE = 'threads';
export const THREAD_COMMENTS_TABLE = 'threadComments';

/** Space templates the service offers; creating a space copies one. */
export const SPACE_TEMPLATES: Readonly<
  Record<string, { name: string; useMultiThread: boolean; body: string }>
> = {
  '1': { name: 'Standard space', useMultiThread: true, body: '' },
};

export function spaces(req: ApiRequest) {
  return req.ctx.store.table<SpaceDoc>(SPACES_TABLE);
}

export function threads(req: ApiRequest) {
  return req.ctx.store.table<ThreadDoc>(THREADS_TABLE);
}

export function spaceNotFound(id: string): ApiError {
  return new ApiError(404, 'GAIA_SP01', `The space (id: ${id}) was not found.`);
}

/**
 * Whether the caller can see the space: an administrator always; a guest only a guest space they
 * belong to; any other user a public space, or a private one they are a member of.
 */
export function canRead(req: ApiRequest, space: SpaceDoc): boolean {
  const p = req.principal;
  if (p.kind !== 'user') return false;
  if (p.admin) return true;
  if (p.guest) return space.isGuest && space.guests.includes(p.login);
  return !space.isPrivate || isMember(space, p.login);
}

function isMember(space: SpaceDoc, login: string): boolean {
  return space.members.some((m) => m.entity.type === 'USER' && m.entity.code === login);
}

/** The space when the caller can see it; 404 otherwise, so a private space's existence is not revealed. */
export function readableSpace(req: ApiRequest, id: string): SpaceDoc {
  const space = spaces(req).get(id);
  if (!space) throw spaceNotFound(id);
  // Through /k/guest/{spaceId}/v1/ only that guest space is in reach (the HTTP edge has checked
  // that the path names a guest space: requireGuestSpace).
  if (req.guestSpaceId !== null && req.guestSpaceId !== space.id)
    throw new ApiError(
      404,
      'GAIA_SP01',
      `The space (id: ${id}) is not reachable through the path of guest space ${req.guestSpaceId}; call it through /k/v1/ or its own guest path.`,
    );
  if (!canRead(req, space)) {
    if (req.principal.kind === 'user' && req.principal.guest) throw errors.forbidden('this space');
    throw space.isPrivate ? spaceNotFound(id) : errors.forbidden('this space');
  }
  return space;
}

/** The space when the caller administers it (a space administrator or a service administrator). */
export function administeredSpace(req: ApiRequest, id: string): SpaceDoc {
  const space = readableSpace(req, id);
  const p = req.principal;
  const admin =
    p.kind === 'user' &&
    (p.admin ||
      (!p.guest &&
        space.members.some((m) => m.entity.type === 'USER' && m.entity.code === p.login && m.isAdmin)));
  if (!admin) throw errors.forbidden('administering this space');
  return space;
}
