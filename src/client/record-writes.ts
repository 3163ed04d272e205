/**
 * Adds, updates or deletes any number of records: 100 records per call, up to 20 calls per bulk
 * request, one bulk request after another. When one fails, the error says exactly which records
 * were written, following the bulk semantics: earlier bulk requests and the calls before the
 * failing one are kept; the failing call (a batch call is all or nothing) and later ones are not.
 */
import { RECORDS_PER_WRITE } from '../platform/index.js';
import { MAX_BULK_CALLS, type BulkClient } from './bulk.js';
import { ServiceError } from './errors.js';
import { BulkWriteError, type WrittenRecord } from './helper-errors.js';
import type { CallOptions } from './options.js';
import type { BulkCall } from './types/bulk.js';
import type { Id } from './types/common.js';
import type { RecordForWrite, RecordUpdate } from './types/records.js';

/** The most records one call of records.json takes. */
export const MAX_RECORDS_PER_CALL = RECORDS_PER_WRITE;

export type WriteAllRequest =
  | { operation: 'add'; app: Id; items: readonly RecordForWrite[] }
  | { operation: 'update'; app: Id; items: readonly RecordUpdate[] }
  | { operation: 'delete'; app: Id; items: readonly Id[] };

export interface WriteAllResult {
  /** One entry per input record, in input order. */
  records: WrittenRecord[];
}

interface Chunk {
  start: number;
  call: BulkCall;
  /** The ids the caller gave (update by id, delete), to report when the answer carries none. */
  givenIds: (string | undefined)[];
}

export async function writeAll(
  bulk: BulkClient,
  request: WriteAllRequest,
  options: CallOptions | undefined,
): Promise<WriteAllResult> {
  const chunks = toChunks(request);
  const written: WrittenRecord[] = [];
  for (let first = 0; first < chunks.length; first += MAX_BULK_CALLS) {
    const group = chunks.slice(first, first + MAX_BULK_CALLS);
    let results: unknown[];
    try {
      results = (
        await bulk.send(
          group.map((chunk) => chunk.call),
          options,
        )
      ).results;
    } catch (error) {
      throw failure(request, chunks, first, written, error);
    }
    group.forEach((chunk, index) => written.push(...writtenBy(chunk, results[index])));
  }
  return { records: written };
}

function toChunks(request: WriteAllRequest): Chunk[] {
  const chunks: Chunk[] = [];
  for (let start = 0; start < request.items.length; start += MAX_RECORDS_PER_CALL)
    chunks.push({ start, ...sliceCall(request, start, start + MAX_RECORDS_PER_CALL) });
  return chunks;
}

/** The records.json call for the request's items from `start` to `end`, and the ids given in them. */
function sliceCall(request: WriteAllRequest, start: number, end: number): Omit<Chunk, 'start'> {
  const { app } = request;
  switch (request.operation) {
    case 'add': {
      const records = request.items.slice(start, end);
      const call: BulkCall = { method: 'POST', api: 'records.json', payload: { app, records } };
      return { call, givenIds: records.map(() => undefined) };
    }
    case 'update': {
      const records = request.items.slice(start, end);
      const call: BulkCall = { method: 'PUT', api: 'records.json', payload: { app, records } };
      return { call, givenIds: records.map((r) => (r.id === undefined ? undefined : String(r.id))) };
    }
    case 'delete': {
      const ids = request.items.slice(start, end);
      const call: BulkCall = { method: 'DELETE', api: 'records.json', payload: { app, ids } };
      return { call, givenIds: ids.map(String) };
    }
    default: {
      const unreachable: never = request;
      throw new Error(`unknown write operation ${JSON.stringify(unreachable)}`);
    }
  }
}

/** The records one successful call wrote, with the ids and revisions its answer carries. */
function writtenBy(chunk: Chunk, result: unknown): WrittenRecord[] {
  const answer = (typeof result === 'object' && result !== null ? result : {}) as {
    ids?: unknown[];
    revisions?: unknown[];
    records?: { id?: unknown; revision?: unknown }[];
  };
  return chunk.givenIds.map((givenId, offset) => ({
    index: chunk.start + offset,
    id: asString(answer.ids?.[offset]) ?? asString(answer.records?.[offset]?.id) ?? givenId,
    revision: asString(answer.revisions?.[offset]) ?? asString(answer.records?.[offset]?.revision),
  }));
}

function failure(
  request: WriteAllRequest,
  chunks: Chunk[],
  first: number,
  writtenBefore: WrittenRecord[],
  error: unknown,
): BulkWriteError {
  const group = chunks.slice(first, first + MAX_BULK_CALLS);
  const written = [...writtenBefore];
  const notWritten: number[] = [];
  const unknown: number[] = [];
  // How far the failed bulk request got: up to the failing call when the service says which;
  // nowhere when it turned the whole request away; unknown when no answer came back.
  let keptCalls: number;
  let fateKnown: boolean;
  if (error instanceof ServiceError && error.bulkIndex !== undefined) {
    keptCalls = error.bulkIndex;
    fateKnown = true;
  } else if (error instanceof ServiceError && error.status < 500) {
    keptCalls = 0;
    fateKnown = true;
  } else {
    keptCalls = 0;
    fateKnown = false;
  }
  group.forEach((chunk, index) => {
    if (index < keptCalls) written.push(...writtenBy(chunk, (error as ServiceError).bulkResults?.[index]));
    else (fateKnown ? notWritten : unknown).push(...indexesOf(chunk));
  });
  for (const chunk of chunks.slice(first + MAX_BULK_CALLS)) notWritten.push(...indexesOf(chunk));
  return new BulkWriteError(
    {
      operation: request.operation,
      app: String(request.app),
      written,
      notWritten,
      unknown,
      method: 'POST',
      path: (error as { path?: string }).path ?? 'bulkRequest.json',
    },
    error instanceof Error ? error : new Error(String(error)),
  );
}

function indexesOf(chunk: Chunk): number[] {
  return chunk.givenIds.map((_, offset) => chunk.start + offset);
}

function asString(value: unknown): string | undefined {
  return typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;
}
