import { FormulaError, type BinaryOperator, type Formula, type FormulaFunction } from './parse.js';
import { decimalText, roundTo } from './rounding.js';
import { dateFormat } from './date-format.js';
import { yen } from './yen.js';

export type Value = number | string | boolean;

/** A check box's or multi-select's chosen options: a formula can only ask CONTAINS about them. */
export interface Choices {
  readonly choices: readonly string[];
}

/** One field's value in a formula. */
export type Operand = Value | Choices;

/**
 * What a field code stands for in a formula: one operand, or a table column (every row's
 * operand, usable only inside SUM and CONTAINS). A resolver throws FormulaError for a code it
 * cannot give a value for.
 */
export type Resolver = (code: string) => Operand | { readonly column: readonly Operand[] };

export interface EvaluateOptions {
  /** How a number becomes text (in `&`, comparisons with text, a text field's result); plain decimals by default. */
  readonly numberText?: (value: number) => string;
}

export function evaluateFormula(formula: Formula, resolve: Resolver, options: EvaluateOptions = {}): Value {
  const text = (v: Value): string => toText(v, options.numberText);
  const value = (f: Formula): Value => {
    switch (f.kind) {
      case 'number':
      case 'string':
        return f.value;
      case 'field': {
        const found = resolve(f.code);
        if (typeof found !== 'object') return found;
        if ('column' in found)
          throw new FormulaError(`"${f.code}" is a table column: use it inside SUM() or CONTAINS()`);
        throw new FormulaError(`"${f.code}" holds several options: use it inside CONTAINS()`);
      }
      case 'negate':
        return -toNumber(value(f.operand));
      case 'binary':
        return binary(f.op, value(f.left), value(f.right), text);
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
    const arg = (i: number): Value => value(args[i] as Formula);
    switch (name) {
      case 'SUM':
        return args.reduce((total, a) => {
          const found = a.kind === 'field' ? resolve(a.code) : value(a);
          const items = typeof found === 'object' && 'column' in found ? found.column : [found];
          return total + items.reduce<number>((s, item) => s + toNumber(scalar(item)), 0);
        }, 0);
      case 'ROUND':
      case 'ROUNDUP':
      case 'ROUNDDOWN': {
        arity(1, 2);
        const places = args[1] ? Math.trunc(toNumber(arg(1))) : 0;
        const mode = name === 'ROUND' ? 'HALF_UP' : name === 'ROUNDUP' ? 'UP' : 'DOWN';
        return roundTo(toNumber(arg(0)), places, mode);
      }
      case 'IF':
        arity(3, 3);
        return truthy(arg(0)) ? arg(1) : arg(2);
      case 'AND':
        arity(1, 32);
        return args.every((a) => truthy(value(a)));
      case 'OR':
        arity(1, 32);
        return args.some((a) => truthy(value(a)));
      case 'NOT':
        arity(1, 1);
        return !truthy(arg(0));
      case 'CONTAINS': {
        arity(2, 2);
        const target = args[0] as Formula;
        if (target.kind !== 'field') throw new FormulaError('CONTAINS() takes a field code first');
        return contains(resolve(target.code), text(arg(1)), text);
      }
      case 'YEN':
        arity(2, 2);
        return yen(toNumber(arg(0)), Math.trunc(toNumber(arg(1))));
      case 'DATE_FORMAT': {
        arity(3, 3);
        const when = arg(0);
        // An empty number or text has no point in time to show.
        if (when === '') throw new FormulaError('DATE_FORMAT() of an empty value');
        return dateFormat(toNumber(when), text(arg(1)), text(arg(2)));
      }
      default: {
        const never: never = name;
        return never;
      }
    }
  };
  return value(formula);
}

/**
 * CONTAINS(field, "x"): whether a check box or multi-select has the option x chosen, or whether
 * any row of a table column holds x (for a column of check boxes: has it chosen). Exact match.
 */
function contains(found: ReturnType<Resolver>, wanted: string, text: (v: Value) => string): boolean {
  const has = (item: Operand): boolean =>
    typeof item === 'object' ? item.choices.includes(wanted) : text(item) === wanted;
  if (typeof found === 'object' && 'column' in found) return found.column.some(has);
  if (typeof found === 'object') return has(found);
  throw new FormulaError('CONTAINS() takes a check box, a multi-select or a table column');
}

/** An operand that must be one value (a row's cell summed): options are not one. */
function scalar(item: Operand): Value {
  if (typeof item === 'object') throw new FormulaError('options can only be used inside CONTAINS()');
  return item;
}

function binary(op: BinaryOperator, left: Value, right: Value, text: (v: Value) => string): Value {
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
      return text(left) + text(right);
    case '=':
    case '!=':
    case '<':
    case '>':
    case '<=':
    case '>=':
      return compare(op, left, right, text);
    default: {
      const never: never = op;
      return never;
    }
  }
}

/** Numbers (and booleans) compare as numbers; as soon as one side is text, both compare as text (see below for ""). */
function compare(
  op: '=' | '!=' | '<' | '>' | '<=' | '>=',
  left: Value,
  right: Value,
  text: (v: Value) => string,
): boolean {
  // Equality with text compares text, so `n = ""` asks whether a number field is empty (0 is not
  // empty). In an ordering an empty field ("") next to a number counts as 0, as in arithmetic.
  const ordering = op !== '=' && op !== '!=';
  const isText = (v: Value): boolean => typeof v === 'string' && !(ordering && v === '');
  const asText = isText(left) || isText(right);
  const a = asText ? text(left) : toNumber(left);
  const b = asText ? text(right) : toNumber(right);
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

/** A value as text: numbers as `numberText` writes them (plain decimals by default). */
export function toText(value: Value, numberText = (n: number): string => decimalText(n, 10)): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  return numberText(value);
}

/** A condition: booleans, numbers (0 is false) and numeric text; empty (an empty field) is false. */
function truthy(value: Value): boolean {
  if (typeof value === 'boolean') return value;
  return toNumber(value) !== 0;
}
