/** Process management on records (the spec's group): statuses, assignees, record permission checks. */
import { callJson, type ClientContext } from './context.js';
import type { CallOptions } from './options.js';
import type { AssigneesParams, StatusParams, StatusUpdate } from './types/comments.js';
import type { Id } from './types/common.js';
import type { RecordPermission, UpdateRecordsResult } from './types/records.js';

export class ProcessClient {
  readonly #ctx: ClientContext;

  constructor(ctx: ClientContext) {
    this.#ctx = ctx;
  }

  /** PUT record/status.json: runs one action of the app's process on a record. */
  updateStatus(params: StatusParams, options?: CallOptions): Promise<{ revision: string }> {
    return this.#put('record/status.json', params, options);
  }

  /** PUT records/status.json: up to 100 records, all or nothing. */
  updateStatuses(
    params: { app: Id; records: readonly StatusUpdate[] },
    options?: CallOptions,
  ): Promise<UpdateRecordsResult> {
    return this.#put('records/status.json', params, options);
  }

  /** PUT record/assignees.json: only for apps with process management on. */
  updateAssignees(params: AssigneesParams, options?: CallOptions): Promise<{ revision: string }> {
    return this.#put('record/assignees.json', params, options);
  }

  /** GET records/acl/evaluate.json: the caller's rights on each record (`ids[0]=...`). */
  evaluateAcl(
    params: { app: Id; ids: readonly Id[] },
    options?: CallOptions,
  ): Promise<{ evaluate: RecordPermission[] }> {
    return this.#ctx.transport.json({
      method: 'GET',
      path: this.#ctx.api('records/acl/evaluate.json'),
      query: params,
      arrayStyle: 'indexed',
      options,
    });
  }

  #put<T>(endpoint: string, body: object, options: CallOptions | undefined): Promise<T> {
    return callJson(this.#ctx, 'PUT', this.#ctx.api(endpoint), body, options);
  }
}
