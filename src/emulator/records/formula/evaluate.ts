import { FormulaError, type BinaryOperator, type Formula, type FormulaFunction } from './parse.js';
import { decimalText, roundTo } from './rounding.js';

export type Value = number | string | boolean;

/**
 * What a field code stands for in a formula: one value, or a table column (every row's value,
 * usable only inside SUM). A resolver throws FormulaError for a code it cannot give a value for.
 */
export type Resolver = (code: string) => Value | { readonly column: readonly Value[] };

export function evaluateFormula(formula: Formula, resolve: Resolver): Value {
  const value = (f: Formula): Value => {
    switch (f.kind) {
      case 'number':
      case 'string':
        return f.value;
      case 'field': {
        const found = resolve(f.code);
        if (typeof found === 'object')
          throw new FormulaError(`"${f.code}" is a table column: use it inside SUM()`);
        return found;
      }
      case 'negate':
        return -toNumber(value(f.operand));
      case 'binary':
        return binary(f.op, value(f.left), value(f.right));
      case 'call':
        return call(f.name, f.args);
      default: {
        const never: never = f;
        return never;
      }
    }
  };
  const call = (name: FormulaFunction, args: readonly Formula[]): Value => {
    const arity = (min: number, max: number): void => {
      if (args.length < min || args.length > max)
        throw new FormulaError(`${name}() takes ${min === max ? min : `${min} to ${max}`} arguments`);
    };
    switch (name) {
      case 'SUM':
        return args.reduce((total, arg) => {
          const found = arg.kind === 'field' ? resolve(arg.code) : value(arg);
          const items = typeof found === 'object' ? found.column : [found];
          return total + items.reduce<number>((s, item) => s + toNumber(item), 0);
        }, 0);
      case 'ROUND':
      case 'ROUNDUP':
      case 'ROUNDDOWN': {
        arity(1, 2);
        const places = args[1] ? Math.trunc(toNumber(value(args[1]))) : 0;
        const mode = name === 'ROUND' ? 'HALF_UP' : name === 'ROUNDUP' ? 'UP' : 'DOWN';
        return roundTo(toNumber(value(args[0] as Formula)), places, mode);
      }
      case 'IF':
        arity(3, 3);
        return truthy(value(args[0] as Formula)) ? value(args[1] as Formula) : value(args[2] as Formula);
      case 'AND':
        arity(1, 32);
        return args.every((arg) => truthy(value(arg)));
      case 'OR':
        arity(1, 32);
        return args.some((arg) => truthy(value(arg)));
      case 'NOT':
        arity(1, 1);
        return !truthy(value(args[0] as Formula));
      default: {
        const never: never = name;
        return never;
      }
    }
  };
  return value(formula);
}

function binary(op: BinaryOperator, left: Value, right: Value): Value {
  switch (op) {
    case '+':
      return toNumber(left) + toNumber(right);
    case '-':
      return toNumber(left) - toNumber(right);
    case '*':
      return toNumber(left) * toNumber(right);
    case '/': {
      const divisor = toNumber(right);
      if (divisor === 0) throw new FormulaError('division by zero');
      return toNumber(left) / divisor;
    }
    case '^':
      return toNumber(left) ** toNumber(right);
    case '&':
      return toText(left) + toText(right);
    case '=':
    case '!=':
    case '<':
    case '>':
    case '<=':
    case '>=':
      return compare(op, left, right);
    default: {
      const never: never = op;
      return never;
    }
  }
}

/** Numbers (and booleans) compare as numbers; as soon as one side is text, both compare as text. */
function compare(op: '=' | '!=' | '<' | '>' | '<=' | '>=', left: Value, right: Value): boolean {
  const asText = typeof left === 'string' || typeof right === 'string';
  const a = asText ? toText(left) : toNumber(left);
  const b = asText ? toText(right) : toNumber(right);
  switch (op) {
    case '=':
      return a === b;
    case '!=':
      return a !== b;
    case '<':
      return a < b;
    case '>':
      return a > b;
    case '<=':
      return a <= b;
    case '>=':
      return a >= b;
    default: {
      const never: never = op;
      return never;
    }
  }
}

const NUMERIC = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/u;

/** An empty text is 0 (an empty number field counts as 0); other text must be a number. */
export function toNumber(value: Value): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'boolean') return value ? 1 : 0;
  const text = value.trim();
  if (text === '') return 0;
  if (!NUMERIC.test(text)) throw new FormulaError(`"${value}" is not a number`);
  return Number(text);
}

function toText(value: Value): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  return decimalText(value, 10);
}

function truthy(value: Value): boolean {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return value !== 0;
  throw new FormulaError(`"${value}" is not a condition`);
}
