// The formula language of calculated fields and auto-calculated text fields, the subset the
// emulator evaluates: numbers, "strings", field codes, + - * / ^, & (join text), = != <> < > <=
// >=, parentheses, and the functions SUM, ROUND, ROUNDUP, ROUNDDOWN, IF, AND, OR, NOT, CONTAINS,
// YEN and DATE_FORMAT. Precedence, lowest first: comparison, &, + -, * /, ^, then a leading minus
// (so -2^2 is 4, as in spreadsheets).

import { FormulaError, tokenize, type Token } from '../../platform/formula-tokens.js';

export { FormulaError, formulaFieldNames } from '../../platform/formula-tokens.js';

export type BinaryOperator = '+' | '-' | '*' | '/' | '^' | '&' | '=' | '!=' | '<' | '>' | '<=' | '>=';
export type FormulaFunction =
  | 'SUM'
  | 'ROUND'
  | 'ROUNDUP'
  | 'ROUNDDOWN'
  | 'IF'
  | 'AND'
  | 'OR'
  | 'NOT'
  | 'CONTAINS'
  | 'YEN'
  | 'DATE_FORMAT';

export type Formula =
  | { readonly kind: 'number'; readonly value: number }
  | { readonly kind: 'string'; readonly value: string }
  | { readonly kind: 'field'; readonly code: string }
  | { readonly kind: 'negate'; readonly operand: Formula }
  | { readonly kind: 'binary'; readonly op: BinaryOperator; readonly left: Formula; readonly right: Formula }
  | { readonly kind: 'call'; readonly name: FormulaFunction; readonly args: readonly Formula[] };

const FUNCTIONS: ReadonlySet<string> = new Set([
  'SUM',
  'ROUND',
  'ROUNDUP',
  'ROUNDDOWN',
  'IF',
  'AND',
  'OR',
  'NOT',
  'CONTAINS',
  'YEN',
  'DATE_FORMAT',
]);
/** Parses a field's `expression`; FormulaError when it is not in the supported subset. */
export function parseFormula(text: string): Formula {
  const tokens = tokenize(text);
  let at = 0;
  const peek = (): Token | undefined => tokens[at];
  const isSymbol = (...values: string[]): boolean => {
    const token = peek();
    return token?.kind === 'symbol' && values.includes(token.value);
  };
  const expect = (value: string): void => {
    if (!isSymbol(value)) throw new FormulaError(`expected "${value}"`);
    at++;
  };
  // One precedence level of left-associative binary operators.
  const level = (ops: readonly string[], next: () => Formula) => (): Formula => {
    let left = next();
    while (isSymbol(...ops)) {
      const op = (tokens[at++] as Token).value as BinaryOperator;
      left = { kind: 'binary', op, left, right: next() };
    }
    return left;
  };
  const primary = (): Formula => {
    const token = tokens[at++];
    if (!token) throw new FormulaError('the formula ends too early');
    switch (token.kind) {
      case 'number':
        return { kind: 'number', value: token.value };
      case 'string':
        return { kind: 'string', value: token.value };
      case 'name': {
        if (!isSymbol('(')) return { kind: 'field', code: token.value };
        const name = token.value.toUpperCase();
        if (!FUNCTIONS.has(name)) throw new FormulaError(`the function ${token.value}() is not supported`);
        at++;
        const args: Formula[] = [];
        if (!isSymbol(')')) {
          args.push(comparison());
          while (isSymbol(',')) {
            at++;
            args.push(comparison());
          }
        }
        expect(')');
        return { kind: 'call', name: name as FormulaFunction, args };
      }
      case 'symbol':
        if (token.value === '(') {
          const inner = comparison();
          expect(')');
          return inner;
        }
        throw new FormulaError(`unexpected "${token.value}"`);
      default: {
        const never: never = token;
        return never;
      }
    }
  };
  const unary = (): Formula => {
    if (isSymbol('-', '+')) {
      const minus = (tokens[at++] as Token).value === '-';
      const operand = unary();
      return minus ? { kind: 'negate', operand } : operand;
    }
    return primary();
  };
  const power = level(['^'], unary);
  const product = level(['*', '/'], power);
  const sum = level(['+', '-'], product);
  const join = level(['&'], sum);
  const comparison = level(['=', '!=', '<', '>', '<=', '>='], join);
  const formula = comparison();
  if (at < tokens.length)
    throw new FormulaError(`unexpected "${String(tokens[at]?.value)}" after the formula`);
  return formula;
}
