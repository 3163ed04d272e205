/**
 * Records of the round-trip fuzzer in one comparable form, whether they come from a record file
 * (the plain values generated) or from a read of an environment through the client: each written
 * field's value as the platform holds it, people by the codes the record files use, files by
 * name, size and content, tables row by row. Empty values are null.
 *
 * What the platform changes on the way in (and is documented) is applied to the file's side:
 * numbers are trimmed and written without exponent or sign (platform-facts-verified.md "Numbers":
 * `"1.5e1"` -> `"15"`, `" 42 "` -> `"42"`; cybozu.dev "フィールド形式": `+`, `-` and exponents
 * are accepted), and a DATETIME is the same instant in UTC (docs/records.md; the record API returns
 * `YYYY-MM-DDTHH:MM:SSZ`). Nothing else is expected to change.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import type { Client } from '../../src/client/index.js';
import { PEOPLE, PARTNERS, codeIn } from './round-trip-world.js';
import { RawNumber } from './round-trip-values.js';

type Shape = 'text' | 'number' | 'option' | 'options' | 'date' | 'time' | 'datetime' | 'files';
type Kind = keyof typeof PEOPLE;

const TOP: Readonly<Record<string, Shape | Kind>> = {
  code: 'text',
  title: 'text',
  notes: 'text',
  body: 'text',
  amount: 'number',
  count: 'number',
  level: 'option',
  kind: 'option',
  tags: 'options',
  topics: 'options',
  day: 'date',
  at: 'time',
  when: 'datetime',
  site: 'text',
  owner: 'users',
  team: 'groups',
  dept: 'organizations',
  docs: 'files',
  partner: 'text',
  partner_name: 'text',
};
const COLUMNS: Readonly<Record<string, Shape | Kind>> = {
  item: 'text',
  qty: 'number',
  due: 'date',
  who: 'users',
  pick: 'option',
  memo: 'text',
};

export type Canonical = Record<string, unknown>;

const isEmpty = (v: unknown) =>
  v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0);
/** Several choices or people: a set (docs/records.md: "several choices as a set"; each held once). */
const sorted = (list: unknown[]) => [...new Set(list.map(String))].sort();

/** The platform's number: trimmed, an exponent or a sign written out (see the module's comment). */
function platformNumber(text: string): string {
  const trimmed = text.trim();
  if (!/[eE+]/.test(trimmed)) return trimmed;
  return Number(trimmed).toLocaleString('en-US', { useGrouping: false, maximumFractionDigits: 20 });
}

function fileKey(name: string, content: Buffer): string {
  return `${name}|${content.length}|${createHash('sha256').update(content).digest('hex').slice(0, 12)}`;
}

/** A record of a file, as the platform should hold it after a seed. */
export async function fromFile(
  record: Record<string, unknown>,
  csv: boolean,
  folder: string,
  tables: boolean,
  /** The codes the file names for this record (a CSV file: its header's, every row a cell). */
  named: ReadonlySet<string>,
): Promise<Canonical> {
  const out: Canonical = {};
  for (const [code, shape] of Object.entries(TOP)) {
    if (code === 'partner_name') continue;
    out[code] = await plainValue(shape, record[code], csv, folder);
  }
  // RADIO_BUTTON: an add that leaves it out takes the field's defaultValue (cybozu.dev "レコードを
  // 登録する": 省略すると...初期値で登録されます); one written empty is held empty.
  if (!named.has('level')) out.level = 'low';
  const partner = out.partner as string | null;
  out.partner_name =
    partner === null ? null : (PARTNERS.find((p) => p.partner_code === partner)?.name ?? null);
  if (tables) out.lines = await rowsOf(record.lines, folder);
  return out;
}

async function rowsOf(value: unknown, folder: string): Promise<unknown> {
  if (isEmpty(value)) return [];
  const rows: Canonical[] = [];
  for (const row of value as Record<string, unknown>[]) {
    const out: Canonical = {};
    for (const [code, shape] of Object.entries(COLUMNS))
      out[code] = await plainValue(shape, row[code], false, folder);
    rows.push(out);
  }
  return rows;
}

