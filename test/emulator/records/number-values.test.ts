// How a NUMBER value is stored (platform-facts-verified: "A number that parses is stored
// normalised: `"1.5e1"` -> `"15"`, `" 42 "` -> `"42"`"): trimmed, an exponent or a plus sign
// written out in plain decimals, any other spelling kept; one that does not parse is refused.
import { describe, expect, it } from 'vitest';
import { parseNumber } from '../../../src/emulator/records/values.js';

const CASES: [unknown, string | undefined][] = [
  ['1.5e1', '15'],
  [' 42 ', '42'],
  ['+7', '7'],
  ['-2.5E-1', '-0.25'],
  ['1E2', '100'],
  ['12.50', '12.50'],
  ['-3', '-3'],
  ['0.1', '0.1'],
  [8, '8'],
  ['', ''],
  [null, ''],
  ['abc', undefined],
  ['12abc', undefined],
  ['1,000', undefined],
];

describe('parseNumber', () => {
  it.each(CASES)('%j -> %j', (given, stored) => {
    expect(parseNumber(given)).toBe(stored);
  });
});
