/** The plug-ins added to one app. Adding writes to the draft. */
import type { ClientContext } from './context.js';
import type { CallOptions } from './options.js';
import type { Id, Revision, RevisionResult } from './types/common.js';
import type { AppPluginsResult, Paging } from './types/plugins.js';

export class AppPluginsClient {
  readonly #ctx: ClientContext;

  constructor(ctx: ClientContext) {
    this.#ctx = ctx;
  }

  /** GET app/plugins.json: up to 100 per call. */
  getPlugins(params: { app: Id } & Paging, options?: CallOptions): Promise<AppPluginsResult> {
    return this.#ctx.transport.json({ method: 'GET', path: this.#path(), query: params, options });
  }

  /** POST app/plugins.json: adds plug-ins already installed system-wide. */
  addPlugins(
    params: { app: Id; ids: readonly string[]; revision?: Revision | undefined },
    options?: CallOptions,
  ): Promise<RevisionResult> {
    return this.#ctx.transport.json({ method: 'POST', path: this.#path(), body: params, options });
  }

  #path(): string {
    return this.#ctx.api('app/plugins.json');
  }
}
