// What the type check reports. Codes follow the hosted platform where it has one (GAIA_IQ11 unknown
// field, GAIA_IQ03 operator the field type does not accept); the others are ours, documented here.
//   GAIA_IQ11  the field code is not in the app (or a subtable/unsupported field is named as a whole)
//   GAIA_IQ03  the operator is not accepted by the field's type
//   GAIA_IQ07  `=` or `!=` on a field inside a table (use `in` / `not in`)
//   GAIA_IQ10  a value is not one of the choice field's options (or not a status of the process)
//   GAIA_IQ08  a value does not fit the field type (not a number, not a date, empty with > or <, ...)
//   GAIA_IQ09  a function the field type does not accept (TODAY() on a text field, NOW() on a DATE, ...)
//   GAIA_IQ12  `order by` on a field type that cannot be sorted
export type QueryProblemCode =
  'GAIA_IQ11' | 'GAIA_IQ03' | 'GAIA_IQ07' | 'GAIA_IQ08' | 'GAIA_IQ09' | 'GAIA_IQ10' | 'GAIA_IQ12';

export interface QueryProblem {
  readonly code: QueryProblemCode;
  /** What is wrong and what to do instead, naming the field. */
  readonly message: string;
  /** 0-based offset into the query text of the field, operator or value at fault. */
  readonly position: number;
  readonly field?: string;
}
