/**
 * Spaces, their threads, thread comments and members. The PUTs here replace a whole value and
 * carry no revision, so repeating one is harmless: they are retried like GETs.
 */
import { callJson, type ClientContext } from './context.js';
import type { CallOptions } from './options.js';
import type { HttpMethod } from './transport.js';
import type { EmptyResult, Id } from './types/common.js';
import type { NewSpace, Space, SpaceMember, ThreadComment } from './types/spaces.js';

export class SpacesClient {
  readonly #ctx: ClientContext;

  constructor(ctx: ClientContext) {
    this.#ctx = ctx;
  }

  /** GET space.json */
  getSpace(params: { id: Id }, options?: CallOptions): Promise<Space> {
    return callJson(this.#ctx, 'GET', this.#ctx.api('space.json'), params, options);
  }

  /** POST template/space.json: a new space from a template (`id` is the template's). */
  addSpaceFromTemplate(params: { id: Id } & NewSpace, options?: CallOptions): Promise<{ id: string }> {
    return this.#call('POST', 'template/space.json', params, false, options);
  }

  /** PUT space/body.json: replaces the space's HTML body. */
  updateSpaceBody(params: { id: Id; body: string }, options?: CallOptions): Promise<EmptyResult> {
    return this.#call('PUT', 'space/body.json', params, true, options);
  }

  /** DELETE space.json: also deletes its threads, comments and app associations. */
  deleteSpace(params: { id: Id }, options?: CallOptions): Promise<EmptyResult> {
    return this.#call('DELETE', 'space.json', params, false, options);
  }

  /** GET space/members.json */
  getSpaceMembers(params: { id: Id }, options?: CallOptions): Promise<{ members: SpaceMember[] }> {
    return callJson(this.#ctx, 'GET', this.#ctx.api('space/members.json'), params, options);
  }

  /** PUT space/members.json: replaces the whole member list. */
  updateSpaceMembers(
    params: { id: Id; members: SpaceMember[] },
    options?: CallOptions,
  ): Promise<EmptyResult> {
    return this.#call('PUT', 'space/members.json', params, true, options);
  }

  /** POST space/thread.json */
  addThread(
    params: { space: Id; name: string },
    options?: CallOptions,
  ): Promise<{ id: string; name: string }> {
    return this.#call('POST', 'space/thread.json', params, false, options);
  }

  /** PUT space/thread.json: renames a thread and/or replaces its HTML body. */
  updateThread(
    params: { id: Id; name?: string | undefined; body?: string | undefined },
    options?: CallOptions,
  ): Promise<EmptyResult> {
    return this.#call('PUT', 'space/thread.json', params, true, options);
  }

  /** POST space/thread/comment.json */
  addThreadComment(
    params: { space: Id; thread: Id; comment: ThreadComment },
    options?: CallOptions,
  ): Promise<{ id: string }> {
    return this.#call('POST', 'space/thread/comment.json', params, false, options);
  }

  #call<T>(
    method: HttpMethod,
    endpoint: string,
    body: object,
    idempotent: boolean,
    options: CallOptions | undefined,
  ): Promise<T> {
    return callJson(this.#ctx, method, this.#ctx.api(endpoint), body, options, idempotent);
  }
}
