import { RECORDS_PER_READ } from '../../platform/index.js';
import { ApiError, invalid } from '../errors.js';
import { callerLogin } from '../directory/users.js';
import { primaryOrganization } from '../directory/units.js';
import { processEnabled, processStates } from './process.js';
import {
  compileQuery,
  fieldsFromProperties,
  parseFilter,
  withStatusOptions,
  parseQuery,
  runQuery,
  QueryCheckError,
  QuerySyntaxError,
  type CompiledQuery,
  type Condition,
  type FieldMap,
  type Query,
} from '../../query/index.js';
import { idOf, type StoredRecord } from './model.js';
import type { Candidates } from './id-index.js';
import type { ApiRequest } from '../context.js';
import type { AppSettings } from '../model/app.js';
import type { FilterMatcher } from '../permissions/record-access.js';

/** Get Records: the default page, and the caps platform-facts gives. */
const DEFAULT_LIMIT = 100;
const MAX_LIMIT = RECORDS_PER_READ;
const MAX_OFFSET = 10_000;

/** Live settings are stored values, never changed in place: each one's view is kept with it. */
const fieldMaps = new WeakMap<AppSettings, FieldMap>();

/**
 * The query engine's view of the live form: every field (subtable fields flat), with the
 * process's statuses as the STATUS field's options when process management is on. Made once
 * per live copy of an app, not for every read (the engine only reads it).
 */
export function queryFields(live: AppSettings): FieldMap {
  let found = fieldMaps.get(live);
  if (!found) {
    const statuses = processEnabled(live) ? processStates(live).map((s) => s.name) : undefined;
    found = withStatusOptions(fieldsFromProperties(live.properties), statuses);
    fieldMaps.set(live, found);
  }
  return found;
}

/** A query or filterCond error as the service answers it: 400 with the code of the first problem. */
function queryError(error: unknown, param: string): unknown {
  // The platform answers a query that does not parse as any invalid input (CB_VA01 naming it),
  // and a function's bad argument with the argument's own code.
  if (error instanceof QuerySyntaxError) {
    const message = error.code ? `The ${param} is not valid: ${error.message}.` : 'Missing or invalid input.';
    return new ApiError(400, error.code ?? 'CB_VA01', message, { [param]: { messages: [error.message] } });
  }
  if (error instanceof QueryCheckError) {
    // Each problem says where it is, as a syntax error does: the offset of the field, operator or value.
    const messages = error.problems.map((p) => `${p.message} (at position ${p.position} of the ${param})`);
    return new ApiError(
      400,
      error.problems[0]?.code ?? 'GAIA_IQ11',
      `The ${param} does not fit the app's fields: ${messages[0] ?? error.message}`,
      { [param]: { messages } },
    );
  }
  return error;
}

function compile(
  req: ApiRequest,
  fields: FieldMap,
  param: string,
  parse: () => Query,
): CompiledQuery<StoredRecord> {
  try {
    const login = callerLogin(req.principal);
    const context = {
      now: req.ctx.clock.date(),
      user: login ?? '',
      primaryOrganization: login === null ? null : primaryOrganization(req.ctx, login),
    };
    // Stored conditions (filterCond) stay tolerant of renamed options; a sent query is refused.
    return compileQuery<StoredRecord>(parse(), fields, context, { tolerateOptions: param === 'filterCond' });
  } catch (error) {
    throw queryError(error, param);
  }
}

/**
 * The records a query may select, given its condition: those the caller may view, in storage
 * order, as the live process shows them, and whether that order is strictly ascending `$id`. A
 * source may leave out records the condition cannot match (records/id-index.ts), never one it can.
 */
export type RecordSource = (condition: Condition | null) => Candidates;

/**
 * The records a Get Records `query` selects from `source`, through the compiled query and its
 * top-N run: the page after `offset`/`limit` (default 100; above 500 is 400 GAIA_QU01, an offset
 * above 10,000 is 400 GAIA_QU02) and the count of every match (null when `counted` is false). A
 * page sorted by `$id` alone is read off the id order and stops at its last record. In `cursor` mode the query may not page
 * (400 CB_VA01) and all matches return.
 */
