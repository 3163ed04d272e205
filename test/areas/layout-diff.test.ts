/**
 * How the layout's diff reads: a field inserted into a row is one insertion (the fields after it
 * moved along, nothing about them changed), a field taken out is one removal, and the step that
 * writes the layout counts its rows in words (`1 row`).
 */
import { describe, expect, it } from 'vitest';
import { attributeChanges } from '../../src/areas/diff.js';
import { layoutArea } from '../../src/areas/layout.js';
import type { Json } from '../../src/areas/types.js';

const row = (...codes: string[]): Json => ({
  type: 'ROW',
  fields: codes.map((code) => ({ type: 'SINGLE_LINE_TEXT', code })),
});
const field = (code: string): Json => ({ type: 'SINGLE_LINE_TEXT', code });

describe('the layout diff', () => {
  it('shows a field inserted into a row as one insertion', () => {
    const changes = layoutArea.diff([row('a', 'b', 'c')] as never, [row('a', 'c')] as never);
    expect(changes).toEqual([
      {
        action: 'change',
        path: [0],
        before: row('a', 'c'),
        after: row('a', 'b', 'c'),
        details: [{ path: ['fields', 1], after: field('b') }],
      },
    ]);
  });

  it('shows a field taken out of a row as one removal, at its place in the current row', () => {
    const changes = layoutArea.diff([row('b', 'c')] as never, [row('a', 'b', 'c')] as never);
    expect(changes.flatMap((c) => (c.action === 'change' ? c.details : []))).toEqual([
      // The current side is projected onto the manifest's (layout.ts): a field the manifest no
      // longer names keeps only its code.
      { path: ['fields', 0], before: { code: 'a' } },
    ]);
  });

  it('shows a field replaced in place as the change of its attributes', () => {
    expect(attributeChanges(row('a', 'b'), row('a', 'x'))).toEqual([
      { path: ['fields', 1, 'code'], before: 'b', after: 'x' },
    ]);
  });

  it('keeps the attribute diff of plain values and objects', () => {
    expect(attributeChanges({ a: 1, b: [1, 2] }, { a: 2, b: [1, 2, 3], c: true })).toEqual([
      { path: ['a'], before: 1, after: 2 },
      { path: ['b', 2], after: 3 },
      { path: ['c'], after: true },
    ]);
  });

  it('counts the rows it writes in words', () => {
    const one = layoutArea.writes([row('a')] as never, null as never);
    const two = layoutArea.writes([row('a'), row('b')] as never, null as never);
    expect([one[0]?.describe, two[0]?.describe]).toEqual(['layout: 1 row', 'layout: 2 rows']);
  });
});
