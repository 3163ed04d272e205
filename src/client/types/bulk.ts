/** Bulk requests: up to 20 record calls run in order (platform-facts "Records, cursors, bulk"). */
import type { AssigneesParams, StatusParams, StatusUpdate } from './comments.js';
import type { EmptyResult, Id, Revision } from './common.js';
import type {
  AddRecordResult,
  AddRecordsResult,
  RecordForWrite,
  RecordUpdate,
  UpdateRecordsResult,
} from './records.js';

/**
 * One call of a bulk request. `api` names the endpoint under `/k/v1/` (`'records.json'`); the
 * client sends the full path, with the guest-space prefix when the client has one.
 */
export type BulkCall =
  | { method: 'POST'; api: 'record.json'; payload: { app: Id; record?: RecordForWrite } }
  | { method: 'POST'; api: 'records.json'; payload: { app: Id; records: RecordForWrite[] } }
  | { method: 'PUT'; api: 'record.json'; payload: { app: Id } & RecordUpdate }
  | { method: 'PUT'; api: 'records.json'; payload: { app: Id; records: RecordUpdate[] } }
  | {
      method: 'DELETE';
      api: 'records.json';
      payload: { app: Id; ids: readonly Id[]; revisions?: readonly Revision[] };
    }
  | { method: 'PUT'; api: 'record/status.json'; payload: StatusParams }
  | { method: 'PUT'; api: 'records/status.json'; payload: { app: Id; records: StatusUpdate[] } }
  | { method: 'PUT'; api: 'record/assignees.json'; payload: AssigneesParams };

/** What each kind of call answers inside a bulk request. */
export type BulkResultOf<C extends BulkCall> = C extends { method: 'POST'; api: 'record.json' }
  ? AddRecordResult
  : C extends { method: 'POST'; api: 'records.json' }
    ? AddRecordsResult
    : C extends { method: 'PUT'; api: 'records.json' }
      ? UpdateRecordsResult
      : C extends { method: 'DELETE' }
        ? EmptyResult
        : C extends { api: 'records/status.json' }
          ? UpdateRecordsResult
          : { revision: string };

export type BulkResults<T extends readonly BulkCall[]> = { -readonly [K in keyof T]: BulkResultOf<T[K]> };