async function plainValue(
  shape: Shape | Kind,
  given: unknown,
  csv: boolean,
  folder: string,
): Promise<unknown> {
  if (isEmpty(given)) return null;
  const value = given instanceof RawNumber ? given.text : given;
  const lines = (v: unknown): unknown[] =>
    Array.isArray(v) ? v : csv && typeof v === 'string' ? v.split(/\r?\n/).filter((l) => l !== '') : [v];
  switch (shape) {
    case 'number':
      return platformNumber(String(value));
    case 'datetime':
      return new Date(String(value)).toISOString().replace(/\.\d{3}Z$/, 'Z');
    case 'options':
      return sorted(lines(value));
    case 'users':
    case 'groups':
    case 'organizations':
      return sorted(lines(value));
    case 'files': {
      const paths = lines(value).map((f) => (typeof f === 'string' ? f : (f as { path: string }).path));
      const keys = await Promise.all(
        paths.map(async (p) => fileKey(basename(p), await readFile(join(folder, p)))),
      );
      return keys.sort();
    }
    case 'text':
    case 'option':
    case 'date':
    case 'time':
      return String(value);
  }
}

/** Every record of `app` in environment `env`, by key, as the file's side is written. */
export async function fromService(
  client: Client,
  app: string,
  env: 'a' | 'b',
  tables: boolean,
): Promise<Map<string, Canonical>> {
  const { records } = await client.records.getRecords({ app, query: 'order by $id asc limit 500' });
  const plainCode = (kind: Kind, code: string) =>
    PEOPLE[kind].find((c) => codeIn(env, kind, c) === code) ?? code;
  const out = new Map<string, Canonical>();
  for (const record of records) {
    const canonical: Canonical = {};
    for (const [code, shape] of Object.entries(TOP))
      canonical[code] = await readValue(client, shape, record[code]?.value, plainCode);
    if (tables) {
      const rows = (record.lines?.value ?? []) as { value: Record<string, { value: unknown }> }[];
      canonical.lines = await Promise.all(
        rows.map(async (row) => {
          const cells: Canonical = {};
          for (const [code, shape] of Object.entries(COLUMNS))
            cells[code] = await readValue(client, shape, row.value[code]?.value, plainCode);
          return cells;
        }),
      );
    }
    out.set(String(canonical.code), canonical);
  }
  return out;
}

async function readValue(
  client: Client,
  shape: Shape | Kind,
  value: unknown,
  plainCode: (kind: Kind, code: string) => string,
): Promise<unknown> {
  if (isEmpty(value)) return null;
  switch (shape) {
    case 'options':
      return sorted(value as string[]);
    case 'users':
    case 'groups':
    case 'organizations':
      return sorted((value as { code: string }[]).map((p) => plainCode(shape, p.code)));
    case 'files': {
      const files = value as { fileKey: string; name: string }[];
      const keys = await Promise.all(
        files.map(async (f) => fileKey(f.name, (await client.files.download({ fileKey: f.fileKey })).data)),
      );
      return keys.sort();
    }
    case 'text':
    case 'number':
    case 'option':
    case 'date':
    case 'time':
    case 'datetime':
      return String(value);
  }
}

/** Where two sets of records differ, field by field, in words (empty: the same). */
export function differences(
  expected: ReadonlyMap<string, Canonical>,
  actual: ReadonlyMap<string, Canonical>,
  skip: readonly string[] = [],
): string[] {
  const out: string[] = [];
  for (const [key, want] of expected) {
    const got = actual.get(key);
    if (!got) {
      out.push(`record ${JSON.stringify(key)}: missing`);
      continue;
    }
    for (const code of Object.keys(want)) {
      if (skip.includes(code)) continue;
      const a = JSON.stringify(want[code]);
      const b = JSON.stringify(got[code]);
      if (a !== b) out.push(`record ${JSON.stringify(key)}, ${code}: expected ${clip(a)}, got ${clip(b)}`);
    }
  }
  for (const key of actual.keys())
    if (!expected.has(key)) out.push(`record ${JSON.stringify(key)}: not expected`);
  return out;
}

const clip = (s: string | undefined) => (s && s.length > 120 ? `${s.slice(0, 120)}...` : String(s));
