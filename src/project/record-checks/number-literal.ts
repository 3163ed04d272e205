/**
 * Whether a number literal of a YAML or JSON record file lost digits when it was read: both
 * formats are read into JavaScript numbers (doubles), which keep about 17 significant digits, so
 * `12345678901234567890` reads as 12345678901234567000 and `0.1000000000000000055511151231257827`
 * as 0.1. The record API takes a NUMBER as a decimal string (the official client's
 * KintoneFields/types/field.d.ts: `Number = FieldWith<"NUMBER", string>`), which keeps every
 * digit; a value read short would be written changed, without a word. A literal that only loses
 * its spelling (`1.50` read as 1.5, `+5`, `007`) keeps its value and is not counted.
 */

const DECIMAL = /^[+-]?\d+(\.\d+)?$/;

export function digitsLost(literal: string, read: number): boolean {
  const written = literal.trim();
  const back = String(read);
  // Hex, octal, exponents, .inf: not a plain decimal, nothing to compare digit by digit.
  if (!DECIMAL.test(written) || !DECIMAL.test(back)) return false;
  return canonical(written) !== canonical(back);
}

/** A plain decimal without its sign's `+`, leading zeros, trailing zeros of the fraction; `-0` as `0`. */
function canonical(decimal: string): string {
  const negative = decimal.startsWith('-');
  const [whole = '', fraction = ''] = decimal.replace(/^[+-]/, '').split('.');
  const int = whole.replace(/^0+(?=\d)/, '');
  const frac = fraction.replace(/0+$/, '');
  const digits = frac === '' ? int : `${int}.${frac}`;
  return negative && /[1-9]/.test(digits) ? `-${digits}` : digits;
}
