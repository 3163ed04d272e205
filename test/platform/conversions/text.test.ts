/**
 * Text among text (issue 36, "Conversions"): expectations written from the platform's rules
 * (a one-line field holds no line break; lengths; 64 characters where unique, get.kintone.help
 * 040528; rich text is HTML, so plain text goes in escaped and comes out only without markup).
 */
import { describe, expect, it } from 'vitest';
import { convert, convertsAsWritten, no, defaulted, ok, type Case, S, M, R, L } from './helpers.js';

const cases: Case[] = [
  [S, M, 'hello', ok('hello')],
  [L, S, 'https://example.com/a?b=1', ok('https://example.com/a?b=1')],
  [S, L, 'sato@example.com', ok('sato@example.com')],
  [M, S, 'one\ntwo', no('holds a line break')],
  [M, L, 'one\r\ntwo', no('holds a line break')],
  [M, S, 'abcdef', no('longer than 5 characters'), { to: { maxLength: '5' } }],
  [M, S, 'abcde', ok('abcde'), { to: { maxLength: '5' } }],
  [M, L, 'ab', no('shorter than 3 characters'), { to: { minLength: '3' } }],
  // Field Entry Limits: a unique text holds 64 characters at most.
  [M, S, 'x'.repeat(65), no('longer than 64 characters'), { to: { unique: true } }],
  [M, S, 'x'.repeat(64), ok('x'.repeat(64)), { to: { unique: true } }],
  // Characters, not UTF-16 units, as the local service counts them.
  [M, S, '😀😀', ok('😀😀'), { to: { maxLength: '2' } }],
  [S, R, 'a & b <c>', ok('a &amp; b &lt;c&gt;')],
  [M, R, 'x\ny\r\nz', ok('x<br />y<br />z')],
  [L, R, 'https://example.com/?a=1&b=2', ok('https://example.com/?a=1&amp;b=2')],
  [R, M, 'x<br>y<BR/>z<br />', ok('x\ny\nz\n')],
  [R, M, '&lt;b&gt; &#39;q&#x27;&nbsp;&quot;', ok("<b> 'q'\u00a0\"")],
  [R, S, 'plain words', ok('plain words')],
  [R, S, 'a<br />b', no('holds a line break')],
  [R, M, '<b>bold</b>', no('holds markup "<b>"')],
  [R, M, '<div>line</div>', no('holds markup "<div>"')],
  [R, L, '<a href="https://example.com">x</a>', no('holds markup "<a href=\\"https://example.com\\">"')],
  [R, M, '&copy; 2024', no('holds markup "&copy;"')],
  // A bare ampersand is not what the rich editor writes (it writes &amp;): not plain text.
  [R, M, 'Tom & Jerry', no('holds markup "&"')],
  // Empty: the target's empty value, unless the target cannot be empty.
  [S, M, '', ok('')],
  [R, S, null, ok('')],
  [M, S, '', no('empty (the new field is required)'), { to: { required: true } }],
  [M, S, '', no('empty (shorter than 2 characters)'), { to: { minLength: '2' } }],
  // migrate.default replaces what does not convert, when the target holds it.
  [M, S, 'one\ntwo', defaulted('n/a'), { migrate: { default: 'n/a' } }],
  [M, S, '', defaulted('n/a'), { to: { required: true }, migrate: { default: 'n/a' } }],
  [
    M,
    S,
    'one\ntwo',
    no('holds a line break; the default does not fit the new field either (holds a line break)'),
    { migrate: { default: 'x\ny' } },
  ],
];

describe('text among text', () => {
  convertsAsWritten(cases);

  it('plain text into rich text and back is the same text', () => {
    const text = 'a < b & c\nd';
    const rich = convert(M, R, text);
    expect(rich).toEqual(ok('a &lt; b &amp; c<br />d'));
    expect(convert(R, M, (rich as { value: string }).value)).toEqual(ok(text));
  });
});
