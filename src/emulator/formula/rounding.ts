// Decimal rounding for formulas and for the stored value of a calculated field. Doubles carry
// binary noise (0.1 + 0.2 = 0.30000000000000004), so a scaled value is first cut back to 15
// significant digits: a value that is a tie in decimal is treated as a tie.

/** How a value between two steps goes: HALF_EVEN to the even step on a tie, UP away from zero, DOWN toward zero. */
export type RoundingMode = 'HALF_EVEN' | 'HALF_UP' | 'UP' | 'DOWN';

/** `value` rounded to `places` decimal places (a negative count rounds to tens, hundreds, ...). */
export function roundTo(value: number, places: number, mode: RoundingMode): number {
  if (!Number.isFinite(value)) return value;
  const scale = 10 ** places;
  const scaled = Math.abs(Number((value * scale).toPrecision(15)));
  const floor = Math.floor(scaled);
  const fraction = Number((scaled - floor).toPrecision(15));
  let steps: number;
  switch (mode) {
    case 'DOWN':
      steps = floor;
      break;
    case 'UP':
      steps = fraction > 0 ? floor + 1 : floor;
      break;
    case 'HALF_UP':
      steps = fraction >= 0.5 ? floor + 1 : floor;
      break;
    case 'HALF_EVEN':
      steps = fraction > 0.5 || (fraction === 0.5 && floor % 2 === 1) ? floor + 1 : floor;
      break;
    default: {
      const never: never = mode;
      return never;
    }
  }
  const rounded = (Math.sign(value) * steps) / scale;
  return Object.is(rounded, -0) ? 0 : rounded;
}

/** A number as the service writes it: plain decimal notation, no trailing zeros, no exponent. */
export function decimalText(value: number, places: number): string {
  const fixed = value.toFixed(Math.max(0, Math.min(places, 20)));
  const trimmed = fixed.includes('.') ? fixed.replace(/\.?0+$/u, '') : fixed;
  return trimmed === '-0' ? '0' : trimmed;
}
