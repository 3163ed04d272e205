/**
 * When a copy takes a record's target as already right (sameValue), and the shape a write takes
 * (writeValue): values as the records API reads them (spec "Record"; client types/records.ts).
 */
import { describe, expect, it } from 'vitest';
import { sameValue, writeValue } from '../../src/records/values.js';

describe('sameValue', () => {
  it.each([
    ['every empty value is alike', '', null, true],
    ['an empty list and an empty text', [], '', true],
    ['a number and the text a read gives for it', 12, '12', true],
    ['different numbers', '12', '12.0', false],
    ['users by code (a read adds names)', [{ code: 'alice', name: 'Alice' }], [{ code: 'alice' }], true],
    ['different users', [{ code: 'alice' }], [{ code: 'bob' }], false],
    ['several choices in another order', ['a', 'b'], ['b', 'a'], true],
    ['several choices, one more', ['a', 'b'], ['a'], false],
    [
      'files by name and size (a file written again gets a new key)',
      [{ fileKey: 'k1', name: 'a.pdf', size: '10', contentType: 'application/pdf' }],
      [{ fileKey: 'k2', name: 'a.pdf', size: '10' }],
      true,
    ],
    ['a value and an empty one', 'x', '', false],
  ])('%s', (_, a, b, same) => {
    expect(sameValue(a, b)).toBe(same);
    expect(sameValue(b, a)).toBe(same);
  });
});

describe('writeValue', () => {
  it.each([
    ['users by code alone', [{ code: 'alice', name: 'Alice' }], [{ code: 'alice' }]],
    ['text as it is', 'x', 'x'],
    ['choices as they are', ['a'], ['a']],
    ['no value as an empty one', null, ''],
  ])('%s', (_, value, written) => {
    expect(writeValue(value)).toEqual(written);
  });
});
