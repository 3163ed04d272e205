/**
 * Text into a NUMBER field: the numbers the platform accepts, within the field's range and the
 * app's digits (issue 36, "Conversions").
 *
 * Evidence:
 * - kintone.dev / cybozu.dev "Field Types" (数値フィールド), and the kintone API update of 2024-02
 *   (cybozu.dev/ja/kintone/news/api-updates/2024-02) that fixed it: a number value is digits with
 *   an optional `+` or `-` sign, a `.` decimal point, and an exponent written with `e` or `E`,
 *   half-width characters only, or the empty string. So `"1,000"` and `"１２"` are not numbers.
 * - platform-facts-verified "Numbers": a number that parses is stored normalised (`"1.5e1"` ->
 *   `"15"`, `" 42 "` -> `"42"`); `"abc"`, `"12abc"`, `"1,000"` are refused (`Only numbers are
 *   allowed.`). Other spellings are kept as given (`"12.50"`).
 * - get.kintone.help "Field Entry Limits" (040528): the integer part holds at most the app's
 *   total digits (`numberPrecision.digits`, 1 to 30) minus its decimal places (`decimalPlaces`, 0
 *   to 10): 12 by default (16 - 4); digits past the decimal places are rounded by the app's
 *   rounding mode. A rounded value is not the value, so it does not convert.
 * - The field's `minValue`/`maxValue` refuse a value outside them (platform-facts-verified:
 *   `The value must be N or less.`). A NUMBER's `digit` (thousands separators) and `displayScale`
 *   only change how the value is shown, not what it holds (crud-lab.hatenablog.com 2016-04-19:
 *   the API returns the value as stored), so they take no part here.
 * - Where the documentation is silent: whether a value over the integer digits is refused or
 *   stored; this refuses it, as the help page calls it the limit of what can be entered.
 */
import { NEW_APP_GENERAL_SETTINGS } from '../new-app.js';
import {
  converted,
  quote,
  refused,
  type ConvertContext,
  type Converted,
  type NumberPrecision,
} from './types.js';

const NUMBER = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/;

/** A decimal split into its parts: sign, integer digits (no leading zeros), fraction digits (no trailing zeros). */
export interface Decimal {
  readonly negative: boolean;
  readonly int: string;
  readonly frac: string;
}

/** The decimal a number text means, or undefined where it is not one the platform accepts. */
export function parseDecimal(text: string): Decimal | undefined {
  const m = NUMBER.exec(text);
  if (!m || (m[2] === '' && (m[3] ?? '') === '')) return undefined;
  const digits = m[2]! + (m[3] ?? '');
  const exponent = Number(m[4] ?? '0');
  if (Math.abs(exponent) > 400) return undefined;
  const point = m[2]!.length + exponent;
  const padded = point < 0 ? '0'.repeat(-point) + digits : digits.padEnd(point, '0');
  const at = Math.max(point, 0);
  const int = padded.slice(0, at).replace(/^0+/, '');
  const frac = padded.slice(at).replace(/0+$/, '');
  return { negative: m[1] === '-' && (int !== '' || frac !== ''), int, frac };
}

function plain(d: Decimal): string {
  return `${d.negative ? '-' : ''}${d.int === '' ? '0' : d.int}${d.frac === '' ? '' : '.' + d.frac}`;
}

/** -1, 0 or 1: how `a` compares with `b`. */
export function compareDecimal(a: Decimal, b: Decimal): number {
  if (a.negative !== b.negative) return a.negative ? -1 : 1;
  const sign = a.negative ? -1 : 1;
  if (a.int.length !== b.int.length) return sign * (a.int.length < b.int.length ? -1 : 1);
  const width = Math.max(a.frac.length, b.frac.length);
  const x = a.int + a.frac.padEnd(width, '0');
  const y = b.int + b.frac.padEnd(width, '0');
  return x === y ? 0 : sign * (x < y ? -1 : 1);
}

function setting(value: string | number | undefined, fallback: string): number {
  const n = Number(value ?? fallback);
  return Number.isInteger(n) ? n : Number(fallback);
}

function bound(field: Readonly<Record<string, unknown>>, name: 'minValue' | 'maxValue'): Decimal | undefined {
  const raw = field[name];
  return typeof raw === 'string' || typeof raw === 'number' ? parseDecimal(String(raw).trim()) : undefined;
}

/** The digits a NUMBER holds before and after its point: the app's numberPrecision, else a new app's. */
export function numberDigits(precision: NumberPrecision | undefined): { digits: number; places: number } {
  const defaults = NEW_APP_GENERAL_SETTINGS.numberPrecision;
  const digits = setting(precision?.digits, defaults.digits);
  const places = setting(precision?.decimalPlaces, defaults.decimalPlaces);
  return { digits, places };
}

/**
 * Why a number does not fit the field and the app: its digits (the app's numberPrecision), its
 * range (the field's minValue and maxValue); undefined when it fits.
 */
export function numberProblem(
  d: Decimal,
  field: Readonly<Record<string, unknown>>,
  precision: NumberPrecision | undefined,
): string | undefined {
  const { digits, places } = numberDigits(precision);
  if (d.int.length > digits - places) return `more than ${digits - places} digits before the point`;
  if (d.frac.length > places) return `more than ${places} decimal places (it would be rounded)`;
  const min = bound(field, 'minValue');
  const max = bound(field, 'maxValue');
  if (min && compareDecimal(d, min) < 0) return `less than the minimum ${plain(min)}`;
  if (max && compareDecimal(d, max) > 0) return `more than the maximum ${plain(max)}`;
  return undefined;
}

/**
 * A number text as the platform stores it: kept as written unless it has an exponent or a `+`
 * sign (then plain decimal notation, as the platform normalises it: platform-facts-verified
 * "Numbers", `"1.5e1"` -> `"15"`).
 */
export function storedNumber(trimmed: string, d: Decimal): string {
  return /[eE+]/.test(trimmed) ? plain(d) : trimmed;
}

/**
 * A text as the target NUMBER field stores it: spaces around trimmed; kept as written unless it has an exponent
 * or a `+` sign (then plain decimal notation, as the platform normalises it).
 */
export function numberInto(text: string, ctx: ConvertContext): Converted {
  // Spaces around are trimmed, as the platform trims them (platform-facts-verified: `" 42 "` ->
  // `"42"`); a tab, a line break or a full-width space is no space of a number (half-width only):
  // a number field cannot hold it, so a value holding one does not convert rather than lose it.
  const trimmed = text.replace(/^ +| +$/g, '');
  if (trimmed === '') return converted('');
  const d = parseDecimal(trimmed);
  if (!d) return refused(`not a number: ${quote(text)}`);
  const problem = numberProblem(d, ctx.to, ctx.numberPrecision);
  return problem ? refused(problem) : converted(storedNumber(trimmed, d));
}
