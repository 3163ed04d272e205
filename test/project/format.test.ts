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
