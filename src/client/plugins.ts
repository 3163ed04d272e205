/**
 * Plug-ins installed system-wide. Install and update take a file key from files.upload (a key
 * is good for one use). The three GETs send their parameters in the query string, which the
 * service accepts as well as the JSON body the spec shows. These are system-wide: always `/k/v1/`,
 * even on a client bound to a guest space.
 */
import { callJson, type ClientContext } from './context.js';
import type { CallOptions } from './options.js';
import type { EmptyResult } from './types/common.js';
import type { InstalledPlugin, Paging, PluginVersion, RequiredPlugin } from './types/plugins.js';

export class PluginsClient {
  readonly #ctx: ClientContext;

  constructor(ctx: ClientContext) {
    this.#ctx = ctx;
  }

  /** GET plugins.json: newest install first. */
  getPlugins(
    params: Paging & { ids?: readonly string[] } = {},
    options?: CallOptions,
  ): Promise<{ plugins: InstalledPlugin[] }> {
    return this.#get('plugins.json', params, options);
  }

  /** GET plugin/apps.json: the apps that use a plug-in, ascending by app id. */
  getPluginApps(
    params: Paging & { id: string },
    options?: CallOptions,
  ): Promise<{ apps: { id: string; name: string }[] }> {
    return this.#get('plugin/apps.json', params, options);
  }

  /** GET plugins/required.json: uninstalled plug-ins that apps still reference. */
  getRequiredPlugins(params: Paging = {}, options?: CallOptions): Promise<{ plugins: RequiredPlugin[] }> {
    return this.#get('plugins/required.json', params, options);
  }

  /** POST plugin.json: installs an uploaded plug-in ZIP (administrators only). */
  installPlugin(params: { fileKey: string }, options?: CallOptions): Promise<PluginVersion> {
    return this.#send('POST', params, options);
  }

  /** PUT plugin.json: replaces an installed plug-in with a new version of it. */
  updatePlugin(params: { id: string; fileKey: string }, options?: CallOptions): Promise<PluginVersion> {
    return this.#send('PUT', params, options);
  }

  /** DELETE plugin.json: uninstalls a plug-in. */
  uninstallPlugin(params: { id: string }, options?: CallOptions): Promise<EmptyResult> {
    return this.#send('DELETE', params, options);
  }

  #get<T>(
    endpoint: string,
    query: Paging & { id?: string; ids?: readonly string[] },
    options?: CallOptions,
  ): Promise<T> {
    return callJson(this.#ctx, 'GET', this.#ctx.systemApi(endpoint), query, options);
  }

  #send<T>(method: 'POST' | 'PUT' | 'DELETE', body: object, options?: CallOptions): Promise<T> {
    return callJson(this.#ctx, method, this.#ctx.systemApi('plugin.json'), body, options);
  }
}
