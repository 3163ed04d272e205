/**
 * How a sweep splits an app's records into `$id` ranges it can read and write in parallel, and
 * the query that reads one range. Pure.
 *
 * Why `$id` ranges and not offsets: the platform refuses `offset` past 10,000 (spec "Limits",
 * kintone.dev "Get Records": "offset ... up to 10,000"), and a cursor hands its pages out one after
 * the other only. `$id` conditions read any slice of any size, each independently, so the slices
 * can go in flight together (the "Get Records" page itself recommends `$id` ordering for reading
 * every record: "Retrieve records in bulk using the record ID").
 */
import { CALLS_PER_BULK_REQUEST, RECORDS_PER_READ, RECORDS_PER_WRITE } from '../platform/index.js';

/** The records one bulk request updates at most: 20 calls of 100 (2,000). */
export const RECORDS_PER_BULK = CALLS_PER_BULK_REQUEST * RECORDS_PER_WRITE;

/** A slice of ids: `after < $id <= last`. */
export interface IdSlice {
  readonly after: number;
  readonly last: number;
}

/** A range: the slices read together, whose records then go out in one bulk request. */
export interface IdRange {
  readonly after: number;
  readonly last: number;
  readonly slices: readonly IdSlice[];
}

/**
 * Ranges covering `after < $id <= maxId` for `count` records spread over that span. Each slice is
 * as wide as holds about one read page (500 records) at the span's mean density (ids are unique,
 * so a slice at most 500 ids wide never holds more than 500), and a range holds about one bulk
 * request's worth (2,000 records) in four such slices. A denser stretch than the mean just takes
 * a second page of its slice (the reader follows on when a page comes back full).
 */
export function idRanges(after: number, maxId: number, count: number): IdRange[] {
  if (count <= 0 || maxId <= after) return [];
  const span = maxId - after;
  const sliceWidth = Math.max(RECORDS_PER_READ, Math.ceil((RECORDS_PER_READ * span) / count));
  const slicesPerRange = RECORDS_PER_BULK / RECORDS_PER_READ;
  const ranges: IdRange[] = [];
  for (let start = after; start < maxId; start += sliceWidth * slicesPerRange) {
    const slices: IdSlice[] = [];
    for (let i = 0; i < slicesPerRange; i++) {
      const from = start + i * sliceWidth;
      if (from >= maxId) break;
      slices.push({ after: from, last: Math.min(from + sliceWidth, maxId) });
    }
    ranges.push({ after: start, last: slices[slices.length - 1]!.last, slices });
  }
  return ranges;
}

/** The query reading one page of a slice: `(condition) and $id > a and $id <= b order by $id asc limit 500`. */
export function sliceQuery(condition: string | undefined, after: number, last: number): string {
  const ids = `$id > ${after} and $id <= ${last}`;
  const where = condition ? `(${condition}) and ${ids}` : ids;
  return `${where} order by $id asc limit ${RECORDS_PER_READ}`;
}

/** The query of the highest id (with totalCount: how many records) past `after`. */
export function lastIdQuery(condition: string | undefined, after: number): string {
  const ids = `$id > ${after}`;
  return `${condition ? `(${condition}) and ${ids}` : ids} order by $id desc limit 1`;
}

/** The query of the newest page (500 records, newest first): where a whole read starts. */
export function newestPageQuery(condition: string | undefined): string {
  return `${condition ? `(${condition}) ` : ''}order by $id desc limit ${RECORDS_PER_READ}`;
}

/** A query for up to 100 given ids (re-reading records after a revision conflict). */
export function idsQuery(ids: readonly string[]): string {
  return `$id in (${ids.join(', ')}) order by $id asc limit ${RECORDS_PER_WRITE}`;
}

/**
 * The done frontier of ranges finishing in any order: the last id below which every range is
 * done, which is what a checkpoint may say (a resume redoes the rest; writes are idempotent).
 */
export class Frontier {
  readonly #ranges: readonly IdRange[];
  readonly #done: boolean[];
  #next = 0;
  #lastId: number;

  constructor(ranges: readonly IdRange[], after: number) {
    this.#ranges = ranges;
    this.#done = ranges.map(() => false);
    this.#lastId = after;
  }

  /** Marks range `index` done; the frontier moves past every range done in a row. */
  finish(index: number): number {
    this.#done[index] = true;
    while (this.#next < this.#ranges.length && this.#done[this.#next]) {
      this.#lastId = this.#ranges[this.#next]!.last;
      this.#next++;
    }
    return this.#lastId;
  }

  get lastId(): number {
    return this.#lastId;
  }
}
