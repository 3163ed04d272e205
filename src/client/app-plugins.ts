/** The plug-ins added to one app. Adding writes to the draft (a deploy publishes it). */
import { callJson, type ClientContext } from './context.js';
import type { CallOptions } from './options.js';
import { draftEndpoint } from '../platform/index.js';
import { copySelect, endpointOf } from './settings.js';
import type { Copy, Id, Revision, RevisionResult } from './types/common.js';
import type { AppPluginsResult, Paging } from './types/plugins.js';

export class AppPluginsClient {
  readonly #ctx: ClientContext;

  constructor(ctx: ClientContext) {
    this.#ctx = ctx;
  }

  /**
   * GET app/plugins.json: up to 100 per call. `copy: 'draft'` reads `preview/app/plugins.json`
   * (the hosted platform's draft list, beyond the spec); live when left out, as the spec has it.
   */
  getPlugins(params: { app: Id; copy?: Copy } & Paging, options?: CallOptions): Promise<AppPluginsResult> {
    const { copy, ...query } = params;
    const path = this.#ctx.api(copySelect(copy ?? 'live', endpointOf('plugins')));
    return callJson(this.#ctx, 'GET', path, query, options);
  }

  /**
   * Adds plug-ins already installed system-wide. The hosted platform takes this on the draft path
   * only, `POST preview/app/plugins.json` (its official client's `addPlugins` posts there, and its
   * documentation lists no `POST app/plugins.json`); our spec names `POST app/plugins.json`. The
   * client's platform decides (platform.ts).
   */
  addPlugins(
    params: { app: Id; ids: readonly string[]; revision?: Revision | undefined },
    options?: CallOptions,
  ): Promise<RevisionResult> {
    const live = endpointOf('plugins');
    const endpoint = this.#ctx.platform === 'kintone' ? draftEndpoint(live) : live;
    return callJson(this.#ctx, 'POST', this.#ctx.api(endpoint), params, options);
  }
}
