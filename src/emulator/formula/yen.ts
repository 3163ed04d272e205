// YEN(value, places): the platform's way of showing an amount as yen in a text field.
import { decimalText, roundTo } from './rounding.js';

/**
 * `value` rounded half away from zero at `places` decimal places (0 or less rounds the integer
 * part: -2 to hundreds), then written with a yen sign and a comma every three digits, as the
 * platform's help shows (1132.85 at 1 place is "¥1,132.9", at 0 places "¥1,133"). A negative
 * amount puts its minus before the sign. Trailing zeros are not kept: the rounding decides
 * the places, not the display.
 */
export function yen(value: number, places: number): string {
  const rounded = roundTo(value, places, 'HALF_UP');
  const digits = decimalText(Math.abs(rounded), Math.max(0, places));
  const [whole = '0', fraction] = digits.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+$)/gu, ',');
  return `${rounded < 0 ? '-' : ''}¥${grouped}${fraction === undefined ? '' : `.${fraction}`}`;
}
