/**
 * The revision-checked read-transform-write sweep: every record of an app (or those meeting a
 * condition) is read, the caller says what update it needs (or none), and the updates go out 100
 * records a call, 20 calls a bulk request, each record with the revision it was read at. A record
 * someone edits meanwhile is refused by its revision (409 GAIA_CO02), read again and recomputed,
 * so an edit made during the sweep is never overwritten with a value computed before it.
 *
 * The records are split into `$id` ranges (ranges.ts) that are read and written in parallel, up to
 * the client's concurrency: ranges are disjoint, so their bulk requests never touch the same
 * record. Progress is the done frontier (every record up to `lastId` is done), reported after each
 * range's bulk request; a sweep started again from it redoes at most the ranges that were in
 * flight, which is harmless because the caller's update is computed from what a record holds now
 * (a record already right needs none).
 */
import { BulkWriteError, ServiceError, type Client, type WrittenRecord } from '../client/index.js';
import type { AppRecord, RecordForWrite, RecordUpdate } from '../client/index.js';
import { RECORDS_PER_WRITE } from '../platform/index.js';
import { readSlice } from './read-all.js';
import { inParallel } from '../client/in-parallel.js';
import { AppdeployError } from '../errors.js';
import { idOf, revisionOf } from './values.js';
import { Frontier, idRanges, idsQuery, lastIdQuery, type IdRange } from './ranges.js';

/** What a sweep does. */
export interface SweepSpec {
  readonly app: string;
  /** Fields to read (`$id` and `$revision` are added); all when absent. */
  readonly fields?: readonly string[] | undefined;
  /** Only records meeting this query condition (no `order by`, `limit` or `offset`). */
  readonly condition?: string | undefined;
  /** The update one record needs, or undefined when it needs none. */
  update(record: AppRecord): RecordForWrite | undefined | Promise<RecordForWrite | undefined>;
  /**
   * A first look at each record by its id and revision alone (a page of two fields is cheaper to
   * read than one of whole records): only the records it returns true for are read in full and
   * given to `update`. For a pass that knows most records are as it left them.
   */
  readonly probe?: ((record: AppRecord) => boolean) | undefined;
  /**
   * Called with each batch of records read (a range, or records read again after a refusal)
   * before `update` is asked about any of them: for work `update` needs that is best done for
   * many records at once (restore hashes their attachments in parallel: file-contents.ts).
   */
  readonly prepare?: ((records: readonly AppRecord[]) => Promise<void>) | undefined;
  /**
   * What a bulk request's failure (other than records refused for their revision, which the sweep
   * reads again) is thrown as, given the ids of the records it was to write in the order it was
   * given them: the service keys a refused value by the record's place in its call
   * (BulkWriteError.refusedFrom), so only the ids name the record. The failure itself when absent.
   */
  readonly failed?: ((error: BulkWriteError, ids: readonly string[]) => unknown) | undefined;
  /** The records a bulk request wrote, with their new revisions (where the answer gives them). */
  readonly onWritten?: ((written: readonly WrittenRecord[]) => void) | undefined;
}

export interface SweepProgress {
  /** Every record with an id up to this one is done. */
  readonly lastId: string;
  /** Records written so far (the resumed sweep's included). */
  readonly written: number;
}

export interface SweepOptions {
  /** Resume: records up to `lastId` are done, `written` of them written. */
  readonly progress?: SweepProgress | undefined;
  /** Called after each range's bulk request, one call at a time, in frontier order. */
  readonly onProgress?: ((progress: SweepProgress) => void | Promise<void>) | undefined;
  readonly signal?: AbortSignal | undefined;
  /** How often a record refused for its revision is read and tried again (default 5). */
  readonly conflictRetries?: number | undefined;
  /**
   * Called once, when every range has been read (only their writes remain, and the reading again
   * of records refused for their revision): a caller may then ask what its next step needs while
   * the last writes go out, instead of after them.
   */
  readonly onAllRead?: (() => void) | undefined;
}

export interface SweepResult extends SweepProgress {
  /** Records this sweep wrote (the resumed sweep's not included). */
  readonly writtenNow: number;
  /** Records refused for their revision and tried again. */
  readonly conflicts: number;
}

const DEFAULT_CONFLICT_RETRIES = 5;

/** 409 GAIA_CO02: the revision given is not the record's (spec "Update Records"; platform-facts). */
function isRevisionConflict(error: unknown): boolean {
  return error instanceof ServiceError && error.code === 'GAIA_CO02';
}

export async function sweepRecords(
  client: Client,
  spec: SweepSpec,
  options: SweepOptions = {},
): Promise<SweepResult> {
  const after = Number(options.progress?.lastId ?? 0);
  const call = { signal: options.signal };
  const head = await client.records.getRecords(
    { app: spec.app, query: lastIdQuery(spec.condition, after), fields: ['$id'], totalCount: true },
    call,
  );
  const maxId = Number(head.records[0]?.$id?.value ?? after);
  const ranges = idRanges(after, maxId, Number(head.totalCount ?? 0));
  const frontier = new Frontier(ranges, after);
  const state = { written: options.progress?.written ?? 0, writtenNow: 0, conflicts: 0 };
  let reported = Promise.resolve();
  let read = 0;
  const rangeRead = () => {
    if (++read === ranges.length) options.onAllRead?.();
  };
  if (ranges.length === 0) options.onAllRead?.();
  const sweepOne = async (index: number): Promise<void> => {
    const outcome = await sweepRange(client, spec, ranges[index]!, options, rangeRead);
    state.written += outcome.written;
    state.writtenNow += outcome.written;
    state.conflicts += outcome.conflicts;
    const lastId = frontier.finish(index);
    const progress = { lastId: String(lastId), written: state.written };
    reported = reported.then(() => options.onProgress?.(progress));
    await reported;
  };
  await inParallel(ranges.length, client.concurrency, sweepOne, options.signal);
  return { lastId: String(Math.max(frontier.lastId, after)), ...state };
}

