import { describe, expect, it } from 'vitest';
import { cell, code, table, text } from '../../src/docgen/markdown.js';

describe('Markdown building blocks', () => {
  it.each([
    ['a|b', 'a\\|b'],
    ['two\nlines', 'two<br>lines'],
    ['crlf\r\nend', 'crlf<br>end'],
    ['plain', 'plain'],
  ])('cell(%j) is %j', (input, expected) => {
    expect(cell(input)).toBe(expected);
  });

  it.each([
    ['amount', '`amount`'],
    ['a `b` c', '``a `b` c``'],
    ['`edge', '`` `edge ``'],
    ['', ''],
  ])('code(%j) is %j', (input, expected) => {
    expect(code(input)).toBe(expected);
  });

  it.each([
    ['<b>x</b>', '\\<b\\>x\\</b\\>'],
    ['snake_case *star* [link] #1', 'snake\\_case \\*star\\* \\[link\\] \\#1'],
    ['a\\b', 'a\\\\b'],
  ])('text(%j) is %j', (input, expected) => {
    expect(text(input)).toBe(expected);
  });

  it('keeps a table one row per line with its bars escaped, and writes nothing for no rows', () => {
    expect(table(['A', 'B'], [['x|y', 'one\ntwo']])).toBe('| A | B |\n| --- | --- |\n| x\\|y | one<br>two |');
    expect(table(['A'], [])).toBe('');
  });
});
