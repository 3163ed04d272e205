// compileQuery: check a parsed query against the app's fields once, then turn it into closures
// (a record filter and a sort) that run without touching the AST again.
import type { Predicate, Query, SortKey } from './ast.js';
import { checkQuery } from './check.js';
import { compileCondition, type BoundPredicate, type QueryRecord } from './compile-condition.js';
import { QueryCheckError } from './errors.js';
import { lookupField, typeSpec, type FieldMap } from './field-types.js';
import { compileSortKey, type CompiledSortKey } from './sort-keys.js';
import { isProblem, resolveValue, type QueryContext } from './values.js';

export interface CompiledQuery<R extends QueryRecord = QueryRecord> {
  /** Whether a record meets the condition (true for every record when there is none). */
  readonly filter: (record: R) => boolean;
  /** The query's order (`$id desc` when it has no `order by`), reading the keys on each call. */
  readonly compare: (a: R, b: R) => number;
  /** The order as key readers, for callers that read each record's keys once (runQuery does). */
  readonly sortKeys: readonly CompiledSortKey[];
  /** The sort actually applied: the query's `order by`, or `$id desc`. */
  readonly orderBy: readonly SortKey[];
  readonly limit: number | null;
  readonly offset: number | null;
}

/** The hosted platform's order when a query has none. */
export const DEFAULT_ORDER: readonly SortKey[] = [{ field: { code: '$id', position: 0 }, direction: 'desc' }];

export interface CompileOptions {
  /**
   * Let a value outside a choice field's options (GAIA_IQ10) match nothing instead of refusing
   * the query: for stored conditions (record ACL rules, process actions), which must keep working
   * after an option is renamed. A query sent to Get Records is refused, as the platform does.
   */
  readonly tolerateOptions?: boolean;
}

/**
 * Compiles `query` for the app whose fields are `fields`, relative to `context` (clock, user,
 * time zone). Throws QueryCheckError when checkQuery finds a problem (see CompileOptions).
 */
export function compileQuery<R extends QueryRecord = QueryRecord>(
  query: Query,
  fields: FieldMap,
  context: QueryContext,
  options: CompileOptions = {},
): CompiledQuery<R> {
  const problems = checkQuery(query, fields).filter(
    (p) => !(options.tolerateOptions === true && p.code === 'GAIA_IQ10'),
  );
  if (problems.length > 0) throw new QueryCheckError(problems);
  const bind = (predicate: Predicate): BoundPredicate => {
    const field = lookupField(fields, predicate.field.code);
    const spec = field && typeSpec(field);
    if (!field || !spec) throw new QueryCheckError([]);
    const written =
      predicate.kind === 'compare' ? [predicate.value] : predicate.kind === 'in' ? predicate.values : [];
    const values = written.map((value) => {
      const resolved = resolveValue(value, predicate.field.code, field, spec, context);
      return isProblem(resolved) ? ({ kind: 'none' } as const) : resolved;
    });
    return { predicate, domain: spec.domain, subtable: field.subtable, values };
  };
  const filter: (record: R) => boolean = query.condition
    ? compileCondition(query.condition, bind)
    : () => true;
  const orderBy = query.orderBy.length > 0 ? query.orderBy : DEFAULT_ORDER;
  const sortKeys = orderBy.map((key) => compileSortKey(key, fields));
  const compare = (a: R, b: R): number => {
    for (const key of sortKeys) {
      const c = key.compare(key.read(a), key.read(b));
      if (c !== 0) return c;
    }
    return 0;
  };
  return { filter, compare, sortKeys, orderBy, limit: query.limit, offset: query.offset };
}
