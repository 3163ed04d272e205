/** How a record query says that a field holds a value, or holds none. */
import { typeSpec } from './field-types.js';

/**
 * The query that lists the records where the field holds a value (or, `empty`, holds none), in
 * the operators the service takes for its type and place (field-types.ts, the hosted
 * platform's operator table): `is (not) empty` for long text and files, `(!)= ""` where equality
 * is allowed, else `(not) in ("")`, which is also what a table column takes, since the service
 * refuses `=` and `!=` inside a table (GAIA_IQ07; kintone's query documentation: "fields in
 * tables" take `in` and `not in`).
 */
export function emptinessQuery(
  probe: { field: string; fieldType: string; table?: string },
  empty: boolean,
): string {
  // Field codes are letters, digits and _: they need no quoting in a query.
  const f = probe.field;
  const operators = typeSpec({ type: probe.fieldType, ...(probe.table ? { subtable: probe.table } : {}) })
    ?.operators ?? ['in', 'not in'];
  if (operators.includes('is empty')) return `${f} ${empty ? 'is empty' : 'is not empty'}`;
  if (operators.includes('=')) return `${f} ${empty ? '=' : '!='} ""`;
  return `${f} ${empty ? 'in' : 'not in'} ("")`;
}
