/**
 * validate on the values a field and its app limit (docs/records.md, "What validate checks"):
 * what the platform refuses or would hold changed is refused at the value, with what to do. Found
 * by the record-values oracle (test/reliability/record-values-oracle.test.ts), where each of these
 * passed validate and then failed the seed, or was written other than the file said.
 */
import { rm } from 'node:fs/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { validateProject } from '../../src/project/index.js';
import { tempProject } from '../support/temp-project.js';

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

const manifest = (general = '') => `name: Items
${general}fields:
  code: { type: SINGLE_LINE_TEXT, label: Code, unique: true, required: true }
  title: { type: SINGLE_LINE_TEXT, label: Title, minLength: '2', maxLength: '5' }
  site: { type: LINK, label: Site, protocol: WEB, maxLength: '12' }
  amount: { type: NUMBER, label: Amount, minValue: '-10', maxValue: '100' }
  big: { type: NUMBER, label: Big }
  ref: { type: SINGLE_LINE_TEXT, label: Ref, unique: true }
  no: { type: NUMBER, label: No, unique: true }
  when: { type: DATETIME, label: When }
  lines:
    type: SUBTABLE
    label: Lines
    fields:
      item: { type: SINGLE_LINE_TEXT, label: Item, maxLength: '3' }
      qty: { type: NUMBER, label: Qty, minValue: '0' }
`;

/** The problems (and hints) of a project whose items record file is `records`. */
async function problemsOf(records: string, general = ''): Promise<string[]> {
  const dir = await tempProject('appdeploy-value-limits-', {
    'appdeploy.yaml': [
      'environments:',
      '  local: {}',
      'apps:',
      '  items:',
      '    manifest: apps/items.yaml',
      '    records: { file: records/items.yaml, key: code }',
      '',
    ].join('\n'),
    'apps/items.yaml': manifest(general),
    'records/items.yaml': records,
  });
  dirs.push(dir);
  const result = await validateProject({ cwd: dir, dir, env: 'local', variables: {} });
  return result.problems.flatMap((p) => [
    `${p.line}:${p.col} ${p.code} ${p.message}`,
    `  hint: ${p.hint ?? ''}`,
  ]);
}

/** The code of the problems of this file (test/project/broken-corpus.test.ts looks for it here). */
const CODES = ['RECORDS.LIMIT', 'RECORDS.UNIQUE'];

const record = (...lines: string[]) => ['- code: I1', ...lines.map((l) => `  ${l}`), ''].join('\n');

describe('validate: values outside what the field and the app hold', () => {
  it.each([
    {
      case: 'texts within their lengths (characters, not UTF-16 units), numbers within range: taken',
      text: record('title: "😀日本"', 'site: https://a.b', 'amount: -10', 'big: "123456789012.1234"'),
      problems: [],
    },
    {
      case: 'a text longer or shorter than its lengths, a link longer, an empty one under its minLength',
      text: [
        record('title: abcdef', 'site: https://example.com/x'),
        '- { code: I2, title: a }',
        "- { code: I3, title: '' }",
        '',
      ].join('\n'),
      problems: [
        '2:10 RECORDS.LIMIT [0].title: SINGLE_LINE_TEXT "title" cannot hold "abcdef": longer than 5 characters (it has 6)',
        "  hint: Write 2 to 5 characters: the field's minLength and maxLength in the manifest, which you may change instead.",
        '3:9 RECORDS.LIMIT [0].site: LINK "site" cannot hold "https://example.com/x": longer than 12 characters (it has 21)',
        "  hint: Write at most 12 characters: the field's minLength and maxLength in the manifest, which you may change instead.",
        '5:22 RECORDS.LIMIT [1].title: SINGLE_LINE_TEXT "title" cannot hold "a": shorter than 2 characters (it has 1)',
        "  hint: Write 2 to 5 characters: the field's minLength and maxLength in the manifest, which you may change instead.",
        '6:22 RECORDS.LIMIT [2].title: SINGLE_LINE_TEXT "title" cannot hold "": shorter than 2 characters (it has 0)',
        "  hint: Write 2 to 5 characters: the field's minLength and maxLength in the manifest, which you may change instead.",
      ],
    },
    {
      case: 'a number out of range, at the value (a column too)',
      text: record('amount: 100.5', 'lines:', '  - { item: pen, qty: -1 }'),
      problems: [
        '2:11 RECORDS.LIMIT [0].amount: NUMBER "amount" cannot hold "100.5": more than the maximum 100',
        "  hint: Write a number from -10 to 100: the field's minValue and maxValue in the manifest, which you may change instead.",
        '4:25 RECORDS.LIMIT [0].lines[0].qty: NUMBER "qty" cannot hold "-1": less than the minimum 0',
        "  hint: Write a number from 0: the field's minValue and maxValue in the manifest, which you may change instead.",
      ],
    },
    {
      case: 'a table cell longer than its column holds',
      text: record('lines:', '  - { item: pencil }'),
      problems: [
        '3:15 RECORDS.LIMIT [0].lines[0].item: SINGLE_LINE_TEXT "item" cannot hold "pencil": longer than 3 characters (it has 6)',
        "  hint: Write at most 3 characters: the field's minLength and maxLength in the manifest, which you may change instead.",
      ],
    },
    {
      case: 'a unique text longer than 64 characters',
      text: `- code: ${'k'.repeat(65)}\n`,
      problems: [
        `1:9 RECORDS.LIMIT [0].code: SINGLE_LINE_TEXT "code" cannot hold "${'k'.repeat(40)}...": longer than 64 characters (it has 65)`,
        "  hint: Write at most 64 characters (64 at most where unique: true): the field's minLength and maxLength in the manifest, which you may change instead.",
      ],
    },
  ])('$case', async ({ text, problems }) => {
    const found = await problemsOf(text);
    expect(found).toEqual(problems);
    expect(found.filter((l) => !l.startsWith('  hint') && !CODES.some((c) => l.includes(` ${c} `)))).toEqual(
      [],
    );
  });
});

