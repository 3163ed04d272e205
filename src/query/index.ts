// The record query language: parse, check against an app's fields, compile to closures, run.
export type {
  CompareOperator,
  Condition,
  FieldRef,
  FromTodayUnit,
  FunctionName,
  Operator,
  Predicate,
  Query,
  QueryFunction,
  SortDirection,
  SortKey,
  Value,
  Weekday,
} from './ast.js';
export { operatorOf } from './ast.js';
export { QueryCheckError, QuerySyntaxError } from './errors.js';
export { FUNCTION_NAMES } from './functions.js';
export { parseFilter, parseQuery, parseSort } from './parser.js';
export type { QueryProblem, QueryProblemCode } from './problems.js';
