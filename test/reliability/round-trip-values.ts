/**
 * Random records for the round-trip fuzzer, from a seeded generator: the plain values a record
 * file holds (docs/records.md's table), drawn from pools of edge values (YAML's special strings,
 * quotes, commas, line breaks and CRLF, unicode and emoji, spaces at the ends, long text; numbers
 * with signs, decimals and many digits; dates, times and instants with offsets at DST edges;
 * empty values and tables), and the text of a YAML, JSON or CSV file holding them.
 */
import { stringify } from 'yaml';
import { seededRandom } from '../support/seeded-random.js';
import { PEOPLE } from './round-trip-world.js';

/** The seeded generator every fuzzer draws from (a seed names a run). */
export const random = seededRandom;

export type Rng = () => number;
const pick = <T>(rng: Rng, list: readonly T[]): T => list[Math.floor(rng() * list.length)]!;
const chance = (rng: Rng, p: number) => rng() < p;
const subset = <T>(rng: Rng, list: readonly T[]): T[] => list.filter(() => chance(rng, 0.5));

/** A number as its text in the file, where YAML or JSON would read a literal with fewer digits. */
export class RawNumber {
  constructor(readonly text: string) {}
}

export const SINGLE_LINE = [
  'plain',
  'yes',
  'no',
  'null',
  '~',
  '0x1F',
  '1e3',
  '012',
  '.inf',
  '.nan',
  'true',
  '2024-01-31',
  '2024-01-31T10:00:00Z',
  '12:30',
  'a: b',
  '- item',
  '# not a comment',
  'a, b',
  '"quoted"',
  "it's",
  ' lead',
  'trail ',
  '  both  ',
  '😀 emoji 👩‍👩‍👧',
  '日本語テキスト',
  'tab\there',
  '=1+2',
  '@at',
  '*star',
  '&amp',
  '!bang',
  '{a: 1}',
  '[1, 2]',
  '|',
  '>',
  '? q',
  '---',
  '...',
  'back\\slash',
  '\u00a0nbsp\u00a0',
  'vertical\u000btab',
  'unit\u001fseparator',
  'next\u0085line',
  'line\u2028separator',
  'bom\ufeffinside',
  '\ufeffbom first',
  'zero\u200bwidth',
  'e\u0301 combining',
  '0',
  '-1',
  '1.0',
  'x'.repeat(300),
];

const MULTI_LINE = [
  ...SINGLE_LINE,
  'line1\nline2',
  'crlf\r\nline',
  'trailing newline\n',
  '\nleading newline',
  'a\n\nb',
  'cr\ronly',
  'ends crlf\r\n',
  '  indented\n    more',
  '- a\n- b',
  'key: value\nother: 1',
  `${'long line '.repeat(500)}\nend`,
];

const RICH = ['<p>Hello <b>world</b></p>', '<div>a &amp; b</div>', '<p>"x" &lt; y</p>', ...SINGLE_LINE];

/** Plain numbers: a JS number (YAML/JSON literal), a string of digits, or a raw literal. */
const NUMBERS: readonly unknown[] = [
  0,
  -1,
  1200,
  1.5,
  -0.001,
  3.14159,
  '1200.50',
  '-0.10',
  '0.000001',
  '12345678901234567890',
  '007',
  '-0',
  '+5',
  ' 42 ',
  1000,
  new RawNumber('12345678901234567890'),
  new RawNumber('0.1000000000000000055511151231257827'),
  new RawNumber('1e3'),
];