export function selectRecords(
  req: ApiRequest,
  live: AppSettings,
  source: RecordSource,
  text: string,
  mode: 'list' | 'cursor',
  counted = true,
): { records: StoredRecord[]; total: number | null } {
  let condition: Condition | null = null;
  const compiled = compile(req, queryFields(live), 'query', () => {
    const parsed = parseQuery(text);
    condition = parsed.condition;
    if (mode === 'cursor') {
      if (parsed.limit !== null || parsed.offset !== null)
        throw invalid({ query: 'A cursor query may not contain limit or offset; page with size instead.' });
      return parsed;
    }
    if (parsed.limit !== null && parsed.limit > MAX_LIMIT)
      throw new ApiError(400, 'GAIA_QU01', `The limit must be ${MAX_LIMIT} or less; use a cursor for more.`);
    if (parsed.offset !== null && parsed.offset > MAX_OFFSET)
      throw new ApiError(
        400,
        'GAIA_QU02',
        `The offset must be ${MAX_OFFSET} or less; use a cursor to read further.`,
      );
    return { ...parsed, limit: parsed.limit ?? DEFAULT_LIMIT };
  });
  const candidates = source(condition);
  const page = candidates.idOrdered ? pageById(candidates.records, compiled) : null;
  // The count, when asked, is a plain pass of the filter: no sort keys read, nothing ranked.
  if (page) return { records: page, total: counted ? countMatches(candidates.records, compiled) : null };
  const result = runQuery(candidates.records, compiled);
  return { records: result.records, total: counted ? result.total : null };
}

/** How many of `records` the query's condition selects. */
export function countMatches(
  records: readonly StoredRecord[],
  compiled: CompiledQuery<StoredRecord>,
): number {
  let total = 0;
  for (const record of records) if (compiled.filter(record)) total++;
  return total;
}

/**
 * The page of a query sorted by `$id` alone, read off the end of `records` (strictly ascending
 * `$id`) its direction starts from, stopping once the page is full: what runQuery's sort gives,
 * as ids never tie. Null when the query sorts by anything else or has no limit.
 */
export function pageById(
  records: readonly StoredRecord[],
  compiled: CompiledQuery<StoredRecord>,
): StoredRecord[] | null {
  const [key, ...more] = compiled.orderBy;
  if (!key || more.length > 0 || key.field.code !== '$id' || compiled.limit === null) return null;
  const skip = compiled.offset ?? 0;
  const end = skip + compiled.limit;
  const page: StoredRecord[] = [];
  const step = key.direction === 'asc' ? 1 : -1;
  let matched = 0;
  for (
    let i = step === 1 ? 0 : records.length - 1;
    i >= 0 && i < records.length && matched < end;
    i += step
  ) {
    const record = records[i] as StoredRecord;
    if (!compiled.filter(record)) continue;
    if (matched >= skip) page.push(record);
    matched++;
  }
  return page;
}

/** The record ACL's and process actions' filterCond test, compiled once per condition per request. */
export function filterMatcher(req: ApiRequest, live: AppSettings): FilterMatcher {
  const cache = new Map<string, CompiledQuery<StoredRecord>>();
  let fields: FieldMap | undefined;
  return (filterCond, records) => {
    if (filterCond.trim() === '') return new Set(records.map(idOf));
    let compiled = cache.get(filterCond);
    if (!compiled) {
      fields ??= queryFields(live);
      compiled = compile(req, fields, 'filterCond', () => parseFilter(filterCond));
      cache.set(filterCond, compiled);
    }
    const test = compiled.filter;
    return new Set(records.filter((r) => test(r)).map(idOf));
  };
}

/** Whether one record meets a filterCond. */
export function recordMatches(
  req: ApiRequest,
  live: AppSettings,
  record: StoredRecord,
  filterCond: string,
): boolean {
  return filterMatcher(req, live)(filterCond, [record]).size > 0;
}
