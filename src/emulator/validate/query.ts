import {
  checkQuery,
  parseFilter,
  parseSort,
  QuerySyntaxError,
  type Condition,
  type SortKey,
} from '../../query/index.js';
import { str, type CheckContext, type Shape } from './shape.js';

/**
 * Runs the query language's parser and type check over a stored query part; the first problem
 * (a syntax error, an unknown field, an operator or value the field's type does not accept)
 * is recorded at `path`, saying where in the text it is.
 */
function checkPart(
  text: string,
  parse: () => { condition: Condition | null; orderBy: readonly SortKey[] },
  path: string,
  ctx: CheckContext,
): string | undefined {
  let part: { condition: Condition | null; orderBy: readonly SortKey[] };
  try {
    part = parse();
  } catch (error) {
    if (!(error instanceof QuerySyntaxError)) throw error;
    ctx.problems.add(path, `The query is not valid: ${error.message}.`);
    return undefined;
  }
  const [problem] = checkQuery({ ...part, limit: null, offset: null }, ctx.queryFields);
  if (!problem) return text;
  ctx.problems.add(path, `${problem.message} (at position ${problem.position} of "${text}")`);
  return undefined;
}

/** A record filter (`filterCond`): the query language's condition part; empty matches every record. */
export const filterCond: Shape = (value, path, ctx) => {
  const text = str()(value, path, ctx);
  if (typeof text !== 'string') return undefined;
  return checkPart(text, () => ({ condition: parseFilter(text).condition, orderBy: [] }), path, ctx);
};

/** A sort clause such as `amount desc, $id asc`, each key a sortable field of the app. */
export const sortClause: Shape = (value, path, ctx) => {
  const text = str()(value, path, ctx);
  if (typeof text !== 'string') return undefined;
  return checkPart(text, () => ({ condition: null, orderBy: parseSort(text) }), path, ctx);
};
