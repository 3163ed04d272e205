// One `order by` key compiled: how to read a record's sort value and how two values compare.
// Empty values sort first ascending and last descending, as the smallest value.
import type { SortKey } from './ast.js';
import type { QueryRecord } from './compile-condition.js';
import { lookupField, typeSpec, type FieldMap } from './field-types.js';
import { entityCodes, scalarReader } from './readers.js';

export type SortValue = string | number;

export interface CompiledSortKey {
  readonly read: (record: QueryRecord) => SortValue;
  /** Compares two values read by `read`, direction included. */
  readonly compare: (a: SortValue, b: SortValue) => number;
}

function compareNumbers(a: number, b: number): number {
  if (a === b) return 0;
  if (Number.isNaN(a)) return Number.isNaN(b) ? 0 : -1;
  if (Number.isNaN(b)) return 1;
  return a < b ? -1 : 1;
}

function compareTexts(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

export function compileSortKey(key: SortKey, fields: FieldMap): CompiledSortKey {
  const { code } = key.field;
  const field = lookupField(fields, code);
  const spec = field && typeSpec(field);
  if (!spec) throw new Error(`query compiler: sort on "${code}" passed the type check (a bug)`);
  let read: (record: QueryRecord) => SortValue;
  let numeric = false;
  if (spec.domain === 'entities') {
    read = (r) => entityCodes(r[code]?.value)[0] ?? '';
  } else if (spec.domain === 'choices' || spec.domain === 'files') {
    throw new Error(`query compiler: sort on "${code}" (${spec.domain}) passed the type check (a bug)`);
  } else {
    const reader = scalarReader(spec.domain);
    numeric = reader.numeric;
    read = (r) => reader.read(r[code]?.value);
  }
  const ascending = numeric
    ? (a: SortValue, b: SortValue) => compareNumbers(a as number, b as number)
    : (a: SortValue, b: SortValue) => compareTexts(a as string, b as string);
  const compare = key.direction === 'asc' ? ascending : (a: SortValue, b: SortValue) => ascending(b, a);
  return { read, compare };
}
