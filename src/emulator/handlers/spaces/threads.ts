import { textLength } from '../../../platform/index.js';
import { ApiError, Problems, invalid } from '../../errors.js';
import { principalEntity } from '../../auth.js';
import { nextId } from '../../model/ids.js';
import { attachmentView, consumeUploadKey, type AttachmentView } from '../../model/files.js';
import {
  THREAD_COMMENTS_TABLE,
  readableSpace,
  spaces,
  threads,
  type ThreadCommentDoc,
  type ThreadDoc,
} from './model.js';
import type { ApiRequest } from '../../context.js';

const MAX_NAME = 100;
const MAX_HTML = 65_535;
const MAX_FILES = 5;
const MENTION_TYPES = new Set(['USER', 'GROUP', 'ORGANIZATION']);

function threadNotFound(id: string, where = ''): ApiError {
  return new ApiError(404, 'GAIA_TH01', `The thread (id: ${id}) was not found${where}.`);
}

/** POST /k/v1/space/thread.json: a new thread in a space the caller can see. */
export function addThread(req: ApiRequest): unknown {
  const space = readableSpace(req, req.params.id('space'));
  const name = req.params.str('name', { min: 1, max: MAX_NAME });
  return req.ctx.store.transaction(() => {
    const id = nextId(req.ctx.store, 'thread');
    threads(req).put(id, { id, space: space.id, name, body: '' });
    spaces(req).put(space.id, { ...space, threadIds: [...space.threadIds, id] });
    return { id, name };
  });
}

/** PUT /k/v1/space/thread.json: changes the name and/or the body (HTML) of a thread. */
export function updateThread(req: ApiRequest): unknown {
  const id = req.params.id('id');
  const thread = threads(req).get(id);
  if (!thread) throw threadNotFound(id);
  readableSpace(req, thread.space);
  const name = req.params.optStr('name', { max: MAX_NAME });
  if (name !== undefined && name === '') throw invalid({ name: `Enter 1 to ${MAX_NAME} characters.` });
  const body = req.params.optStr('body', { max: MAX_HTML });
  const next: ThreadDoc = {
    ...thread,
    ...(name !== undefined ? { name } : {}),
    ...(body !== undefined ? { body } : {}),
  };
  req.ctx.store.transaction(() => threads(req).put(id, next));
  return {};
}

/** POST /k/v1/space/thread/comment.json: text, mentions and files (upload keys, consumed here). */
export function addComment(req: ApiRequest): unknown {
  const space = readableSpace(req, req.params.id('space'));
  const threadId = req.params.id('thread');
  if (!space.threadIds.includes(threadId) || !threads(req).has(threadId))
    throw threadNotFound(threadId, ` in space ${space.id}`);
  const comment = req.params.object('comment');
  const problems = new Problems();
  const rawText = comment.text ?? '';
  const text = typeof rawText === 'string' ? rawText : '';
  if (typeof rawText !== 'string') problems.add('comment.text', 'Enter a string.');
  else if (textLength(text) > MAX_HTML)
    problems.add('comment.text', `Enter ${MAX_HTML} characters or fewer.`);
  const mentions = list(comment.mentions, 'comment.mentions', problems).map((m, i) => {
    const { code, type } = m;
    if (typeof code !== 'string' || code === '')
      problems.add(`comment.mentions[${i}].code`, 'Required field.');
    if (typeof type !== 'string' || !MENTION_TYPES.has(type))
      problems.add(`comment.mentions[${i}].type`, 'Enter USER, GROUP or ORGANIZATION.');
    return { code: String(code), type: String(type) };
  });
  const files = list(comment.files, 'comment.files', problems);
  if (files.length > MAX_FILES) problems.add('comment.files', `Attach ${MAX_FILES} files or fewer.`);
  files.forEach((f, i) => {
    if (typeof f.fileKey !== 'string' || f.fileKey === '')
      problems.add(`comment.files[${i}].fileKey`, 'Required field.');
  });
  if (problems.empty && text === '' && files.length === 0)
    problems.add('comment', 'Give a text or at least one file.');
  problems.throwIfAny();
  return req.ctx.store.transaction(() => {
    const attached: AttachmentView[] = files.map((f, i) =>
      attachmentView(
        consumeUploadKey(req.ctx, String(f.fileKey), `comment.files[${i}].fileKey`, {
          kind: 'space-comment',
          space: space.id,
        }),
      ),
    );
    const id = nextId(req.ctx.store, 'thread-comment');
    const doc: ThreadCommentDoc = {
      id,
      space: space.id,
      thread: threadId,
      text,
      mentions,
      files: attached,
      creator: principalEntity(req.principal),
      createdAt: req.ctx.clock.iso(),
    };
    req.ctx.store.table<ThreadCommentDoc>(THREAD_COMMENTS_TABLE).put(id, doc);
    return { id };
  });
}

/** An optional array of objects; anything else is reported at `path`. */
function list(value: unknown, path: string, problems: Problems): Record<string, unknown>[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) {
    problems.add(path, 'Enter an array.');
    return [];
  }
  return value.map((item: unknown, i) => {
    if (typeof item === 'object' && item !== null && !Array.isArray(item))
      return item as Record<string, unknown>;
    problems.add(`${path}[${i}]`, 'Enter an object.');
    return {};
  });
}
