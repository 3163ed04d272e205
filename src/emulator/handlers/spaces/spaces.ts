import { ApiError, errors, invalid } from '../../errors.js';
import { requireUser } from '../../access.js';
import { principalEntity } from '../../auth.js';
import { nextId } from '../../model/ids.js';
import { APPS_TABLE, type AppDoc } from '../../model/app.js';
import { FILES_TABLE, type StoredFile } from '../../model/files.js';
import { getMembers, parseMembers, putMembers } from './members.js';
import { addComment, addThread, updateThread } from './threads.js';
import {
  SPACE_TEMPLATES,
  THREAD_COMMENTS_TABLE,
  administeredSpace,
  readableSpace,
  spaces,
  threads,
  type SpaceDoc,
  type ThreadCommentDoc,
} from './model.js';
import type { ApiRequest, Route } from '../../context.js';

const MAX_BODY = 65_535;

function createSpace(req: ApiRequest): unknown {
  const user = requireUser(req);
  if (user.guest) throw errors.forbidden('creating spaces as a guest');
  const templateId = req.params.id('id');
  const template = SPACE_TEMPLATES[templateId];
  if (!template)
    throw new ApiError(404, 'GAIA_SP02', `The space template (id: ${templateId}) was not found.`, {
      id: { messages: [`Known templates: ${Object.keys(SPACE_TEMPLATES).join(', ')}.`] },
    });
  const name = req.params.str('name', { min: 1, max: 128 });
  if (name.trim() === '') throw invalid({ name: 'Enter a name of 1 to 128 characters.' });
  const members = parseMembers(req);
  const isPrivate = req.params.bool('isPrivate', false);
  const isGuest = req.params.bool('isGuest', false);
  const fixedMember = req.params.bool('fixedMember', false);
  return req.ctx.store.transaction(() => {
    const id = nextId(req.ctx.store, 'space');
    const threadId = nextId(req.ctx.store, 'thread');
    const who = principalEntity(user);
    threads(req).put(threadId, { id: threadId, space: id, name: '', body: '' });
    const space: SpaceDoc = {
      id,
      name,
      isPrivate,
      isGuest,
      fixedMember,
      useMultiThread: template.useMultiThread,
      body: template.body,
      creator: who,
      modifier: who,
      members,
      guests: [],
      threadIds: [threadId],
      template: templateId,
    };
    spaces(req).put(id, space);
    return { id };
  });
}

/** The Space resource; attached apps are the deployed apps that live in it. */
function spaceView(req: ApiRequest, space: SpaceDoc): Record<string, unknown> {
  const attachedApps = [...req.ctx.store.table<AppDoc>(APPS_TABLE).values()]
    .filter((a) => a.spaceId === space.id && a.live !== null)
    .sort((a, b) => Number(a.id) - Number(b.id))
    .map((a) => ({
      threadId: a.threadId,
      appId: a.id,
      code: a.code,
      name: a.live!.general.name,
      description: a.live!.general.description,
      createdAt: a.createdAt,
      creator: a.creator,
      modifiedAt: a.modifiedAt,
      modifier: a.modifier,
    }));
  return {
    id: space.id,
    name: space.name,
    defaultThread: space.threadIds[0] ?? null,
    isPrivate: space.isPrivate,
    creator: space.creator,
    modifier: space.modifier,
    memberCount: String(space.members.length + space.guests.length),
    coverType: 'PRESET',
    coverKey: 'GREEN',
    coverUrl: '',
    body: space.body,
    useMultiThread: space.useMultiThread,
    isGuest: space.isGuest,
    attachedApps,
    threadIds: space.threadIds,
    fixedMember: space.fixedMember,
    showAnnouncement: true,
    showThreadList: true,
    showAppList: true,
    showMemberList: true,
    showRelatedLinkList: true,
  };
}

function getSpace(req: ApiRequest): unknown {
  return spaceView(req, readableSpace(req, req.params.id('id')));
}

function updateBody(req: ApiRequest): unknown {
  const space = administeredSpace(req, req.params.id('id'));
  const body = req.params.str('body', { max: MAX_BODY });
  req.ctx.store.transaction(() =>
    spaces(req).put(space.id, { ...space, body, modifier: principalEntity(req.principal) }),
  );
  return {};
}

/**
 * Deletes the space with its threads, their comments and the files attached to those comments;
 * its apps stay, outside any space. The one clean-up strategy for comment files: they are
 * deleted with their owner, so their keys answer 404 GAIA_BL01 and the download check
 * (file-access.ts) never meets a comment file of a space that is gone.
 */
function deleteSpace(req: ApiRequest): unknown {
  const space = administeredSpace(req, req.params.id('id'));
  req.ctx.store.transaction(() => {
    const comments = req.ctx.store.table<ThreadCommentDoc>(THREAD_COMMENTS_TABLE);
    const files = req.ctx.store.table<StoredFile>(FILES_TABLE);
    for (const [id, comment] of [...comments.entries()]) {
      if (comment.space !== space.id) continue;
      for (const file of comment.files) files.delete(file.fileKey);
      comments.delete(id);
    }
    for (const threadId of space.threadIds) threads(req).delete(threadId);
    const apps = req.ctx.store.table<AppDoc>(APPS_TABLE);
    for (const app of [...apps.values()])
      if (app.spaceId === space.id) apps.put(app.id, { ...app, spaceId: null, threadId: null });
    spaces(req).delete(space.id);
  });
  return {};
}

export const spaceRoutes: Route[] = [
  { method: 'POST', path: '/k/v1/template/space.json', auth: 'any', handler: createSpace },
  { method: 'GET', path: '/k/v1/space.json', auth: 'any', handler: getSpace },
  { method: 'DELETE', path: '/k/v1/space.json', auth: 'any', handler: deleteSpace },
  { method: 'PUT', path: '/k/v1/space/body.json', auth: 'any', handler: updateBody },
  { method: 'GET', path: '/k/v1/space/members.json', auth: 'any', handler: getMembers },
  { method: 'PUT', path: '/k/v1/space/members.json', auth: 'any', handler: putMembers },
  { method: 'POST', path: '/k/v1/space/thread.json', auth: 'any', handler: addThread },
  { method: 'PUT', path: '/k/v1/space/thread.json', auth: 'any', handler: updateThread },
  { method: 'POST', path: '/k/v1/space/thread/comment.json', auth: 'any', handler: addComment },
];
