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
export { QueryCheckError, QuerySyntaxError, type ArgumentErrorCode } from './errors.js';
export { FUNCTION_NAMES } from './functions.js';
export { parseFilter, parseQuery, parseSort } from './parser.js';
export type { QueryProblem, QueryProblemCode } from './problems.js';
export { checkQuery } from './check.js';
export { compileQuery, DEFAULT_ORDER, type CompiledQuery, type CompileOptions } from './compile.js';
export type { QueryRecord } from './compile-condition.js';
export {
  fieldsFromProperties,
  withStatusOptions,
  ID_TYPE,
  lookupField,
  typeSpec,
  type Domain,
  type FieldInfo,
  type FieldMap,
  type TypeSpec,
} from './field-types.js';
export { runQuery, type QueryResult } from './run.js';
export type { CompiledSortKey, SortValue } from './sort-keys.js';
export type { QueryContext } from './values.js';
export { emptinessQuery } from './emptiness.js';
