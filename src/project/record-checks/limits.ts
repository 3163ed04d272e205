/**
 * A record file's value within what its field and app hold: a text's lengths (minLength,
 * maxLength, 64 where unique), a number's range (minValue, maxValue) and digits (the app's
 * numberPrecision). The platform refuses a value outside them, or rounds its decimals: either way
 * the seed would not write what the file says, so validate says so first, at the value. The
 * limits are the ones a migration's conversions keep (platform/conversions/text.ts, number.ts),
 * with their evidence there.
 */
import { lengthProblem, textLengths } from '../../platform/conversions/text.js';
import { numberDigits, numberProblem, parseDecimal } from '../../platform/conversions/number.js';
import type { NumberPrecision } from '../../platform/conversions/types.js';

export interface LimitProblem {
  reason: string;
  hint: string;
}

type Field = Readonly<Record<string, unknown>>;

/** Why a text for a SINGLE_LINE_TEXT or LINK field is not within its lengths, with what to do. */
export function textLimit(field: Field, text: string): LimitProblem | null {
  const reason = lengthProblem(field, text);
  if (reason === undefined) return null;
  const { min, max } = textLengths(field);
  const span =
    min !== undefined && max !== undefined
      ? `${min} to ${max} characters`
      : min !== undefined
        ? `at least ${min} characters`
        : `at most ${max} characters`;
  const unique = field.unique === true && max === 64 ? ' (64 at most where unique: true)' : '';
  return {
    reason: `${reason} (it has ${[...text].length})`,
    hint: `Write ${span}${unique}: the field's minLength and maxLength in the manifest, which you may change instead.`,
  };
}

/** Why a number for a NUMBER field is not within its range and the app's digits, with what to do. */
export function numberLimit(
  field: Field,
  text: string,
  precision: NumberPrecision | undefined,
): LimitProblem | null {
  const d = parseDecimal(text.trim());
  const reason = d && numberProblem(d, field, precision);
  if (!reason) return null;
  if (/digits|decimal places/.test(reason)) {
    const { digits, places } = numberDigits(precision);
    const whose =
      precision?.digits === undefined && precision?.decimalPlaces === undefined
        ? "a new app's, as the manifest sets no numberPrecision"
        : "the manifest's numberPrecision";
    return {
      reason,
      hint: `Write at most ${digits - places} digits before the point and ${places} after it: the app keeps ${digits} digits, ${places} of them decimal places (${whose}; set numberPrecision in the manifest if the app keeps more).`,
    };
  }
  const bound = (name: 'minValue' | 'maxValue'): string => {
    const value = field[name];
    return typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '';
  };
  const min = bound('minValue');
  const max = bound('maxValue');
  const range = [min !== '' ? `from ${min}` : '', max !== '' ? `to ${max}` : '']
    .filter((s) => s !== '')
    .join(' ');
  return {
    reason,
    hint: `Write a number ${range}: the field's minValue and maxValue in the manifest, which you may change instead.`,
  };
}
