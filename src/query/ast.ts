// The syntax tree of a record query. Plain data: the parser builds it, the type check and the
// compiler read it, and nothing here knows about field types or records.

/** A field named in a query: `$id`, a top-level field code or a subtable's inner field code. */
export interface FieldRef {
  readonly code: string;
  /** 0-based offset of the field code in the query text. */
  readonly position: number;
}

export type Weekday = 'SUNDAY' | 'MONDAY' | 'TUESDAY' | 'WEDNESDAY' | 'THURSDAY' | 'FRIDAY' | 'SATURDAY';
export type FromTodayUnit = 'DAYS' | 'WEEKS' | 'MONTHS' | 'YEARS';

/** A function call with its arguments already validated by the parser. */
export type QueryFunction =
  | { readonly name: 'LOGINUSER' | 'PRIMARY_ORGANIZATION' | 'NOW' }
  | { readonly name: 'TODAY' | 'YESTERDAY' | 'TOMORROW' }
  | { readonly name: 'FROM_TODAY'; readonly amount: number; readonly unit: FromTodayUnit }
  | { readonly name: 'THIS_WEEK' | 'LAST_WEEK' | 'NEXT_WEEK'; readonly weekday: Weekday | null }
  | { readonly name: 'THIS_MONTH' | 'LAST_MONTH' | 'NEXT_MONTH'; readonly day: number | 'LAST' | null }
  | { readonly name: 'THIS_YEAR' | 'LAST_YEAR' | 'NEXT_YEAR' };

export type FunctionName = QueryFunction['name'];

export type Value =
  /** `"text"` (quoted) or a bare number such as `10` or `-2.5` (not quoted). */
  | { readonly kind: 'literal'; readonly text: string; readonly quoted: boolean; readonly position: number }
  | { readonly kind: 'function'; readonly fn: QueryFunction; readonly position: number };

export type CompareOperator = '=' | '!=' | '>' | '<' | '>=' | '<=';

/** Every operator as it is written in a query (lower case, single spaces). */
export type Operator = CompareOperator | 'in' | 'not in' | 'like' | 'not like' | 'is empty' | 'is not empty';

export type Condition =
  | { readonly kind: 'and'; readonly conditions: readonly Condition[] }
  | { readonly kind: 'or'; readonly conditions: readonly Condition[] }
  | Predicate;

/** One test of one field. `position` is the 0-based offset of the operator. */
export type Predicate =
  | {
      readonly kind: 'compare';
      readonly field: FieldRef;
      readonly operator: CompareOperator;
      readonly value: Value;
      readonly position: number;
    }
  | {
      readonly kind: 'in';
      readonly field: FieldRef;
      readonly negated: boolean;
      readonly values: readonly Value[];
      readonly position: number;
    }
  | {
      readonly kind: 'like';
      readonly field: FieldRef;
      readonly negated: boolean;
      readonly value: Value;
      readonly position: number;
    }
  | {
      readonly kind: 'empty';
      readonly field: FieldRef;
      readonly negated: boolean;
      readonly position: number;
    };

export type SortDirection = 'asc' | 'desc';

export interface SortKey {
  readonly field: FieldRef;
  readonly direction: SortDirection;
}

export interface Query {
  /** null when the query has no condition (every record matches). */
  readonly condition: Condition | null;
  /** Empty when the query has no `order by`. */
  readonly orderBy: readonly SortKey[];
  readonly limit: number | null;
  readonly offset: number | null;
}

/** The operator of a predicate as written in a query. */
export function operatorOf(predicate: Predicate): Operator {
  switch (predicate.kind) {
    case 'compare':
      return predicate.operator;
    case 'in':
      return predicate.negated ? 'not in' : 'in';
    case 'like':
      return predicate.negated ? 'not like' : 'like';
    case 'empty':
      return predicate.negated ? 'is not empty' : 'is empty';
    default: {
      const never: never = predicate;
      return never;
    }
  }
}
