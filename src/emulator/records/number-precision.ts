/**
 * A NUMBER value kept to the app's `numberPrecision` (general settings; a new app's 16 digits, 4
 * of them decimal places, HALF_EVEN, when unset): the integer part holds `digits - decimalPlaces`
 * digits, and decimals past `decimalPlaces` are rounded by `roundingMode` (get.kintone.help,
 * "数値の有効桁数と丸めかたを設定する": 整数部は全体の桁数から小数部の桁数を引いた桁数まで入力
 * できます; support.gusuku.io: values are shown and stored by this setting). Whether a longer
 * integer part is refused or stored is not documented: it is refused here, as a migration's
 * conversion refuses it (platform/conversions/number.ts). Rounded on the decimal text, never
 * through a double, so no digit is lost on the way.
 */
import { numberDigits, parseDecimal, type Decimal } from '../../platform/conversions/number.js';
import type { NumberPrecision } from '../../platform/conversions/types.js';

/** The stored text of a number already parsed, or a reason it is refused. */
export function keptToPrecision(
  text: string,
  precision: NumberPrecision | undefined,
): { ok: true; text: string } | { ok: false; reason: string } {
  const d = parseDecimal(text);
  if (!d) return { ok: true, text };
  const { digits, places } = numberDigits(precision);
  if (d.int.length > digits - places)
    return { ok: false, reason: `Enter a number with at most ${digits - places} digits before the point.` };
  if (d.frac.length <= places) return { ok: true, text };
  return { ok: true, text: rounded(d, places, precision?.roundingMode) };
}

function rounded(d: Decimal, places: number, mode: string | undefined): string {
  const kept = d.frac.slice(0, places);
  const rest = d.frac.slice(places);
  const digits = BigInt(`${d.int}${kept}` || '0');
  const last = digits % 2n;
  const up = mode === 'UP' ? true : mode === 'DOWN' ? false : rest > '5' || (rest === '5' && last === 1n);
  const value = (digits + (up ? 1n : 0n)).toString().padStart(places + 1, '0');
  const int = value.slice(0, value.length - places);
  const frac = value.slice(value.length - places).replace(/0+$/, '');
  const negative = d.negative && /[1-9]/.test(int + frac);
  return `${negative ? '-' : ''}${int}${frac === '' ? '' : `.${frac}`}`;
}