describe("validate: numbers with more digits than the app's numberPrecision keeps", () => {
  it.each([
    {
      case: "a new app's: 12 digits before the point, 4 after",
      general: '',
      text: record('big: "1234567890123"', 'amount: 1.23456'),
      problems: [
        '2:8 RECORDS.LIMIT [0].big: NUMBER "big" cannot hold "1234567890123": more than 12 digits before the point',
        "  hint: Write at most 12 digits before the point and 4 after it: the app keeps 16 digits, 4 of them decimal places (a new app's, as the manifest sets no numberPrecision; set numberPrecision in the manifest if the app keeps more).",
        '3:11 RECORDS.LIMIT [0].amount: NUMBER "amount" cannot hold "1.23456": more than 4 decimal places (it would be rounded)',
        "  hint: Write at most 12 digits before the point and 4 after it: the app keeps 16 digits, 4 of them decimal places (a new app's, as the manifest sets no numberPrecision; set numberPrecision in the manifest if the app keeps more).",
      ],
    },
    {
      case: "the manifest's",
      general: "numberPrecision: { digits: '20', decimalPlaces: '2', roundingMode: HALF_EVEN }\n",
      text: record('big: "123456789012345678"', 'amount: 1.234'),
      problems: [
        '3:11 RECORDS.LIMIT [0].amount: NUMBER "amount" cannot hold "1.234": more than 2 decimal places (it would be rounded)',
        "  hint: Write at most 18 digits before the point and 2 after it: the app keeps 20 digits, 2 of them decimal places (the manifest's numberPrecision; set numberPrecision in the manifest if the app keeps more).",
      ],
    },
  ])('$case', async ({ general, text, problems }) => {
    expect(await problemsOf(text, general)).toEqual(problems);
  });
});

// platform-facts-verified "Required, unique, lengths": "" never counts as a duplicate; the local
// service takes "1" and "1.0" as one number (src/emulator/records/unique-index.ts).
describe('validate: a value of a unique field that two records share', () => {
  it('is refused at the second, naming the first; empty values never repeat', async () => {
    const text = [
      '- { code: I1, ref: R1, no: 1 }',
      '- { code: I2, ref: R1, no: "1.0" }',
      "- { code: I3, ref: '', no: 2 }",
      "- { code: I4, ref: '' }",
      '',
    ].join('\n');
    expect(await problemsOf(text)).toEqual([
      '2:20 RECORDS.UNIQUE [1].ref: "R1" is also the ref of the record on line 1, and "ref" is unique',
      '  hint: Give each record its own ref, or leave it empty: the service refuses a second record with the same value.',
      '2:28 RECORDS.UNIQUE [1].no: "1.0" is also the no of the record on line 1, and "no" is unique',
      '  hint: Give each record its own no, or leave it empty: the service refuses a second record with the same value.',
    ]);
  });
});

// JavaScript's Date.parse rolls 02-30 over to March 2 and 24:00 over to the next day: validate
// took them, and seed wrote a day the record file never said.
describe('validate: a date-time on a day that does not exist', () => {
  it('is refused at the value, as a DATE on such a day is', async () => {
    const text = [
      '- { code: I1, when: "2026-02-30T10:00:00Z" }',
      '- { code: I2, when: "2026-05-01T24:00:00+09:00" }',
      '- { code: I3, when: "2024-02-29T23:59:00Z" }',
      '',
    ].join('\n');
    expect(await problemsOf(text)).toEqual([
      '1:21 RECORDS.TYPE [0].when: DATETIME "when" takes a date and time, YYYY-MM-DDTHH:MM:SSZ, not the text "2026-02-30T10:00:00Z"',
      "  hint: Write YYYY-MM-DDTHH:MM:00Z, or with an offset (+09:00): kept as the same instant in UTC, to the minute; or a date, YYYY-MM-DD: its midnight in the environment's time zone.",
      '2:21 RECORDS.TYPE [1].when: DATETIME "when" takes a date and time, YYYY-MM-DDTHH:MM:SSZ, not the text "2026-05-01T24:00:00+09:00"',
      "  hint: Write YYYY-MM-DDTHH:MM:00Z, or with an offset (+09:00): kept as the same instant in UTC, to the minute; or a date, YYYY-MM-DD: its midnight in the environment's time zone.",
    ]);
  });
});