const DATES = ['2024-01-31', '2024-02-29', '1900-01-01', '9999-12-31', '2000-01-01', '1970-01-01'];
const TIMES = ['00:00', '23:59', '12:30', '09:05'];
const DATETIMES = [
  '2024-03-10T02:30:00-05:00',
  '2024-11-03T01:30:00-04:00',
  '2024-03-31T02:30:00+01:00',
  '2024-10-27T02:30:00+02:00',
  '2024-01-31T23:59:00+14:00',
  '2024-12-31T23:59:00-12:00',
  '2024-06-01T00:00:00Z',
  '2024-06-01T09:30+09:00',
  '2024-06-01T09:30:45Z',
];
const LINKS = ['https://example.com/a?b=c&d=e#f', 'http://例え.jp/パス', 'https://x.test/a%20b'];
const FILE_NAMES = [
  'contract.pdf',
  'CONTRACT.pdf',
  'a b.txt',
  'résumé.pdf',
  '契約書.pdf',
  'x(1).pdf',
  'a+b&c.txt',
  "it's.txt",
  'emoji😀.txt',
  'UPPER.PDF',
];
export const KEYS = [
  'K1',
  'K1 ',
  'yes',
  'null',
  '012',
  '1e3',
  ' lead',
  'a/b',
  'a_b',
  'É',
  '😀',
  'x,y',
  'a"b',
];
const PARTNER_KEYS = ['P1', 'yes', ' spaced '];

const OPTIONS = {
  level: ['low', 'yes', 'a, b'],
  kind: ['null', '日本', '- x'],
  tags: ['vip', 'no', '#hash'],
  topics: ['1e3', '~', '😀'],
  pick: ['yes', '0x1F'],
};

/** A file a record names: where it goes below the record file's folder, and its bytes. */
export interface GeneratedFile {
  path: string;
  content: Buffer;
}

export interface Generated {
  /** Each record's plain values, as the file holds them. */
  records: Record<string, unknown>[];
  files: GeneratedFile[];
}

/** `count` records (CSV: no tables), each naming a random part of the fields. */
export function generateRecords(
  rng: Rng,
  count: number,
  csv: boolean,
  /** The folder below the record file's that its attachments go to. */
  filesFolder = 'files',
): Generated {
  const keys = [...KEYS];
  const files: GeneratedFile[] = [];
  const records = Array.from({ length: count }, (_, i) => {
    const key =
      keys.length > 0 && chance(rng, 0.7) ? keys.splice(Math.floor(rng() * keys.length), 1)[0]! : `K-${i}`;
    const record: Record<string, unknown> = { code: key };
    const maybe = (code: string, make: () => unknown) => {
      if (chance(rng, 0.75)) record[code] = chance(rng, 0.1) ? emptyValue(rng) : make();
    };
    maybe('title', () => pick(rng, SINGLE_LINE));
    maybe('notes', () => pick(rng, MULTI_LINE));
    maybe('body', () => pick(rng, RICH));
    maybe('amount', () => pick(rng, NUMBERS));
    maybe('count', () => pick(rng, NUMBERS));
    maybe('level', () => pick(rng, OPTIONS.level));
    maybe('kind', () => pick(rng, OPTIONS.kind));
    maybe('tags', () => oneOrList(rng, twice(rng, subset(rng, OPTIONS.tags))));
    maybe('topics', () => oneOrList(rng, subset(rng, OPTIONS.topics)));
    maybe('day', () => pick(rng, DATES));
    maybe('at', () => pick(rng, TIMES));
    maybe('when', () => pick(rng, DATETIMES));
    maybe('site', () => pick(rng, LINKS));
    maybe('owner', () => oneOrList(rng, twice(rng, subset(rng, PEOPLE.users))));
    maybe('team', () => oneOrList(rng, subset(rng, PEOPLE.groups)));
    maybe('dept', () => oneOrList(rng, subset(rng, PEOPLE.organizations)));
    maybe('partner', () => pick(rng, PARTNER_KEYS));
    maybe('docs', () => {
      const names = subset(rng, FILE_NAMES).slice(0, 2);
      // Now and then two attachments of one name (each in a folder of its own beside the file).
      if (names.length > 0 && chance(rng, 0.25)) names.push(`again/${names[0]!}`);
      const list = names.map((name) => {
        const path = `${filesFolder}/${i}/${name}`;
        files.push({ path, content: Buffer.from(`${name} of ${key}: ${rng().toString(36)}`) });
        return { path };
      });
      return oneOrList(rng, list);
    });
    if (!csv) maybe('lines', () => rows(rng));
    return record;
  });
  return { records, files };
}

