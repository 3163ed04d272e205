/**
 * Choices (issue 36, "Conversions"): one choice <-> one, one -> several, several -> one where a
 * record holds at most one, several <-> several, text -> choices only among the options, choices ->
 * text. Expectations from the platform's rules (platform-facts-verified: a value outside the
 * options is refused; a radio button always holds an option).
 */
import { describe, expect, it } from 'vitest';
import { convert, convertsAsWritten, no, defaulted, ok, type Case, S, M, R } from './helpers.js';

const DD = 'DROP_DOWN';
const RB = 'RADIO_BUTTON';
const CB = 'CHECK_BOX';
const MS = 'MULTI_SELECT';

const option = (index: number) => ({ label: '', index: String(index) });
const AB = { to: { options: { A: option(0), B: option(1) } } };
const withComma = { to: { options: { A: option(0), B: option(1), 'A, B': option(2) } } };

const cases: Case[] = [
  [DD, RB, 'A', ok('A'), AB],
  [DD, RB, 'C', no('"C" is not an option'), AB],
  [DD, RB, null, no('empty (a radio button always holds one of its options)'), AB],
  [DD, RB, null, defaulted('B'), { ...AB, migrate: { default: 'B' } }],
  [
    DD,
    RB,
    null,
    no(
      'empty (a radio button always holds one of its options); the default does not fit the new field either ("Z" is not an option)',
    ),
    { ...AB, migrate: { default: 'Z' } },
  ],
  [RB, DD, 'B', ok('B'), AB],
  [RB, DD, '', ok(null), AB],
  [DD, CB, 'A', ok(['A']), AB],
  [DD, MS, null, ok([]), AB],
  [RB, MS, 'C', no('"C" is not an option'), AB],
  [CB, DD, ['A'], ok('A'), AB],
  [CB, DD, [], ok(null), AB],
  [MS, DD, ['A', 'B'], no('holds 2 choices'), AB],
  [MS, RB, [], no('empty (a radio button always holds one of its options)'), AB],
  [CB, RB, ['B'], ok('B'), AB],
  [CB, MS, ['B', 'A'], ok(['B', 'A']), AB],
  [MS, CB, ['A', 'C'], no('"C" is not an option'), AB],
  [CB, MS, [], ok([]), AB],
  // Text into a choice: only an option's exact name.
  [S, DD, 'A', ok('A'), AB],
  [S, DD, 'a', no('"a" is not an option'), AB],
  [M, RB, ' A', no('" A" is not an option'), AB],
  [R, DD, 'A', ok('A'), AB],
  [R, DD, '<b>A</b>', no('holds markup "<b>"'), AB],
  [S, CB, 'A', ok(['A']), AB],
  [S, CB, 'A, B', ok(['A', 'B']), AB],
  [S, MS, 'A;B', ok(['A', 'B']), { ...AB, migrate: { join: ';' } }],
  [M, CB, 'A\nB', ok(['A', 'B']), { ...AB, migrate: { join: '\n' } }],
  [S, CB, 'A, C', no('"C" is not an option'), AB],
  [S, CB, 'A, B', ok(['A, B']), withComma],
  [S, DD, '', ok(null), AB],
  [S, RB, '', no('empty (a radio button always holds one of its options)'), AB],
  // Choices into text: one as it is; several joined.
  [DD, S, 'A', ok('A')],
  [RB, M, 'B', ok('B')],
  [DD, S, null, ok('')],
  [CB, S, ['A', 'B'], ok('A, B')],
  [MS, S, ['B', 'A'], ok('B, A')],
  [CB, S, ['A', 'B'], ok('A / B'), { migrate: { join: ' / ' } }],
  [CB, S, ['A', 'B'], no('holds a line break'), { migrate: { join: '\n' } }],
  [CB, M, ['A', 'B'], ok('A\nB'), { migrate: { join: '\n' } }],
  [MS, R, ['A<B', 'C'], ok('A&lt;B, C')],
  [MS, R, ['A', 'B'], ok('A<br />B'), { migrate: { join: '\n' } }],
  [CB, S, [], ok('')],
];

describe('choices', () => {
  convertsAsWritten(cases);

  it('several choices joined into text and split back are the same choices', () => {
    const text = convert(CB, S, ['B', 'A']);
    expect(text).toEqual(ok('B, A'));
    expect(convert(S, MS, (text as { value: string }).value, AB)).toEqual(ok(['B', 'A']));
  });
});
