/**
 * The field codes a filter or sort names, read with the query language's own parser (src/query),
 * so a code inside a quoted value or a function name is never mistaken for a field.
 */
import { parseFilter, parseSort, type Condition } from '../query/index.js';

function conditionFields(condition: Condition | null, into: Set<string>): void {
  if (condition === null) return;
  if (condition.kind === 'and' || condition.kind === 'or') {
    for (const c of condition.conditions) conditionFields(c, into);
    return;
  }
  into.add(condition.field.code);
}

/** The codes a filter (`filterCond`) names, in order of first use; none when it does not parse. */
export function filterFields(filter: string | undefined): string[] {
  if (filter === undefined || filter.trim() === '') return [];
  const found = new Set<string>();
  try {
    conditionFields(parseFilter(filter).condition, found);
  } catch {
    // validate reports unparsable queries; the handbook documents what it can read.
    return [];
  }
  return [...found];
}

/** The codes a sort (`sort: a asc, b desc`) names, in order. */
export function sortFields(sort: string | undefined): string[] {
  if (sort === undefined || sort.trim() === '') return [];
  try {
    return [...new Set(parseSort(sort).map((key) => key.field.code))];
  } catch {
    return [];
  }
}
