/**
 * The error catalogue and its page agree: every code of src/errors.ts has a row in docs/errors.md
 * with its meaning, and the page lists no code the catalogue lacks. (That every error raised uses
 * a catalogued code is the compiler's job: AppdeployError takes only ErrorCode.)
 */
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../src/errors.js';

const page = await readFile(new URL('../../docs/errors.md', import.meta.url), 'utf8');
/** The table's rows: code -> meaning. */
const rows = new Map(
  [...page.matchAll(/^\| `([A-Z_]+\.[A-Z_.]+)` \| ([^|]+) \|/gm)].map((m) => [m[1]!, m[2]!.trim()]),
);

describe('docs/errors.md', () => {
  it.each(Object.entries(ERROR_CODES))('%s has its row, with its meaning', (code, entry) => {
    expect(rows.get(code)).toBe(entry.summary);
  });

  it('names no code the catalogue lacks', () => {
    expect([...rows.keys()].filter((code) => !(code in ERROR_CODES))).toEqual([]);
  });
});
