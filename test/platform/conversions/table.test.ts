/**
 * The table as a whole (issue 36, "Conversions"): the pairs the issue names convert, each pair has
 * one row, every other pair of input types is blocked with a hint, and `migrate.default` is
 * checked against the target before any record is read.
 */
import { describe, expect, it } from 'vitest';
import {
  blockedPairs,
  checkDefault,
  conversionFor,
  conversionHint,
  CONVERSIONS,
} from '../../../src/platform/conversions.js';
import { FIELD_TYPES } from '../../../src/platform/field-types.js';
import { ISSUE_PAIRS } from './issue-pairs.js';

describe('the conversion table', () => {
  it.each(ISSUE_PAIRS)('%s -> %s converts (issue 36)', (from, to) => {
    expect(conversionFor(from, to)).toBeDefined();
    expect(conversionHint(from, to)).toBeUndefined();
  });

  it('has one row per pair, between two different input types', () => {
    const keys = CONVERSIONS.map((c) => `${c.from} -> ${c.to}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const c of CONVERSIONS) {
      expect(c.from).not.toBe(c.to);
      expect(FIELD_TYPES).toContain(c.from);
      expect(FIELD_TYPES).toContain(c.to);
    }
  });

  it('blocks every other pair of input types, with a hint', () => {
    const blocked = blockedPairs();
    // 17 input types: 17 x 16 ordered pairs, less the table's rows.
    expect(blocked.length).toBe(17 * 16 - CONVERSIONS.length);
    for (const { from, to } of blocked) {
      expect(conversionFor(from, to)).toBeUndefined();
      expect(conversionHint(from, to)?.reason).toContain(`${from} -> ${to} keeps no values`);
    }
    expect(conversionHint('NUMBER', 'DROP_DOWN')).toEqual({
      reason:
        'NUMBER -> DROP_DOWN keeps no values: no value of a NUMBER field has one honest DROP_DOWN value',
      instead:
        'add a field with a new code and type, copy the values over, then remove the old one; or write `migrate: false` to replace the field and lose its values',
    });
    expect(conversionHint('FILE', 'SINGLE_LINE_TEXT')?.reason).toContain('files convert to no other type');
    expect(conversionHint('NUMBER', 'CALC')?.reason).toContain('a calculated field is computed, not written');
  });

  it('checks migrate.default against the new field', () => {
    const context = (to: Record<string, unknown>, value: unknown) => ({
      from: { type: 'SINGLE_LINE_TEXT' },
      to: { type: 'DROP_DOWN', options: { A: { label: 'A', index: '0' } }, ...to },
      migrate: { default: value },
      timeZone: 'UTC',
    });
    expect(checkDefault(context({}, 'A'))).toEqual({ ok: true, value: 'A' });
    expect(checkDefault(context({}, 'B'))).toEqual({ ok: false, reason: '"B" is not an option' });
    expect(checkDefault(context({ type: 'NUMBER', maxValue: '10' }, '11'))).toEqual({
      ok: false,
      reason: 'more than the maximum 10',
    });
    expect(checkDefault({ ...context({}, 'A'), migrate: {} })).toBeUndefined();
  });
});
