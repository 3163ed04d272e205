// How a formula's result is stored (and returned by the API): a calculated field's value by its
// display `format`, an auto-calculated text field's value as text.
import { FormulaError } from './parse.js';
import { toNumber, toText, type Value } from './evaluate.js';
import { decimalText, roundTo, type RoundingMode } from './rounding.js';

/** The app's "number precision" general setting: how many decimal places are kept, and how rounded. */
export interface NumberPrecision {
  readonly decimalPlaces: number;
  readonly roundingMode: RoundingMode;
}

/** A computed field's stored text, and what another formula sees when it names the field. */
export interface Computed {
  readonly stored: string;
  /** null: the field has no value, and a formula naming it has none either. */
  readonly operand: Value | null;
}

export const NO_VALUE: Computed = { stored: '', operand: null };

/** Numbers kept at the app's precision, written in plain decimals (no exponent, no trailing zeros). */
export function numberText(precision: NumberPrecision): (value: number) => string {
  return (value) => {
    if (!Number.isFinite(value)) throw new FormulaError('the result is not a finite number');
    return decimalText(
      roundTo(value, precision.decimalPlaces, precision.roundingMode),
      precision.decimalPlaces,
    );
  };
}

/**
 * A calculated field's result, kept at the app's precision. DATE, DATETIME and TIME formats
 * store the seconds as the API returns such a value: `YYYY-MM-DD`, `YYYY-MM-DDTHH:MM:SSZ` (UTC)
 * and `HH:MM` (of the day, UTC). The other formats (numbers, and the durations HOUR_MINUTE and
 * DAY_HOUR_MINUTE, whose hours-and-minutes text is the browser's display) store the number.
 * Other fields' formulas see the number either way.
 */
export function storedCalc(result: Value, format: string, precision: NumberPrecision): Computed {
  const number = toNumber(result);
  const stored = numberText(precision)(number);
  const kept = Number(stored);
  switch (format) {
    case 'DATE':
      return { stored: isoSeconds(kept).slice(0, 10), operand: kept };
    case 'DATETIME':
      return { stored: `${isoSeconds(kept).slice(0, 19)}Z`, operand: kept };
    case 'TIME': {
      const ofDay = ((Math.floor(kept) % 86_400) + 86_400) % 86_400;
      const two = (n: number): string => String(n).padStart(2, '0');
      return {
        stored: `${two(Math.floor(ofDay / 3600))}:${two(Math.floor(ofDay / 60) % 60)}`,
        operand: kept,
      };
    }
    default:
      return { stored, operand: kept };
  }
}

/** An auto-calculated text field's result: numbers at the app's precision, conditions as TRUE/FALSE. */
export function storedText(result: Value, precision: NumberPrecision): Computed {
  const stored = toText(result, numberText(precision));
  return { stored, operand: stored };
}

/** Whole seconds since 1970-01-01 UTC as an ISO date-time; FormulaError outside JavaScript's dates. */
function isoSeconds(seconds: number): string {
  const date = new Date(Math.floor(seconds) * 1000);
  // Years outside 0000-9999 have no YYYY form (toISOString writes them with a sign).
  const iso = Number.isNaN(date.getTime()) ? '' : date.toISOString();
  if (!/^\d{4}-/u.test(iso)) throw new FormulaError(`${seconds} seconds is not a date the API can write`);
  return iso;
}
