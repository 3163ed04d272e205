import { textLength } from '../../../platform/index.js';
import { ApiError, errors, invalid } from '../../errors.js';
import { principalEntity } from '../../auth.js';
import { nextId } from '../../model/ids.js';
import { findUser } from '../../directory/users.js';
import { findUnit, unknownUnit, type UnitKind } from '../../directory/units.js';
import { openScope, recordFor } from './scope.js';
import type { ApiRequest, EmulatorContext } from '../../context.js';
import type { UserRef } from '../../model/app.js';

/** One comment (table `comments:<app>:<record>`, keyed by comment id). */
interface CommentDoc {
  readonly id: string;
  readonly text: string;
  readonly createdAt: string;
  readonly creator: UserRef;
  readonly mentions: readonly { code: string; type: string }[];
}

const commentsTable = (appId: string, recordId: string): string => `comments:${appId}:${recordId}`;
const MENTION_TYPES = new Set(['USER', 'GROUP', 'ORGANIZATION']);
/** kintone REST API, Add Comment: "コメントの最大文字数は65,535文字です". */
const MAX_TEXT = 65_535;
const MAX_MENTIONS = 10;

/** Drops every comment of a deleted record. Call inside the deleting transaction. */
export function deleteComments(ctx: EmulatorContext, appId: string, recordId: string): void {
  const table = ctx.store.table<CommentDoc>(commentsTable(appId, recordId));
  for (const [key] of [...table.entries()]) table.delete(key);
}

/** The record the comment call names, which the caller must be able to view; comments must be on. */
function commentScope(req: ApiRequest): { appId: string; recordId: string } {
  const scope = openScope(req);
  const recordId = req.params.id('record');
  recordFor(scope, recordId, 'view');
  if (scope.live.general.enableComments === false)
    throw new ApiError(403, 'CB_NO02', `Comments are turned off for app ${scope.appId} (general settings).`);
  return { appId: scope.appId, recordId };
}

function addComment(req: ApiRequest): unknown {
  const { appId, recordId } = commentScope(req);
  const comment = req.params.object('comment');
  const text = comment.text;
  if (typeof text !== 'string' || text.trim() === '') throw invalid({ 'comment.text': 'Required.' });
  if (textLength(text) > MAX_TEXT)
    throw invalid({ 'comment.text': `Enter ${MAX_TEXT} characters or fewer.` });
  const given = comment.mentions ?? [];
  if (!Array.isArray(given)) throw invalid({ 'comment.mentions': 'Enter an array of {code, type}.' });
  // kintone REST API, Add Comment (cybozu.dev, records/add-comment): "指定できる宛先の数の上限値は10です"
  // (at most 10 mentions). The page names no error code; CB_VA01 at `comment.mentions` is ours.
  if (given.length > MAX_MENTIONS)
    throw invalid({ 'comment.mentions': `Enter ${MAX_MENTIONS} mentions or fewer (got ${given.length}).` });
  const mentions = given.map((m: unknown, i) => {
    const { code, type = 'USER' } = (m ?? {}) as { code?: unknown; type?: unknown };
    const path = `comment.mentions[${i}]`;
    if (typeof code !== 'string' || code === '') throw invalid({ [`${path}.code`]: 'Required.' });
    if (typeof type !== 'string' || !MENTION_TYPES.has(type))
      throw invalid({ [`${path}.type`]: 'Enter USER, GROUP or ORGANIZATION.' });
    if (type === 'USER' && !findUser(req.ctx, code))
      throw invalid({ [`${path}.code`]: `No user has the login name "${code}".` });
    if (type !== 'USER' && !findUnit(req.ctx, type as UnitKind, code))
      throw invalid({ [`${path}.code`]: unknownUnit(req.ctx, type as UnitKind, code) });
    return { code, type };
  });
  return req.ctx.store.transaction(() => {
    const id = nextId(req.ctx.store, `comment:${appId}:${recordId}`);
    const doc: CommentDoc = {
      id,
      text,
      createdAt: req.ctx.clock.iso(),
      creator: principalEntity(req.principal),
      mentions,
    };
    req.ctx.store.table<CommentDoc>(commentsTable(appId, recordId)).put(id, doc);
    return { id };
  });
}

function listComments(req: ApiRequest): unknown {
  const { appId, recordId } = commentScope(req);
  const order = req.params.optStr('order') ?? 'desc';
  if (order !== 'asc' && order !== 'desc') throw invalid({ order: 'Enter asc or desc.' });
  const offset = req.params.int('offset', { default: 0, min: 0 });
  const limit = req.params.int('limit', { default: 10, min: 1, max: 10 });
  const all = [...req.ctx.store.table<CommentDoc>(commentsTable(appId, recordId)).values()].sort(
    (a, b) => Number(a.id) - Number(b.id),
  );
  if (order === 'desc') all.reverse();
  const page = all.slice(offset, offset + limit);
  const before = offset > 0;
  const after = offset + limit < all.length;
  return {
    comments: page.map((c) => ({
      id: c.id,
      text: c.text,
      createdAt: c.createdAt,
      creator: c.creator,
      mentions: c.mentions,
    })),
    // `older`/`newer` say whether comments exist beyond this page in each direction of time.
    older: order === 'desc' ? after : before,
    newer: order === 'desc' ? before : after,
  };
}

function deleteComment(req: ApiRequest): unknown {
  const { appId, recordId } = commentScope(req);
  const id = req.params.id('comment');
  const table = req.ctx.store.table<CommentDoc>(commentsTable(appId, recordId));
  const comment = table.get(id);
  if (!comment)
    throw new ApiError(400, 'GAIA_RE02', `The comment (id: ${id}) was not found on record ${recordId}.`);
  // kintone REST API, Delete Comment (cybozu.dev, records/delete-comment): only comments the
  // caller posted can be deleted (with an API token, only those posted as the token's user):
  // administrators included. The page names no error code; 403 CB_NO02 is ours.
  const isAuthor = comment.creator.code === principalEntity(req.principal).code;
  if (!isAuthor) throw errors.forbidden('deleting a comment written by someone else');
  req.ctx.store.transaction(() => table.delete(id));
  return {};
}

export const commentHandlers = { addComment, listComments, deleteComment };
