/**
 * Adds, updates or deletes any number of records: 100 records per call, up to 20 calls per bulk
 * request, one bulk request after another (or several at once, `parallel`). When one fails, the
 * error says exactly which records were written, following the bulk semantics: bulk requests that
 * succeeded and the calls before the failing one are kept; the failing call (a batch call is all
 * or nothing) and the bulk requests not yet sent are not.
 */
import { RECORDS_PER_WRITE } from '../platform/index.js';
import { MAX_BULK_CALLS, type BulkClient } from './bulk.js';
import { ServiceError } from './errors.js';
import { BulkWriteError, type WrittenRecord } from './helper-errors.js';
import { inParallel } from './in-parallel.js';
import type { CallOptions } from './options.js';
import type { BulkCall } from './types/bulk.js';
import type { Id, Revision } from './types/common.js';
import type { RecordForWrite, RecordUpdate } from './types/records.js';

/** The most records one call of records.json takes. */
export const MAX_RECORDS_PER_CALL = RECORDS_PER_WRITE;

export type WriteAllRequest =
  | { operation: 'add'; app: Id; items: readonly RecordForWrite[] }
  | { operation: 'update'; app: Id; items: readonly RecordUpdate[] }
  | {
      operation: 'delete';
      app: Id;
      items: readonly Id[];
      /** The revision of each record, in the ids' order: a record changed since is not deleted (GAIA_CO02). */
      revisions?: readonly Revision[] | undefined;
    };

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

/** addAll, updateAll and deleteAll's options. */
export interface WriteAllOptions extends CallOptions {
  /**
   * How many bulk requests may be in flight at once (default 1: one after another, in order).
   * Above 1 they may land in any order; after a failure no further one starts and those in flight
   * finish, so a failure's report may list records written after records not written.
   */
  parallel?: number | undefined;
}

/** What became of one bulk request. */
type Outcome = { sent: false } | { sent: true; results: unknown[] } | { sent: true; error: unknown };

export async function writeAll(
  bulk: BulkClient,
  request: WriteAllRequest,
  options: WriteAllOptions | undefined,
): Promise<WriteAllResult> {
  const { parallel = 1, ...callOptions } = options ?? {};
  if (!Number.isInteger(parallel) || parallel < 1)
    throw new RangeError(`parallel must be a whole number of at least 1, got ${parallel}`);
  const groups: Chunk[][] = [];
  const chunks = toChunks(request);
  for (let first = 0; first < chunks.length; first += MAX_BULK_CALLS)
    groups.push(chunks.slice(first, first + MAX_BULK_CALLS));
  const outcomes: Outcome[] = groups.map(() => ({ sent: false }));
  const sendOne = async (index: number): Promise<void> => {
    try {
      const answer = await bulk.send(
        groups[index]!.map((chunk) => chunk.call),
        callOptions,
      );
      outcomes[index] = { sent: true, results: answer.results };
    } catch (error) {
      outcomes[index] = { sent: true, error };
      throw error;
    }
  };
  // The pool starts no bulk request after a failure; resultOf reports it from the outcomes.
  await inParallel(groups.length, parallel, sendOne).catch(() => undefined);
  return resultOf(request, groups, outcomes);
}

/**
 * The records written, in input order; or, when a bulk request failed, the error saying which
 * were written, which not and which may have been, with the first failure (in input order) as cause.
 */
function resultOf(request: WriteAllRequest, groups: Chunk[][], outcomes: Outcome[]): WriteAllResult {
  const written: WrittenRecord[] = [];
  const notWritten: number[] = [];
  const unknown: number[] = [];
  let failure: { error: unknown; refusedFrom: number | undefined } | undefined;
  groups.forEach((group, g) => {
    const outcome = outcomes[g]!;
    if (!outcome.sent) {
      for (const chunk of group) notWritten.push(...indexesOf(chunk));
      return;
    }
    if ('results' in outcome) {
      group.forEach((chunk, index) => written.push(...writtenBy(chunk, outcome.results[index])));
      return;
    }
    const { keptCalls, fateKnown } = howFar(outcome.error);
    const refused = outcome.error instanceof ServiceError && outcome.error.bulkIndex !== undefined;
    failure ??= { error: outcome.error, refusedFrom: refused ? group[keptCalls]?.start : undefined };
    group.forEach((chunk, index) => {
      if (index < keptCalls)
        written.push(...writtenBy(chunk, (outcome.error as ServiceError).bulkResults?.[index]));
      else (fateKnown ? notWritten : unknown).push(...indexesOf(chunk));
    });
  });
  if (failure === undefined) return { records: written };
  const cause = failure.error;
  throw new BulkWriteError(
    {
      operation: request.operation,
      app: String(request.app),
      written,
      notWritten,
      unknown,
      refusedFrom: failure.refusedFrom,
      method: 'POST',
      path: (cause as { path?: string }).path ?? 'bulkRequest.json',
    },
    cause instanceof Error ? cause : new Error(String(cause)),
  );
}

/**
 * How far a failed bulk request got: up to the failing call when the service says which; nowhere
 * when it turned the whole request away; unknown when no answer came back.
 */
function howFar(error: unknown): { keptCalls: number; fateKnown: boolean } {
  if (error instanceof ServiceError && error.bulkIndex !== undefined)
    return { keptCalls: error.bulkIndex, fateKnown: true };
  if (error instanceof ServiceError && error.status < 500) return { keptCalls: 0, fateKnown: true };
  return { keptCalls: 0, fateKnown: false };
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
      // DELETE records.json takes `revisions`, one per id (the official client's deleteRecords:
      // `revisions?: Revision[]`; platform-facts.md: a revision mismatch is 409 GAIA_CO02).
      const revisions = request.revisions?.slice(start, end);
      const payload = revisions === undefined ? { app, ids } : { app, ids, revisions };
      const call: BulkCall = { method: 'DELETE', api: 'records.json', payload };
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

function indexesOf(chunk: Chunk): number[] {
  return chunk.givenIds.map((_, offset) => chunk.start + offset);
}

function asString(value: unknown): string | undefined {
  return typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;
}
