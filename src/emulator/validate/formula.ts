import { readableFormulaFields } from '../../platform/index.js';
import { str, type Shape } from './shape.js';

/**
 * A formula (CALC's `expression`, an auto-calculated text's): every field code it names is a
 * field of the app, a table's columns included (the rule and its evidence:
 * platform/formula-tokens.ts). The fields are the form as the request leaves it, so a formula may
 * name a field the same request adds. The platform's REST answer is not documented: 400 CB_VA01 at
 * the expression, naming the first unknown code (our choice).
 */
export const formula: Shape = (value, path, ctx) => {
  const text = str()(value, path, ctx);
  if (typeof text !== 'string') return undefined;
  const unknown = readableFormulaFields(text).find(({ code }) => !ctx.fields.has(code));
  if (unknown === undefined) return text;
  ctx.problems.add(
    path,
    `The field code (${unknown.code}) in the formula does not exist (at position ${unknown.start} of "${text}").`,
  );
  return undefined;
};
