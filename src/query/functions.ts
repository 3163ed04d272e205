// The query functions and their arguments. The parser calls parseFunction once it has read
// `NAME(`, so an unknown name or a wrong argument is a syntax error with its position.
import type { FromTodayUnit, FunctionName, QueryFunction, Weekday } from './ast.js';
import { QuerySyntaxError } from './errors.js';

/** An argument as written: a bare word or number, with its offset. */
export interface RawArgument {
  readonly text: string;
  readonly position: number;
}

const NO_ARGUMENTS = [
  'LOGINUSER',
  'PRIMARY_ORGANIZATION',
  'NOW',
  'TODAY',
  'YESTERDAY',
  'TOMORROW',
  'THIS_YEAR',
  'LAST_YEAR',
  'NEXT_YEAR',
] as const;
const WEEK_FUNCTIONS = ['THIS_WEEK', 'LAST_WEEK', 'NEXT_WEEK'] as const;
const MONTH_FUNCTIONS = ['THIS_MONTH', 'LAST_MONTH', 'NEXT_MONTH'] as const;
const WEEKDAYS: readonly Weekday[] = [
  'SUNDAY',
  'MONDAY',
  'TUESDAY',
  'WEDNESDAY',
  'THURSDAY',
  'FRIDAY',
  'SATURDAY',
];
const UNITS: readonly FromTodayUnit[] = ['DAYS', 'WEEKS', 'MONTHS', 'YEARS'];

export const FUNCTION_NAMES: readonly FunctionName[] = [
  ...NO_ARGUMENTS,
  'FROM_TODAY',
  ...WEEK_FUNCTIONS,
  ...MONTH_FUNCTIONS,
];

export function isFunctionName(upper: string): upper is FunctionName {
  return (FUNCTION_NAMES as readonly string[]).includes(upper);
}

function includes<T extends string>(list: readonly T[], value: string): value is T {
  return (list as readonly string[]).includes(value);
}

/**
 * Builds the function `name` from its arguments. `close` is the offset of the closing
 * parenthesis, used when an argument is missing.
 */
export function parseFunction(
  name: FunctionName,
  args: readonly RawArgument[],
  close: number,
): QueryFunction {
  if (includes(NO_ARGUMENTS, name)) {
    expectCount(name, args, 0, 0, close);
    return { name };
  }
  if (includes(WEEK_FUNCTIONS, name)) {
    expectCount(name, args, 0, 1, close);
    const arg = args[0];
    if (!arg) return { name, weekday: null };
    const upper = arg.text.toUpperCase();
    if (!includes(WEEKDAYS, upper)) {
      throw new QuerySyntaxError(
        `${name}() takes a weekday (SUNDAY to SATURDAY), not "${arg.text}"`,
        arg.position,
        'GAIA_IQ23',
      );
    }
    return { name, weekday: upper };
  }
  if (includes(MONTH_FUNCTIONS, name)) {
    expectCount(name, args, 0, 1, close);
    const arg = args[0];
    if (!arg) return { name, day: null };
    if (arg.text.toUpperCase() === 'LAST') return { name, day: 'LAST' };
    const day = /^\d{1,2}$/u.test(arg.text) ? Number(arg.text) : NaN;
    if (!(day >= 1 && day <= 31)) {
      throw new QuerySyntaxError(
        `${name}() takes a day of the month (1 to 31) or LAST, not "${arg.text}"`,
        arg.position,
        'GAIA_IQ23',
      );
    }
    return { name, day };
  }
  // FROM_TODAY(n, unit)
  expectCount(name, args, 2, 2, close);
  const [amountArg, unitArg] = args as [RawArgument, RawArgument];
  if (!/^[+-]?\d+$/u.test(amountArg.text)) {
    throw new QuerySyntaxError(
      `FROM_TODAY() takes a whole number of units first, not "${amountArg.text}"`,
      amountArg.position,
      'GAIA_IQ23',
    );
  }
  const unit = unitArg.text.toUpperCase();
  if (!includes(UNITS, unit)) {
    throw new QuerySyntaxError(
      `FROM_TODAY() takes DAYS, WEEKS, MONTHS or YEARS second, not "${unitArg.text}"`,
      unitArg.position,
      'GAIA_IQ25',
    );
  }
  return { name, amount: Number(amountArg.text), unit };
}

function expectCount(
  name: string,
  args: readonly RawArgument[],
  min: number,
  max: number,
  close: number,
): void {
  if (args.length >= min && args.length <= max) return;
  const expected =
    max === 0
      ? 'no arguments'
      : min === max
        ? `${min} arguments`
        : `at most ${max} argument${max === 1 ? '' : 's'}`;
  const position = args.length > max ? (args[max]?.position ?? close) : close;
  // Too few arguments has its own code on the platform; too many is a plain syntax error.
  const code = args.length < min ? 'GAIA_IL08' : undefined;
  throw new QuerySyntaxError(`${name}() takes ${expected}`, position, code);
}
