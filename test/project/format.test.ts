import { describe, expect, it } from 'vitest';
import { clipLine, formatProblem, LINE_WINDOW } from '../../src/project/format.js';
import type { Problem } from '../../src/project/problems.js';

const long = Array.from({ length: 50 }, (_, i) => `k${String(i).padStart(2, '0')}: v`).join(', ');

describe('clipLine', () => {
  it.each([
    ['a short line whole', 'a: 1', 3, 'a: 1', 'a: '],
    ['near the start: cut at the end only', long, 5, `${long.slice(0, LINE_WINDOW)}…`, long.slice(0, 5)],
    [
      'in the middle: cut on both sides, the column centred',
      long,
      200,
      `…${long.slice(140, 260)}…`,
      `…${long.slice(140, 200)}`,
    ],
    [
      'near the end: cut at the start only',
      long,
      long.length - 2,
      `…${long.slice(-LINE_WINDOW)}`,
      `…${long.slice(long.length - LINE_WINDOW, -2)}`,
    ],
    ['just after the end', long, long.length, `…${long.slice(-LINE_WINDOW)}`, `…${long.slice(-LINE_WINDOW)}`],
  ])('%s', (_what, line, at, text, beforeCaret) => {
    expect(clipLine(line, at)).toEqual({ text, beforeCaret });
  });
});

describe('formatProblem', () => {
  const at = (line: string, col: number): Problem => ({
    code: 'SCHEMA.TYPE',
    message: 'fields.x: must be text',
    file: 'a.yaml',
    line: 2,
    col,
  });

  it('shows a window of a long line with the caret under the right character', () => {
    const line = `fields: { ${long} }`;
    const col = line.indexOf('k30') + 1;
    const out = formatProblem(at(line, col), () => `name: A\n${line}\n`);
    const [, shown, caret] = out.split('\n');
    expect(shown!.length).toBeLessThan(LINE_WINDOW + 12);
    expect(shown).toMatch(/^ {2}2 \| ….*…$/);
    expect(shown!.slice(caret!.indexOf('^'), caret!.indexOf('^') + 3)).toBe('k30');
  });

  it('keeps tabs before the caret so it lines up', () => {
    const out = formatProblem(at('\tkey: 1', 2), () => `x\n\tkey: 1\n`);
    expect(out).toBe('a.yaml:2:2: fields.x: must be text\n  2 | \tkey: 1\n    | \t^\n');
  });
});

/**
 * The caret stands where a terminal draws the character the column names: a wide CJK character
 * and an emoji take two columns, a combining accent none, a tab is kept in the caret's line so it
 * moves as far as the tab above it (both lines have the same gutter). The column in the first line
 * stays the editor's (the character's place in the line, as `file:line:col` tools read it).
 * Expectations are counted by hand from that rule (src/text-width.ts says the widths).
 */
describe('formatProblem: the caret after wide characters, emoji, accents and tabs', () => {
  const problem = (line: string, target: string): Problem => ({
    code: 'SCHEMA.TYPE',
    message: 'x: must be a number',
    file: 'a.yaml',
    line: 1,
    col: line.lastIndexOf(target) + 1,
  });
  const show = (line: string, target: string) => formatProblem(problem(line, target), () => `${line}\n`);

  it('after wide CJK: two columns each', () => {
    // 名前 4 columns, ": " 2, 漢字 4, " " 1: the caret after 11.
    expect(show('名前: 漢字 x', 'x')).toMatchInlineSnapshot(`
      "a.yaml:1:8: x: must be a number
        1 | 名前: 漢字 x
          |            ^
      "
    `);
  });

  it('after an emoji with a skin tone (two surrogate pairs, one grapheme): two columns', () => {
    // "k: " 3 columns, 👍🏽 2, " " 1: the caret after 6.
    expect(show('k: 👍🏽 x', 'x')).toMatchInlineSnapshot(`
      "a.yaml:1:9: x: must be a number
        1 | k: 👍🏽 x
          |       ^
      "
    `);
  });

  it('after an e with a combining accent: one column', () => {
    // "k: " 3 columns, "café" 4 (the accent takes none), " " 1: the caret after 8.
    expect(show('k: cafe\u0301 x', 'x')).toMatchInlineSnapshot(`
      "a.yaml:1:10: x: must be a number
        1 | k: café x
          |         ^
      "
    `);
  });

  it('a tab after a wide character: the wide character padded to two, the tab kept', () => {
    // "k: " 3 columns, 漢 2, then the tab as it is: the caret moves as far as the x above it.
    expect(show('k: 漢\tx', 'x')).toMatchInlineSnapshot(`
      "a.yaml:1:6: x: must be a number
        1 | k: 漢	x
          |      	^
      "
    `);
  });

  it('a long line of wide characters: a window of 120 columns, the caret under its character', () => {
    // 202 columns; the x at column 201 (from 0): the window is columns 82 to 202, 漢 41 to 99.
    const out = show(`${'漢'.repeat(100)} x`, 'x');
    const [, shown, caret] = out.split('\n');
    expect(shown).toBe(`  1 | …${'漢'.repeat(59)} x`);
    expect(caret).toBe(`    | ${' '.repeat(120)}^`);
  });

  it('a long line of emoji: cut between characters, never inside a surrogate pair', () => {
    // "x: " 3 columns, then emoji 2 each: the window is columns 0 to 120, which holds 58 emoji
    // whole (to column 119); the 59th would end at 121.
    const out = show(`x: ${'😀'.repeat(100)}`, 'x');
    const [, shown, caret] = out.split('\n');
    expect(shown).toBe(`  1 | x: ${'😀'.repeat(58)}…`);
    expect(caret).toBe('    | ^');
  });
});