/** Now and then a list names an item twice (`[vip, vip]`). */
function twice<T>(rng: Rng, list: T[]): T[] {
  return list.length > 0 && chance(rng, 0.2) ? [...list, list[0]!] : list;
}

/**
 * The records changed as a person edits a record file: some fields of some records take the
 * values `other` has for them (emptied, or no longer named, when it has none), keys kept.
 */
export function changeRecords(rng: Rng, records: Record<string, unknown>[], other: Generated): Generated {
  const files: GeneratedFile[] = [];
  const changed = records.map((record, i) => {
    if (!chance(rng, 0.6)) return record;
    const next = other.records[i]!;
    const out: Record<string, unknown> = { ...record };
    for (const code of new Set([...Object.keys(record), ...Object.keys(next)])) {
      if (code === 'code' || !chance(rng, 0.5)) continue;
      if (code in next) out[code] = next[code];
      else delete out[code];
    }
    const named = JSON.stringify(out);
    files.push(...other.files.filter((f) => named.includes(JSON.stringify(f.path))));
    return out;
  });
  return { records: changed, files };
}

function emptyValue(rng: Rng): unknown {
  return pick(rng, [null, '', []]);
}

/** One item alone is written as itself half the time (docs: "one name alone is a list of one"). */
function oneOrList<T>(rng: Rng, list: T[]): T | T[] {
  return list.length === 1 && chance(rng, 0.5) ? list[0]! : list;
}

function rows(rng: Rng): Record<string, unknown>[] {
  const count = Math.floor(rng() * 4);
  return Array.from({ length: count }, () => {
    const row: Record<string, unknown> = {};
    if (chance(rng, 0.7)) row.item = pick(rng, SINGLE_LINE);
    if (chance(rng, 0.5)) row.qty = pick(rng, NUMBERS);
    if (chance(rng, 0.5)) row.due = pick(rng, DATES);
    if (chance(rng, 0.4)) row.who = oneOrList(rng, subset(rng, PEOPLE.users));
    if (chance(rng, 0.4)) row.pick = pick(rng, OPTIONS.pick);
    if (chance(rng, 0.4)) row.memo = pick(rng, MULTI_LINE);
    return row;
  });
}

/** The file's text: YAML and JSON from the data (raw numbers spliced in as literals), CSV by RFC 4180. */
export function fileText(format: 'yaml' | 'json' | 'csv', records: Record<string, unknown>[]): string {
  if (format === 'csv') return csvText(records);
  const raws: string[] = [];
  const data = JSON.parse(
    JSON.stringify(records, (_, value: unknown) => {
      if (!(value instanceof RawNumber)) return value;
      raws.push(value.text);
      return `\u0000raw${raws.length - 1}\u0000`;
    }),
  ) as unknown;
  const text = format === 'json' ? `${JSON.stringify(data, null, 2)}\n` : stringify(data);
  return text.replace(
    /"\\u0000raw(\d+)\\u0000"|"\\0raw(\d+)\\0"/g,
    (_, a?: string, b?: string) => raws[Number(a ?? b)]!,
  );
}

function csvText(records: Record<string, unknown>[]): string {
  const codes = [...new Set(records.flatMap((r) => Object.keys(r)))];
  const cell = (value: unknown): string => {
    if (value === null || value === undefined) return '';
    const items: unknown[] = Array.isArray(value) ? value : [value];
    return items
      .map((item) =>
        item instanceof RawNumber
          ? item.text
          : typeof item === 'object' && item !== null
            ? (item as { path: string }).path
            : String(item as string | number),
      )
      .join('\n');
  };
  const quote = (text: string) => (/[",\r\n]|^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);
  const lines = [codes, ...records.map((r) => codes.map((code) => cell(r[code])))];
  return lines.map((row) => `${row.map(quote).join(',')}\r\n`).join('');
}
