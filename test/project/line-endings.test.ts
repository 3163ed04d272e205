/**
 * Manifests and record files as editors on Windows and macOS save them: a UTF-8 BOM, CRLF, the
 * lone CR of classic Mac files (Excel for Mac's "CSV (Macintosh)" still writes it), tabs in
 * values. Each reads as the same data, and a problem keeps its file:line:col: the line the user's
 * editor shows, the column counted in characters from the line's start (a BOM is no column).
 */
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { validateProject } from '../../src/project/index.js';
import { tempProject } from '../support/temp-project.js';

const MANIFEST = [
  'name: 顧客管理',
  'fields:',
  '  顧客コード: { type: SINGLE_LINE_TEXT, label: "顧客\tコード", unique: true }',
  '  金額: { type: NUMBER, label: 金額 }',
  '  bad: { type: NOPE, label: B }',
  '',
];
const YAML_RECORDS = ['- 顧客コード: "C1"', '  金額: 5', '- 顧客コード: "C2"', '  金額: abc', ''];
const CSV_RECORDS = ['顧客コード,金額', 'C1,5', 'C2,abc', ''];

const ENDINGS: Record<string, (lines: string[]) => string> = {
  LF: (lines) => lines.join('\n'),
  CRLF: (lines) => lines.join('\r\n'),
  CR: (lines) => lines.join('\r'),
  'BOM and LF': (lines) => `\ufeff${lines.join('\n')}`,
  'BOM and CRLF': (lines) => `\ufeff${lines.join('\r\n')}`,
  'BOM and CR': (lines) => `\ufeff${lines.join('\r')}`,
};

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

describe.each(Object.entries(ENDINGS))('files saved with %s', (_, save) => {
  it.each([
    { records: 'records/a.yaml', text: YAML_RECORDS, at: '4:7' },
    { records: 'records/a.csv', text: CSV_RECORDS, at: '3:4' },
  ])('$records: the manifest and the record file keep file:line:col', async ({ records, text, at }) => {
    const dir = await tempProject('appdeploy-endings-', {
      'appdeploy.yaml': save([
        'environments:',
        '  local: {}',
        'apps:',
        '  a:',
        '    manifest: apps/a.yaml',
        `    records: { file: ${records}, key: 顧客コード }`,
        '',
      ]),
      // Written below in the same line endings.
      'apps/.keep': '',
      'records/.keep': '',
    });
    dirs.push(dir);
    await writeFile(join(dir, 'apps/a.yaml'), save(MANIFEST));
    await writeFile(join(dir, records), save(text));
    const result = await validateProject({ cwd: dir, dir, env: 'local', variables: {} });
    expect(result.problems.map((p) => `${p.file}:${p.line}:${p.col} ${p.code}`)).toEqual([
      `apps/a.yaml:5:16 SCHEMA.ENUM`,
      `${records}:${at} RECORDS.TYPE`,
    ]);
  });
});
