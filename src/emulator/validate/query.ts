import { parseFilter, parseSort, QuerySyntaxError, type Condition } from '../../query/index.js';
import { str, type CheckContext, type Shape } from './shape.js';

function codesIn(condition: Condition | null): string[] {
  if (condition === null) return [];
  switch (condition.kind) {
    case 'and':
    case 'or':
      return condition.conditions.flatMap(codesIn);
    case 'compare':
    case 'in':
    case 'like':
    case 'empty':
      return [condition.field.code];
    default: {
      const never: never = condition;
      return never;
    }
  }
}

/** Records a problem for the first code the app does not have (`$id` always exists). */
function checkCodes(codes: readonly string[], path: string, ctx: CheckContext): boolean {
  const missing = codes.find((code) => code !== '$id' && !ctx.fields.has(code));
  if (missing === undefined) return true;
  ctx.problems.add(path, `The field "${missing}" does not exist in the app.`);
  return false;
}

/** Runs a parser; a syntax error becomes a problem at `path` that says where in the text. */
function parsed<T>(parse: () => T, path: string, ctx: CheckContext): T | undefined {
  try {
    return parse();
  } catch (error) {
    if (!(error instanceof QuerySyntaxError)) throw error;
    ctx.problems.add(path, `The query is not valid: ${error.message}.`);
    return undefined;
  }
}

/** A record filter (`filterCond`): the query language's condition part; empty matches every record. */
export const filterCond: Shape = (value, path, ctx) => {
  const text = str()(value, path, ctx);
  if (typeof text !== 'string') return undefined;
  const query = parsed(() => parseFilter(text), path, ctx);
  return query && checkCodes(codesIn(query.condition), path, ctx) ? text : undefined;
};

/** A sort clause such as `amount desc, $id asc`, each key a field of the app. */
export const sortClause: Shape = (value, path, ctx) => {
  const text = str()(value, path, ctx);
  if (typeof text !== 'string') return undefined;
  const keys = parsed(() => parseSort(text), path, ctx);
  return keys &&
    checkCodes(
      keys.map((k) => k.field.code),
      path,
      ctx,
    )
    ? text
    : undefined;
};
