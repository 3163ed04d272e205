import { parseFilter, parseSort, type Condition, type FieldRef } from '../../../query/index.js';
import { formulaFieldNames } from '../../formula/parse.js';

/** Field code (as written before) -> its new code. Codes not in the map stay. */
export type Renames = ReadonlyMap<string, string>;

/**
 * The text with each named field code replaced where it stands (offsets as the parser found them,
 * so a code inside a string literal, or a code that is a prefix of another, is left alone).
 */
function spliceCodes(
  text: string,
  names: readonly { code: string; start: number }[],
  renames: Renames,
): string {
  let out = text;
  const changed = names
    .filter((n) => renames.has(n.code) && text.startsWith(n.code, n.start))
    .sort((a, b) => b.start - a.start);
  for (const { code, start } of changed)
    out = out.slice(0, start) + renames.get(code)! + out.slice(start + code.length);
  return out;
}

function conditionRefs(condition: Condition | null): FieldRef[] {
  if (!condition) return [];
  switch (condition.kind) {
    case 'and':
    case 'or':
      return condition.conditions.flatMap(conditionRefs);
    case 'compare':
    case 'in':
    case 'like':
    case 'empty':
      return [condition.field];
    default: {
      const never: never = condition;
      return never;
    }
  }
}

const asNames = (refs: readonly FieldRef[]) => refs.map((r) => ({ code: r.code, start: r.position }));

/**
 * A stored `filterCond` with renamed fields, through the query parser. Stored filters were checked
 * when written, so one that no longer parses is kept as it is rather than guessed at.
 */
export function renameInFilter(filter: string, renames: Renames): string {
  if (renames.size === 0 || filter.trim() === '') return filter;
  try {
    return spliceCodes(filter, asNames(conditionRefs(parseFilter(filter).condition)), renames);
  } catch {
    return filter;
  }
}

/** A stored `sort` clause (`amount desc, $id asc`) with renamed fields. */
export function renameInSort(sort: string, renames: Renames): string {
  if (renames.size === 0 || sort.trim() === '') return sort;
  try {
    return spliceCodes(sort, asNames(parseSort(sort).map((k) => k.field)), renames);
  } catch {
    return sort;
  }
}

/** A CALC (or auto-calculated text) `expression` with renamed fields; one that does not tokenize is kept. */
export function renameInFormula(expression: string, renames: Renames): string {
  if (renames.size === 0 || expression.trim() === '') return expression;
  try {
    return spliceCodes(expression, formulaFieldNames(expression), renames);
  } catch {
    return expression;
  }
}