/** One range: its slices read together, then its updates written, conflicts read and retried. */
async function sweepRange(
  client: Client,
  spec: SweepSpec,
  range: IdRange,
  options: SweepOptions,
  onRead: () => void,
): Promise<{ written: number; conflicts: number }> {
  let updates = await updatesFor(spec, await readRange(client, spec, range, options));
  onRead();
  let written = 0;
  let conflicts = 0;
  const retries = options.conflictRetries ?? DEFAULT_CONFLICT_RETRIES;
  for (let attempt = 0; updates.length > 0; attempt++) {
    try {
      const done = await client.records.updateAll(spec.app, updates, { signal: options.signal });
      spec.onWritten?.(done.records);
      return { written: written + updates.length, conflicts };
    } catch (error) {
      if (!(error instanceof BulkWriteError)) throw error;
      if (!isRevisionConflict(error.cause) || error.unknown.length > 0)
        throw spec.failed
          ? spec.failed(
              error,
              updates.map((u) => String(u.id)),
            )
          : error;
      if (attempt >= retries) throw tooManyConflicts(spec.app, error, retries);
      // The spec says the calls before the failing one keep their effect and the failing call
      // (all or nothing) and the later ones have none (rest-interface.md, "Errors" 3; the local
      // service does so). kintone.dev's own pages present a bulk request as one transaction
      // (cybozu.dev, "bulkRequestで複数アプリの一括処理": used so that a failure leaves nothing
      // half-done). Either way nothing is lost: every record of the request is read again, and
      // those already right need no update.
      written += error.written.length;
      conflicts += error.notWritten.length;
      const again = updates.map((u) => String(u.id));
      updates = await updatesFor(spec, await readIds(client, spec, again, options));
    }
  }
  return { written, conflicts };
}

/**
 * A range's records, its slices read together. With a probe, the slices are read by id and
 * revision first; the records it picks are then read in full: by id when they are few, else the
 * slices again (one page of 500 costs what a query of 100 ids does).
 */
async function readRange(
  client: Client,
  spec: SweepSpec,
  range: IdRange,
  options: SweepOptions,
): Promise<AppRecord[]> {
  const read = (fields: readonly string[] | undefined) =>
    Promise.all(range.slices.map((slice) => readSlice(client, spec, slice, fields, options.signal)));
  if (!spec.probe) return (await read(fieldsOf(spec))).flat();
  const looked = (await read(['$id', '$revision'])).flat();
  const picked = looked.filter(spec.probe).map(idOf);
  if (picked.length === 0) return [];
  if (picked.length <= RECORDS_PER_WRITE * range.slices.length) return readIds(client, spec, picked, options);
  const wanted = new Set(picked);
  return (await read(fieldsOf(spec))).flat().filter((record) => wanted.has(idOf(record)));
}

/** The records of these ids (those still there), 100 a query, read together. */
async function readIds(
  client: Client,
  spec: SweepSpec,
  ids: readonly string[],
  options: SweepOptions,
): Promise<AppRecord[]> {
  const chunks: string[][] = [];
  for (let i = 0; i < ids.length; i += RECORDS_PER_WRITE) chunks.push(ids.slice(i, i + RECORDS_PER_WRITE));
  const pages = await Promise.all(
    chunks.map((chunk) =>
      client.records.getRecords(
        { app: spec.app, query: idsQuery(chunk), fields: fieldsOf(spec) },
        { signal: options.signal },
      ),
    ),
  );
  return pages.flatMap((page) => page.records);
}

async function updatesFor(spec: SweepSpec, records: readonly AppRecord[]): Promise<RecordUpdate[]> {
  if (spec.prepare && records.length > 0) await spec.prepare(records);
  const updates: RecordUpdate[] = [];
  for (const record of records) {
    // Awaited only when it is a promise: an await per record (20,000 in a copy of 20,000) cost a
    // microtask turn each for updates computed on the spot, as a copy's are.
    const computed = spec.update(record);
    const update = computed instanceof Promise ? await computed : computed;
    if (update === undefined) continue;
    updates.push({
      id: idOf(record),
      revision: revisionOf(record),
      record: update,
    });
  }
  return updates;
}

function fieldsOf(spec: SweepSpec): string[] | undefined {
  return spec.fields === undefined ? undefined : ['$id', '$revision', ...spec.fields];
}

function tooManyConflicts(app: string, error: BulkWriteError, retries: number): AppdeployError {
  return new AppdeployError(
    'RECORDS.CONFLICTS',
    `Records of app ${app} kept changing while they were written: ${error.notWritten.length} were refused for their revision ${retries + 1} times in a row.`,
    {
      hint: 'Someone (or an automation) is editing these records continuously; run the command again when the edits have stopped: it resumes where it stopped.',
      cause: error,
    },
  );
}
