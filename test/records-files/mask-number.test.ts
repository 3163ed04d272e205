/**
 * --mask's fake numbers (docs/records.md, "Masking": a whole number within minValue and maxValue,
 * 0 to 99,999 when the field has neither), for each way a NUMBER field gives its bounds. Before,
 * a field with neither (or with them written `""`, as an exported manifest has them) got numbers
 * from -99,999 to 0: found exporting a plain NUMBER field with --mask.
 */
import { expect, it } from 'vitest';
import { Masker } from '../../src/export/records/mask.js';
import type { FieldManifest } from '../../src/project/index.js';

const masker = new Masker('a-secret-for-this-test-only-0123');
const values = Array.from({ length: 200 }, (_, i) => String(i * 37));

it.each([
  { case: 'neither bound', bounds: {}, low: 0, high: 99_999 },
  { case: 'both written empty', bounds: { minValue: '', maxValue: '' }, low: 0, high: 99_999 },
  { case: 'minValue alone', bounds: { minValue: '-10' }, low: -10, high: 99_989 },
  { case: 'maxValue alone', bounds: { maxValue: '5000' }, low: 0, high: 5000 },
  { case: 'a negative maxValue alone', bounds: { maxValue: '-5' }, low: -100_004, high: -5 },
  { case: 'both', bounds: { minValue: '3', maxValue: '7' }, low: 3, high: 7 },
])('$case: whole numbers from $low to $high, the same for the same value', ({ bounds, low, high }) => {
  const field = { type: 'NUMBER', label: 'n', ...bounds } as FieldManifest;
  const fakes = values.map((v) => masker.mask(field, v) as number);
  for (const fake of fakes) {
    expect(Number.isInteger(fake)).toBe(true);
    expect(fake).toBeGreaterThanOrEqual(low);
    expect(fake).toBeLessThanOrEqual(high);
  }
  expect(values.map((v) => masker.mask(field, v))).toEqual(fakes);
});
