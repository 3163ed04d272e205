/** Records: single and batch reads and writes, permission evaluation, and the many-record helpers. */
import { callJson, type ClientContext } from './context.js';
import type { CallOptions } from './options.js';
import { iterateRecords, type IterateParams } from './record-iterate.js';
import { writeAll, type WriteAllOptions, type WriteAllResult } from './record-writes.js';
import type { EmptyResult, Id, Revision } from './types/common.js';
import type {
  AddRecordResult,
  AddRecordsResult,
  AppRecord,
  GetRecordsParams,
  GetRecordsResult,
  RecordForWrite,
  RecordUpdate,
  UpdateRecordsResult,
} from './types/records.js';
import type { CursorsClient } from './cursors.js';
import type { BulkClient } from './bulk.js';

export class RecordsClient {
  readonly #ctx: ClientContext;
  readonly #cursors: CursorsClient;
  readonly #bulk: BulkClient;

  constructor(ctx: ClientContext, cursors: CursorsClient, bulk: BulkClient) {
    this.#ctx = ctx;
    this.#cursors = cursors;
    this.#bulk = bulk;
  }

  /** GET record.json */
  getRecord(params: { app: Id; id: Id }, options?: CallOptions): Promise<{ record: AppRecord }> {
    return callJson(this.#ctx, 'GET', this.#ctx.api('record.json'), params, options);
  }

  /** GET records.json: at most 500 records; use `iterate` for more. */
  getRecords(params: { app: Id } & GetRecordsParams, options?: CallOptions): Promise<GetRecordsResult> {
    return callJson(this.#ctx, 'GET', this.#ctx.api('records.json'), params, options);
  }

  /** POST record.json */
  addRecord(
    params: { app: Id; record?: RecordForWrite | undefined },
    options?: CallOptions,
  ): Promise<AddRecordResult> {
    return this.#write('POST', 'record.json', params, options);
  }

  /** POST records.json: up to 100 records; use `addAll` for more. */
  addRecords(
    params: { app: Id; records: RecordForWrite[] },
    options?: CallOptions,
  ): Promise<AddRecordsResult> {
    return this.#write('POST', 'records.json', params, options);
  }

  /** PUT record.json: by `id` or `updateKey`. */
  updateRecord(params: { app: Id } & RecordUpdate, options?: CallOptions): Promise<{ revision: string }> {
    return this.#write('PUT', 'record.json', params, options);
  }

  /** PUT records.json: up to 100 updates; use `updateAll` for more. */
  updateRecords(
    params: { app: Id; records: RecordUpdate[] },
    options?: CallOptions,
  ): Promise<UpdateRecordsResult> {
    return this.#write('PUT', 'records.json', params, options);
  }

  /** DELETE records.json: up to 100 ids; use `deleteAll` for more. Irreversible. */
  deleteRecords(
    params: { app: Id; ids: readonly Id[]; revisions?: readonly Revision[] | undefined },
    options?: CallOptions,
  ): Promise<EmptyResult> {
    return this.#write('DELETE', 'records.json', params, options);
  }

  /**
   * Every record of a query, page by page through a cursor. The cursor is deleted when the loop
   * ends early (`break`, `return`) or an error is thrown; the service deletes it after the last page.
   */
  iterate(
    app: Id,
    params: IterateParams = {},
    options?: CallOptions,
  ): AsyncGenerator<AppRecord, void, undefined> {
    return iterateRecords(this.#cursors, app, params, options, (path, reason) =>
      this.#ctx.transport.log({ type: 'cleanup-failed', method: 'DELETE', path, reason }),
    );
  }

  /** Adds any number of records: 100 per call, 20 calls per bulk request (`parallel` of them at once). */
  addAll(app: Id, records: readonly RecordForWrite[], options?: WriteAllOptions): Promise<WriteAllResult> {
    return writeAll(this.#bulk, { operation: 'add', app, items: records }, options);
  }

  /** Updates any number of records: 100 per call, 20 calls per bulk request (`parallel` at once). */
  updateAll(app: Id, updates: readonly RecordUpdate[], options?: WriteAllOptions): Promise<WriteAllResult> {
    return writeAll(this.#bulk, { operation: 'update', app, items: updates }, options);
  }

  /**
   * Deletes any number of records: 100 per call, 20 calls per bulk request (`parallel` at once).
   * Irreversible. With `revisions` (one per id, in order), a record changed since is not deleted:
   * its call is refused with GAIA_CO02.
   */
  deleteAll(
    app: Id,
    ids: readonly Id[],
    options?: WriteAllOptions & { revisions?: readonly Revision[] | undefined },
  ): Promise<WriteAllResult> {
    return writeAll(
      this.#bulk,
      { operation: 'delete', app, items: ids, revisions: options?.revisions },
      options,
    );
  }

  #write<T>(
    method: 'POST' | 'PUT' | 'DELETE',
    endpoint: string,
    body: object,
    options?: CallOptions,
  ): Promise<T> {
    return callJson(this.#ctx, method, this.#ctx.api(endpoint), body, options);
  }
}
