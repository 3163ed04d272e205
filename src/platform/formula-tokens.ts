// The tokens of the formula language of calculated fields and auto-calculated text fields
// (kintone help 040497 "Formula Errors"): what both the local service's evaluator
// (emulator/formula/) and validate's check of the field codes a formula names read.

/** A formula that cannot be parsed or evaluated; the field then holds no value. */
export class FormulaError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'FormulaError';
  }
}

const SYMBOLS = ['<=', '>=', '<>', '!=', '=', '<', '>', '+', '-', '*', '/', '^', '&', '(', ')', ','];
const NUMBER = /^(\d+(\.\d*)?|\.\d+)/u;
const NAME = /^[^\s+\-*/^&=<>!(),"]+/u;

/** A token and (`start`) the offset in the formula where it begins. */
export type Token = (
  | { readonly kind: 'number'; readonly value: number }
  | { readonly kind: 'string'; readonly value: string }
  | { readonly kind: 'name'; readonly value: string }
  | { readonly kind: 'symbol'; readonly value: string }
) & { readonly start: number };

export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let rest = text.trimStart();
  while (rest !== '') {
    const start = text.length - rest.length;
    const number = NUMBER.exec(rest);
    const symbol = SYMBOLS.find((s) => rest.startsWith(s));
    let length: number;
    if (number) {
      tokens.push({ kind: 'number', value: Number(number[0]), start });
      length = number[0].length;
    } else if (rest.startsWith('"')) {
      const end = rest.indexOf('"', 1);
      if (end === -1) throw new FormulaError('a string is not closed with "');
      tokens.push({ kind: 'string', value: rest.slice(1, end), start });
      length = end + 1;
    } else if (symbol) {
      tokens.push({ kind: 'symbol', value: symbol === '<>' ? '!=' : symbol, start });
      length = symbol.length;
    } else {
      const name = NAME.exec(rest);
      if (!name) throw new FormulaError(`unexpected "${rest[0] ?? ''}"`);
      tokens.push({ kind: 'name', value: name[0], start });
      length = name[0].length;
    }
    rest = rest.slice(length).trimStart();
  }
  return tokens;
}

/**
 * The field codes a formula names, each with its offset: every name not followed by `(` (a
 * function call). Read token by token, so a code inside a "string" is not one.
 */
export function formulaFieldNames(text: string): { code: string; start: number }[] {
  const tokens = tokenize(text);
  return tokens.flatMap((token, i) => {
    const next = tokens[i + 1];
    const call = next?.kind === 'symbol' && next.value === '(';
    return token.kind === 'name' && !call ? [{ code: token.value, start: token.start }] : [];
  });
}

/**
 * The field codes a formula names, for the check that each is a field of the app: the platform
 * refuses to save a formula naming a code the app lacks ("The field code (***) in the formula does
 * not exist", kintone help 040497 "Formula Errors"), and validate (project/checks/fields.ts) and
 * the local service (emulator/validate/formula.ts) both refuse it. A formula this tokenizer cannot
 * read names none here: the platform's grammar is wider than the local service's evaluator, so
 * such a formula is left to the platform.
 */
export function readableFormulaFields(text: string): { code: string; start: number }[] {
  try {
    return formulaFieldNames(text);
  } catch (error) {
    if (error instanceof FormulaError) return [];
    throw error;
  }
}
