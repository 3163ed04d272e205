import { describe, expect, it } from 'vitest';
import { scriptMentions } from '../../src/docgen/index.js';

describe('scriptMentions (a text search, not a parser)', () => {
  it.each([
    ["record['amount'].value", 'amount', 'quoted string'],
    ['record["amount"].value', 'amount', 'quoted string'],
    ['record[`amount`].value', 'amount', 'quoted string'],
    ['record.amount.value', 'amount', 'property access'],
    ['event.record.金額.value', '金額', 'property access'],
    ['record.amount', 'amount', 'property access'],
  ])('%s names %s as a %s', (line, code, how) => {
    expect(scriptMentions(line, code)).toEqual([{ line: 1, how }]);
  });

  it.each([
    ['record.amount_total.value', 'amount'],
    ["'amount_total'", 'amount'],
    ['const amount = 1;', 'amount'],
    ['record.a.value', 'a.b'],
  ])('%s does not name %s', (line, code) => {
    expect(scriptMentions(line, code)).toEqual([]);
  });

  it('counts lines from 1, one mention per line', () => {
    expect(scriptMentions("x\nr['a'] = r.a", 'a')).toEqual([{ line: 2, how: 'quoted string' }]);
  });
});
