import { describe, expect, it } from 'vitest';
import { cell, code, table, text } from '../../src/docgen/markdown.js';

/** Each inline building block, with what it makes of each input. */
const INLINE: [string, (input: string) => string, [string, string][]][] = [
  [
    'cell',
    cell,
    [
      ['a|b', 'a\\|b'],
      ['two\nlines', 'two<br>lines'],
      ['crlf\r\nend', 'crlf<br>end'],
      ['plain', 'plain'],
    ],
  ],
  [
    'code',
    code,
    [
      ['amount', '`amount`'],
      ['a `b` c', '``a `b` c``'],
      ['`edge', '`` `edge ``'],
      ['', ''],
      // CommonMark, code spans: line endings become spaces; written as one line, so that a table
      // cell (which turns a newline into <br>) does not show a literal <br> inside the code.
      ['IF(a > 1,\n  "big",\r\n  "small")', '`IF(a > 1,   "big",   "small")`'],
    ],
  ],
  [
    'text',
    text,
    [
      ['<b>x</b>', '\\<b\\>x\\</b\\>'],
      ['snake_case *star* [link] #1', 'snake\\_case \\*star\\* \\[link\\] \\#1'],
      ['a\\b', 'a\\\\b'],
      // CommonMark: `&amp;` is an entity reference (shown as &); an escaped & is shown as written.
      ['R&amp;D &lt;b&gt;', 'R\\&amp;D \\&lt;b\\&gt;'],
      // GFM strikethrough: ~text~ and ~~text~~.
      ['~~gone~~', '\\~\\~gone\\~\\~'],
    ],
  ],
];

describe('Markdown building blocks', () => {
  for (const [name, block, cases] of INLINE)
    it.each(cases)(`${name}(%j) is %j`, (input, expected) => {
      expect(block(input)).toBe(expected);
    });

  it('keeps a table one row per line with its bars escaped, and writes nothing for no rows', () => {
    expect(table(['A', 'B'], [['x|y', 'one\ntwo']])).toBe('| A | B |\n| --- | --- |\n| x\\|y | one<br>two |');
    expect(table(['A'], [])).toBe('');
  });
});
