/** Guest users (system-wide, always under `/k/v1/`) and the guest members of a guest space. */
import { callJson, guestPrefix, type ClientContext } from './context.js';
import type { CallOptions } from './options.js';
import type { EmptyResult, Id } from './types/common.js';
import type { GuestUser } from './types/spaces.js';

export class GuestsClient {
  readonly #ctx: ClientContext;

  constructor(ctx: ClientContext) {
    this.#ctx = ctx;
  }

  /** POST guests.json: creates guest users. */
  addGuests(params: { guests: readonly GuestUser[] }, options?: CallOptions): Promise<EmptyResult> {
    return callJson(this.#ctx, 'POST', this.#ctx.systemApi('guests.json'), params, options);
  }

  /** DELETE guests.json: deletes guest users for good. */
  deleteGuests(params: { guests: readonly string[] }, options?: CallOptions): Promise<EmptyResult> {
    return callJson(this.#ctx, 'DELETE', this.#ctx.systemApi('guests.json'), params, options);
  }

  /**
   * PUT /k/guest/{spaceId}/v1/space/guests.json: replaces the guest members of a guest space
   * (`id` is the space). Repeating it is harmless, so it is retried like a GET. Async, so that a
   * malformed space id rejects the promise rather than throwing at the caller.
   */
  async updateSpaceGuests(
    params: { id: Id; guests: readonly string[] },
    options?: CallOptions,
  ): Promise<EmptyResult> {
    // The hosted platform also wants the space id in the body; the spec's service ignores it.
    const path = `${guestPrefix(params.id)}space/guests.json`;
    return await callJson(this.#ctx, 'PUT', path, params, options, true);
  }
}
