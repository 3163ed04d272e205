/** POST bulkRequest.json: up to 20 record calls in order. Never retried except after a 429. */
import { CALLS_PER_BULK_REQUEST } from '../platform/index.js';
import { callJson, type ClientContext } from './context.js';
import type { CallOptions } from './options.js';
import type { BulkCall, BulkResults } from './types/bulk.js';

/** The most calls one bulk request may carry. */
export const MAX_BULK_CALLS = CALLS_PER_BULK_REQUEST;

export class BulkClient {
  readonly #ctx: ClientContext;

  constructor(ctx: ClientContext) {
    this.#ctx = ctx;
  }

  /**
   * Sends the calls as one bulk request. On failure the ServiceError's `bulkIndex` names the call
   * that failed: the calls before it kept their effect, it and the later ones had none.
   */
  send<const T extends readonly BulkCall[]>(
    requests: T,
    options?: CallOptions,
  ): Promise<{ results: BulkResults<T> }> {
    const body = {
      requests: requests.map((call) => ({
        method: call.method,
        api: this.#ctx.api(call.api),
        payload: call.payload,
      })),
    };
    return callJson(this.#ctx, 'POST', this.#ctx.api('bulkRequest.json'), body, options);
  }
}
