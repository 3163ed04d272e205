// The formula language of calculated fields and auto-calculated text fields, the subset the
// emulator evaluates: numbers, "strings", field codes, + - * / ^, & (join text), = != <> < > <=
// >=, parentheses, and the functions SUM, ROUND, ROUNDUP, ROUNDDOWN, IF, AND, OR, NOT, CONTAINS,
// YEN and DATE_FORMAT. Precedence, lowest first: comparison, &, + -, * /, ^, then a leading minus
// (so -2^2 is 4, as in spreadsheets).

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

/** A formula that cannot be parsed or evaluated; the field then holds no value. */
export class FormulaError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'FormulaError';
  }
}

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
const SYMBOLS = ['<=', '>=', '<>', '!=', '=', '<', '>', '+', '-', '*', '/', '^', '&', '(', ')', ','];
const NUMBER = /^(\d+(\.\d*)?|\.\d+)/u;
const NAME = /^[^\s+\-*/^&=<>!(),"]+/u;

/** A token and (`start`) the offset in the formula where it begins. */
type Token = (
  | { readonly kind: 'number'; readonly value: number }
  | { readonly kind: 'string'; readonly value: string }
  | { readonly kind: 'name'; readonly value: string }
  | { readonly kind: 'symbol'; readonly value: string }
) & { readonly start: number };

function tokenize(text: string): Token[] {
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
