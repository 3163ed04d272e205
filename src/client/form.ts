/** Form fields and layout. Reads name their copy; every write goes to the draft. */
import { callJson, type ClientContext } from './context.js';
import type { CallOptions } from './options.js';
import { draftEndpoint } from '../platform/index.js';
import { endpointOf, readCopy, type ReadParams, type WriteParams } from './settings.js';
import type { Lang, RevisionResult } from './types/common.js';
import type { FieldProperties, FieldPropertyUpdate } from './types/fields.js';
import type { CombinedFormResult, FieldsResult, LayoutResult } from './types/form.js';
import type { Layout } from './types/layout.js';

export class FormClient {
  readonly #ctx: ClientContext;

  constructor(ctx: ClientContext) {
    this.#ctx = ctx;
  }

  /** GET app/form/fields.json (live) or preview/app/form/fields.json (draft). */
  getFields(params: ReadParams & { lang?: Lang }, options?: CallOptions): Promise<FieldsResult> {
    return this.#get(endpointOf('fields'), params, options);
  }

  /** POST preview/app/form/fields.json: adds fields; each new one lands in its own layout row. */
  addFields(
    params: WriteParams & { properties: FieldProperties },
    options?: CallOptions,
  ): Promise<RevisionResult> {
    return this.#send('POST', params, options);
  }

  /** PUT preview/app/form/fields.json: changes properties; type and code cannot change. */
  updateFields(
    params: WriteParams & { properties: Record<string, FieldPropertyUpdate> },
    options?: CallOptions,
  ): Promise<RevisionResult> {
    return this.#send('PUT', params, options);
  }

  /** DELETE preview/app/form/fields.json: deleting a field deletes its data in every record (at deploy). */
  deleteFields(
    params: WriteParams & { fields: readonly string[] },
    options?: CallOptions,
  ): Promise<RevisionResult> {
    return this.#send('DELETE', params, options);
  }

  /** GET app/form/layout.json (live) or preview/app/form/layout.json (draft). */
  getLayout(params: ReadParams, options?: CallOptions): Promise<LayoutResult> {
    return this.#get(endpointOf('layout'), params, options);
  }

  /** PUT preview/app/form/layout.json */
  updateLayout(params: WriteParams & { layout: Layout }, options?: CallOptions): Promise<RevisionResult> {
    return callJson(this.#ctx, 'PUT', this.#ctx.api(draftEndpoint(endpointOf('layout'))), params, options);
  }

  /**
   * GET preview/form.json (draft) or form.json (live): the deprecated combined endpoint.
   * @deprecated Use getFields and getLayout.
   */
  getForm(params: ReadParams, options?: CallOptions): Promise<CombinedFormResult> {
    return this.#get('form.json', params, options);
  }

  #get<T>(liveEndpoint: string, params: ReadParams & { lang?: Lang }, options?: CallOptions): Promise<T> {
    return readCopy(this.#ctx, liveEndpoint, params, options);
  }

  #send<T>(method: 'POST' | 'PUT' | 'DELETE', body: WriteParams, options?: CallOptions): Promise<T> {
    return callJson(this.#ctx, method, this.#ctx.api(draftEndpoint(endpointOf('fields'))), body, options);
  }
}
