/**
 * Text <-> NUMBER (issue 36, "Conversions"). Expectations from the platform's rules:
 * kintone.dev "Field Types" (a sign, a `.` point, an exponent with `e`/`E`, half-width digits;
 * nothing else), platform-facts-verified "Numbers" (`"1.5e1"` -> `"15"`, `" 42 "` -> `"42"`,
 * `"1,000"` refused, other spellings kept), get.kintone.help 040528 (integer digits up to the app's
 * digits minus its decimal places, 12 by default; decimals past the decimal places rounded, so not
 * kept), the field's minValue and maxValue.
 */
import { describe } from 'vitest';
import { convertsAsWritten, no, defaulted, ok, type Case, S, M, R, L } from './helpers.js';

const N = 'NUMBER';

const range = { to: { minValue: '0', maxValue: '100' } };
const wide = { context: { numberPrecision: { digits: '30', decimalPlaces: '0' } } };

const cases: Case[] = [
  [S, N, '42', ok('42')],
  [S, N, ' 42 ', ok('42')],
  [S, N, '1.5e1', ok('15')],
  [S, N, '2E-3', ok('0.002')],
  [S, N, '+7', ok('7')],
  [S, N, '12.50', ok('12.50')],
  [M, N, '-0.25', ok('-0.25')],
  [L, N, '.5', ok('.5')],
  [S, N, '1,000', no('not a number: "1,000"')],
  [S, N, 'abc', no('not a number: "abc"')],
  [S, N, '12abc', no('not a number: "12abc"')],
  [S, N, '１２', no('not a number: "１２"')],
  [S, N, '1e', no('not a number: "1e"')],
  [S, N, '.', no('not a number: "."')],
  // A new app: 16 digits, 4 after the point, so 12 before it.
  [S, N, '123456789012', ok('123456789012')],
  [S, N, '-123456789012.1234', ok('-123456789012.1234')],
  [S, N, '1234567890123', no('more than 12 digits before the point')],
  [S, N, '1.2e12', no('more than 12 digits before the point')],
  [S, N, '0.12345', no('more than 4 decimal places (it would be rounded)')],
  [S, N, '000123', ok('000123')],
  [S, N, '1.5', no('more than 0 decimal places (it would be rounded)'), wide],
  [S, N, '9'.repeat(30), ok('9'.repeat(30)), wide],
  [S, N, '-1', no('less than the minimum 0'), range],
  [S, N, '100', ok('100'), range],
  [S, N, '1e2', ok('100'), range],
  [S, N, '100.5', no('more than the maximum 100'), range],
  [R, N, '5', ok('5')],
  [R, N, '<div>5</div>', no('holds markup "<div>"')],
  [M, N, '', ok('')],
  [S, N, '', no('empty (the new field is required)'), { to: { required: true } }],
  // Spaces alone are no number: the platform trims them to an empty value.
  [S, N, '   ', ok('')],
  // Only spaces: a tab, a line break (rich text's `<br>`), a full-width space is kept by no number.
  [M, N, '42\n', no('not a number: "42\\n"')],
  [S, N, '\t', no('not a number: "\\t"')],
  [R, N, '<br>', no('not a number: "\\n"')],
  [S, N, '\u3000１２', no('not a number: "\u3000１２"')],
  [S, N, '42\u3000', no('not a number: "42\u3000"')],
  [S, N, '   ', no('empty (the new field is required)'), { to: { required: true } }],
  [S, N, 'n/a', defaulted('0'), { migrate: { default: '0' } }],
  [
    S,
    N,
    'n/a',
    no('not a number: "n/a"; the default does not fit the new field either (less than the minimum 0)'),
    { ...range, migrate: { default: -1 } },
  ],
  [N, S, '12.50', ok('12.50')],
  [N, M, '-3', ok('-3')],
  [N, R, '1000', ok('1000')],
  [N, L, '0.002', ok('0.002')],
  [N, S, '', ok('')],
  [N, S, '123456', no('longer than 5 characters'), { to: { maxLength: '5' } }],
];

describe('text <-> number', () => {
  convertsAsWritten(cases);
});
