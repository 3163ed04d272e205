/** Cursors: a stored query read page by page (spec "Cursor"). */
import { callJson, type ClientContext } from './context.js';
import type { CallOptions } from './options.js';
import type { EmptyResult, Id } from './types/common.js';
import type { CursorPage, CursorParams, CursorResult } from './types/records.js';

export class CursorsClient {
  readonly #ctx: ClientContext;

  constructor(ctx: ClientContext) {
    this.#ctx = ctx;
  }

  /** POST records/cursor.json. `fields` travels as `fields` in the JSON body. */
  createCursor(params: { app: Id } & CursorParams, options?: CallOptions): Promise<CursorResult> {
    return callJson(this.#ctx, 'POST', this.path, params, options);
  }

  /**
   * GET records/cursor.json: the next page; the service deletes the cursor after the last one.
   * Not retried after a lost answer: the lost page would be skipped without anyone noticing.
   */
  getRecords(params: { id: string }, options?: CallOptions): Promise<CursorPage> {
    return callJson(this.#ctx, 'GET', this.path, params, options, false);
  }

  /**
   * DELETE records/cursor.json. Sent even once the client's signal has fired (not the call's
   * own): it frees what aborted work left, and at most 10 cursors may be open (platform-facts).
   */
  deleteCursor(params: { id: string }, options?: CallOptions): Promise<EmptyResult> {
    return this.#ctx.transport.json({
      method: 'DELETE',
      path: this.path,
      body: params,
      idempotent: false,
      freesAfterAbort: true,
      options,
    });
  }

  /** The endpoint's path (for log events). */
  get path(): string {
    return this.#ctx.api('records/cursor.json');
  }
}
