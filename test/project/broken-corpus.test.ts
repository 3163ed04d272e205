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

  it('covers every code src/project can report, or names the test that does', () => {
    const codes = new Set(Object.values(EXPECTED).flatMap((list) => list.map((p) => p.code)));
    const src = fileURLToPath(new URL('../../src/project/', import.meta.url));
    const sources = readdirSync(src, { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.ts'))
      .map((f) => readFileSync(`${src}${f}`, 'utf8'))
      .join('\n');
    const reported = new Set([...sources.matchAll(/'([A-Z]+\.[A-Z_]+)'/g)].map((m) => m[1]!));
    const uncovered = [...reported].filter((c) => !codes.has(c) && !(c in COVERED_ELSEWHERE));
    expect(uncovered.sort()).toEqual([]);
    for (const [code, test] of Object.entries(COVERED_ELSEWHERE)) {
      expect(reported.has(code), `${code} is no longer reported`).toBe(true);
      expect(codes.has(code), `${code} has a corpus case now: drop it from the list`).toBe(false);
      expect(readFileSync(new URL(`./${test}`, import.meta.url), 'utf8')).toContain(`'${code}'`);
    }
  });
});

/** Codes that no committed one-mistake project can show, each with the test that asserts it. */
const COVERED_ELSEWHERE: Record<string, string> = {
  // A lookup's copies: each rule run through validate and the local service alike.
  'LOOKUP.COPIED_TWICE': './lookup-copies-agreement.test.ts',
  'LOOKUP.COPY_TYPES': './lookup-copies-agreement.test.ts',
  // Record files (issue 37) are not manifests: their mistakes, each with its location, are the
  // table-driven cases of records-files/validate.test.ts; a protected environment is refused by
  // the commands that write records, as records-files/protected.test.ts shows.
  'ENVIRONMENT.PROTECTED': '../records-files/protected.test.ts',
  'RECORDS.ATTACHMENT': '../records-files/validate.test.ts',
  'RECORDS.COLUMN_OUTSIDE': '../records-files/validate.test.ts',
  'RECORDS.CSV': '../records-files/validate.test.ts',
  'RECORDS.FILE': '../records-files/validate.test.ts',
  'RECORDS.KEY_FIELD': '../records-files/validate.test.ts',
  'RECORDS.KEY_MISSING': '../records-files/validate.test.ts',
  'RECORDS.KEY_REPEATED': '../records-files/validate.test.ts',
  'RECORDS.LIMIT': '../records-files/value-limits.test.ts',
  'RECORDS.LOOKUP': '../records-files/validate.test.ts',
  'RECORDS.NOT_A_LIST': '../records-files/validate.test.ts',
  'RECORDS.NOT_A_RECORD': '../records-files/validate.test.ts',
  'RECORDS.NOT_WRITABLE': '../records-files/validate.test.ts',
  'RECORDS.OPTION': '../records-files/validate.test.ts',
  'RECORDS.REQUIRED': '../records-files/validate.test.ts',
  'RECORDS.TABLE_IN_CSV': '../records-files/validate.test.ts',
  'RECORDS.TYPE': '../records-files/validate.test.ts',
  'RECORDS.UNIQUE': '../records-files/value-limits.test.ts',
  'RECORDS.UNKNOWN_FIELD': '../records-files/validate.test.ts',
  // A fixture over 1 MB would bloat the repository: the test writes one in a temporary folder.
  'FILE.TOO_LARGE': 'validate-command.test.ts',
  // Errors thrown rather than problems listed: no project file, and loadProject on a broken project.
  'PROJECT.NOT_FOUND': 'load.test.ts',
  'MANIFEST.INVALID': 'load.test.ts',
  // Thrown when .appdeploy/local/ids.json (written by apply, never by hand) is not a map of ids.
  'LOCAL.IDS': 'local-ids.test.ts',
};
