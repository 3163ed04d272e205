/** Comments on records. Adding one is never retried (it would post it twice). */
import type { ClientContext } from './context.js';
import type { CallOptions } from './options.js';
import type { GetCommentsParams, GetCommentsResult, NewComment } from './types/comments.js';
import type { EmptyResult, Id } from './types/common.js';

export class CommentsClient {
  readonly #ctx: ClientContext;

  constructor(ctx: ClientContext) {
    this.#ctx = ctx;
  }

  /** GET record/comments.json: at most 10 per call, newest first unless `order: 'asc'`. */
  getComments(
    params: { app: Id; record: Id } & GetCommentsParams,
    options?: CallOptions,
  ): Promise<GetCommentsResult> {
    return this.#ctx.transport.json({
      method: 'GET',
      path: this.#ctx.api('record/comments.json'),
      query: params,
      options,
    });
  }

  /** POST record/comment.json */
  addComment(
    params: { app: Id; record: Id; comment: NewComment },
    options?: CallOptions,
  ): Promise<{ id: string }> {
    return this.#ctx.transport.json({
      method: 'POST',
      path: this.#ctx.api('record/comment.json'),
      body: params,
      options,
    });
  }

  /** DELETE record/comment.json */
  deleteComment(params: { app: Id; record: Id; comment: Id }, options?: CallOptions): Promise<EmptyResult> {
    return this.#ctx.transport.json({
      method: 'DELETE',
      path: this.#ctx.api('record/comment.json'),
      body: params,
      options,
    });
  }
}
