/** Comments on records. Adding one is never retried (it would post it twice). */
import { callJson, type ClientContext } from './context.js';
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
    return callJson(this.#ctx, 'GET', this.#ctx.api('record/comments.json'), params, options);
  }

  /** POST record/comment.json */
  addComment(
    params: { app: Id; record: Id; comment: NewComment },
    options?: CallOptions,
  ): Promise<{ id: string }> {
    return callJson(this.#ctx, 'POST', this.#ctx.api('record/comment.json'), params, options);
  }

  /** DELETE record/comment.json */
  deleteComment(params: { app: Id; record: Id; comment: Id }, options?: CallOptions): Promise<EmptyResult> {
    return callJson(this.#ctx, 'DELETE', this.#ctx.api('record/comment.json'), params, options);
  }
}
