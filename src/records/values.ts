/** What the records room reads of a record (interim, replaced by branch engine at merge). */
import { isEmptyValue } from '../platform/conversions.js';

export type Rows = { id?: string; value: Record<string, { value?: unknown }> }[];

/** A record id or revision as the records API gives it (a string). */
export const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** The filled values of a field in a record: one, or one per row of its table. */
export function heldValues(
  record: Record<string, { value?: unknown } | undefined>,
  field: { code: string; table: string | null },
): unknown[] {
  if (field.table === null) {
    const value = record[field.code]?.value;
    return isEmptyValue(value) ? [] : [value];
  }
  return ((record[field.table]?.value ?? []) as Rows)
    .map((row) => row.value[field.code]?.value)
    .filter((value) => !isEmptyValue(value));
}
