import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { validateProject } from '../../src/project/index.js';

/**
 * Each folder of fixtures/broken is a small project with one mistake; expected.json says what
 * validate must report for it: the code, `file:line:col` and the message, in order.
 */
const ROOT = fileURLToPath(new URL('./fixtures/broken/', import.meta.url));
const EXPECTED = JSON.parse(readFileSync(`${ROOT}expected.json`, 'utf8')) as Record<
  string,
  { code: string; at: string; message: string }[]
>;
const CASES = readdirSync(ROOT, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name)
  .sort();

describe('broken projects', () => {
  it('has at least 40 cases, each with an expected entry and each entry with a case', () => {
    expect(CASES.length).toBeGreaterThanOrEqual(40);
    expect(Object.keys(EXPECTED).sort()).toEqual(CASES);
  });

  it.each(CASES)('%s', async (name) => {
    const result = await validateProject({ cwd: `${ROOT}${name}`, variables: {} });
    const found = result.problems.map((p) => ({
      code: p.code,
      at: `${p.file}:${p.line}:${p.col}`,
      message: p.message,
    }));
    expect(found).toEqual(EXPECTED[name]);
    expect(result.project).toBeNull();
  });

  it('covers every problem code the checks can report', () => {
    const codes = new Set(Object.values(EXPECTED).flatMap((list) => list.map((p) => p.code)));
    const sources = readdirSync(fileURLToPath(new URL('../../src/project/checks/', import.meta.url)))
      .map((f) =>
        readFileSync(fileURLToPath(new URL(`../../src/project/checks/${f}`, import.meta.url)), 'utf8'),
      )
      .join('\n');
    const reported = [...sources.matchAll(/'([A-Z]+\.[A-Z_]+)'/g)].map((m) => m[1]!);
    expect([...new Set(reported)].filter((c) => !codes.has(c)).sort()).toEqual([]);
  });
});
