/**
 * Reading every record of an app (or those meeting a condition) by `$id` slices in parallel, up to
 * the client's concurrency, and the slice reader the sweep shares. Why not a cursor: it hands its
 * pages out one after another, so 10,000 records take 21 round trips in a row; here they take the
 * newest page's, then the other 19 pages' together (ranges.ts says why not offsets either).
 */
import type { AppRecord, Client } from '../client/index.js';
import { RECORDS_PER_READ } from '../platform/index.js';
import { idOf } from './values.js';
import { inParallel } from '../client/in-parallel.js';
import { idRanges, newestPageQuery, sliceQuery, type IdSlice } from './ranges.js';

/** Which records to read. */
export interface ReadScope {
  readonly app: string;
  /** Only records meeting this query condition (no `order by`, `limit` or `offset`). */
  readonly condition?: string | undefined;
}

export interface ReadAllParams extends ReadScope {
  /** Fields to read (`$id` is added); all when absent. */
  readonly fields?: readonly string[] | undefined;
  readonly signal?: AbortSignal | undefined;
}

/**
 * Every record in scope, oldest first. The newest page comes first (with how many there are): an
 * app of up to 500 records is read in that one call; the rest is split into slices below the
 * page's oldest id, read together.
 */
export async function readAllRecords(client: Client, params: ReadAllParams): Promise<AppRecord[]> {
  const fields =
    params.fields === undefined ? undefined : ['$id', ...params.fields.filter((f) => f !== '$id')];
  const call = { signal: params.signal };
  const head = await client.records.getRecords(
    { app: params.app, query: newestPageQuery(params.condition), fields, totalCount: true },
    call,
  );
  const newest = head.records.slice().reverse();
  const oldestRead = newest[0];
  if (oldestRead === undefined || newest.length < RECORDS_PER_READ) return newest;
  const below = Number(idOf(oldestRead)) - 1;
  // The count only sizes the slices (a slice that holds more than a page is read on): without one,
  // as if every id below were taken.
  const left = head.totalCount === null ? below : Number(head.totalCount) - newest.length;
  if (left <= 0) return newest;
  const slices = idRanges(0, below, left).flatMap((range) => range.slices);
  const pages: AppRecord[][] = [];
  const readOne = async (index: number): Promise<void> => {
    pages[index] = await readSlice(client, params, slices[index]!, fields, params.signal);
  };
  await inParallel(slices.length, client.concurrency, readOne, params.signal);
  return [...pages.flat(), ...newest];
}

/** Every record of a slice, oldest first, following on past a full page. */
export async function readSlice(
  client: Client,
  scope: ReadScope,
  slice: IdSlice,
  fields: readonly string[] | undefined,
  signal: AbortSignal | undefined,
): Promise<AppRecord[]> {
  const records: AppRecord[] = [];
  let after = slice.after;
  for (;;) {
    const page = await client.records.getRecords(
      { app: scope.app, query: sliceQuery(scope.condition, after, slice.last), fields },
      { signal },
    );
    records.push(...page.records);
    const last = page.records[page.records.length - 1];
    if (!last || page.records.length < RECORDS_PER_READ) return records;
    // A full page: more may follow, unless it ends at the slice's last id (a slice of 500 ids
    // that holds 500 records, the usual case, is read in one page).
    after = Number(idOf(last));
    if (after >= slice.last) return records;
  }
}
