/**
 * Record values written plainly, as a person would (`amount: 1200`, `tags: [a, b]`, `owner: alice`),
 * and the record API's values they stand for: one row per field type (PLAIN_VALUES, the table
 * docs/records.md prints), and the conversion both ways (plainToWrite for a record file's value,
 * readToPlain for what a read returns, which export writes).
 *
 * The API's shapes (spec/platform-facts.md "Records, cursors, bulk"; the official client's
 * node_modules/@kintone/rest-api-client/lib/src/KintoneFields/types/field.d.ts): text-like, NUMBER, LINK, RADIO_BUTTON, DATETIME are strings; DROP_DOWN,
 * DATE, TIME a string or null; CHECK_BOX and MULTI_SELECT arrays of strings; USER_SELECT,
 * ORGANIZATION_SELECT, GROUP_SELECT arrays of `{code}` (read `{code, name}`); FILE arrays of
 * `{fileKey}` (read with name, contentType, size); SUBTABLE arrays of rows `{id?, value}`. NUMBER
 * is a string both ways (field.d.ts: `Number = FieldWith<"NUMBER", string>`).
 *
 * A file is written here as `{ path }`, relative to the record file: what a write sends is the key
 * an upload of that file returns, which whoever writes the record (the seed) gets first.
 */
import type { FieldType } from './field-types.js';
import { dateTimeText, instantOf, isTimeZone } from './time-zone.js';
import { parseDecimal, storedNumber } from './conversions/number.js';

/** How a field's value is written plainly; `none`: not written (the service fills it in). */
export type PlainShape =
  | 'text'
  | 'number'
  | 'option'
  | 'options'
  | 'date'
  | 'time'
  | 'datetime'
  | 'principals'
  | 'files'
  | 'table'
  | 'none';

export interface PlainForm {
  shape: PlainShape;
  /** How to write it, for the docs' table and for a problem's hint. */
  written: string;
}

const text: PlainForm = { shape: 'text', written: 'a string (quote one that YAML would read as a number)' };
const principals = (what: string): PlainForm => ({
  shape: 'principals',
  written: `${what} code, or a list of them (the code the manifests use: the environment's map renames it)`,
});
const none = (why: string): PlainForm => ({ shape: 'none', written: `not written: ${why}` });

/** Every field type's plain form. */
export const PLAIN_VALUES: Readonly<Record<FieldType, PlainForm>> = {
  SINGLE_LINE_TEXT: text,
  MULTI_LINE_TEXT: text,
  RICH_TEXT: { shape: 'text', written: 'a string of HTML' },
  LINK: text,
  NUMBER: { shape: 'number', written: 'a number, or a string of digits (`"1200.50"`) to keep every digit' },
  CALC: none('the service calculates it'),
  RADIO_BUTTON: { shape: 'option', written: 'the name of one of its options' },
  DROP_DOWN: { shape: 'option', written: 'the name of one of its options' },
  CHECK_BOX: { shape: 'options', written: 'a list of option names (one name alone is a list of one)' },
  MULTI_SELECT: { shape: 'options', written: 'a list of option names (one name alone is a list of one)' },
  DATE: { shape: 'date', written: 'YYYY-MM-DD' },
  TIME: { shape: 'time', written: 'HH:MM (24 hours)' },
  DATETIME: {
    shape: 'datetime',
    written:
      "YYYY-MM-DDTHH:MM:00Z, or with an offset (+09:00): kept as the same instant in UTC, to the minute; or a date, YYYY-MM-DD: its midnight in the environment's time zone",
  },
  USER_SELECT: principals("a user's login"),
  ORGANIZATION_SELECT: principals("an organization's"),
  GROUP_SELECT: principals("a group's"),
  FILE: { shape: 'files', written: '{ path: files/c.pdf } (relative to the record file), or a list of them' },
  SUBTABLE: { shape: 'table', written: 'a list of rows, each a map of column codes to plain values' },
  REFERENCE_TABLE: none('it shows records of another app'),
  GROUP: none('a group holds no value'),
  RECORD_NUMBER: none('the service numbers records'),
  CREATOR: none('the service records who created the record'),
  CREATED_TIME: none('the service records when'),
  MODIFIER: none('the service records who changed the record'),
  UPDATED_TIME: none('the service records when'),
  STATUS: none('the process management moves it (status actions)'),
  STATUS_ASSIGNEE: none('the process management sets it'),
  CATEGORY: none('categories are set per record in the service'),
};

/** A file a record file names, relative to the record file. */
export interface PlainFile {
  path: string;
}

/** A value as a write sends it, but for files (by path until uploaded). */
export type WriteValue = string | string[] | { code: string }[] | PlainFile[];

export type Converted =
  /** `empty`: nothing written (null, '', []): the field is left empty. */
  | { ok: true; value: WriteValue; empty: boolean }
  /** What was expected instead, in words. */
  | { ok: false; expected: string };

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
// The record API returns DATETIME as 2012-01-11T11:30:00Z (platform-facts "Records"); a write may
// give an offset, which is the same instant.
const DATETIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * What a value's conversion needs beyond the value: the IANA time zone a date written for a
 * DATETIME field is put at midnight in (the field's `migrate.timeZone`, else the environment's
 * `timeZone`, else the machine's: the zone a migration of the field from DATE converts in,
 * plan/migration-zone.ts). Without one, a date is no DATETIME value.
 */
export interface PlainContext {
  readonly timeZone?: string | undefined;
}

/**
 * A plain value as the write it stands for. `csv`: the value is a cell's text, where a list is
 * one item per line, a line break being the one separator no option name, code or path holds.
 * The platform's own file import documents its per-field formats (kintone help article 040722,
 * "レコード登録・上書き用のファイルの記載形式"); the excerpts searched here did not show its
 * check box row, so that this is the platform's own convention is not verified.
 */
export function plainToWrite(
  shape: PlainShape,
  plain: unknown,
  csv = false,
  context: PlainContext = {},
): Converted {
  if (isEmpty(plain)) return { ok: true, value: emptyOf(shape), empty: true };
  const given = csv && typeof plain === 'string' ? fromCell(shape, plain) : plain;
  return CONVERT[shape](given, context);
}

export function isEmpty(plain: unknown): boolean {
  return (
    plain === null || plain === undefined || plain === '' || (Array.isArray(plain) && plain.length === 0)
  );
}

function emptyOf(shape: PlainShape): WriteValue {
  return ['options', 'principals', 'files', 'table'].includes(shape) ? [] : '';
}

function fromCell(shape: PlainShape, cell: string): unknown {
  const lines = cell.split(/\r?\n/).filter((line) => line !== '');
  if (shape === 'options' || shape === 'principals') return lines;
  if (shape === 'files') return lines.map((path) => ({ path }));
  return cell;
}

const fail = (expected: string): Converted => ({ ok: false, expected });
const ok = (value: WriteValue): Converted => ({ ok: true, value, empty: false });

const CONVERT: Readonly<Record<PlainShape, (plain: unknown, context: PlainContext) => Converted>> = {
  // A number is the text JavaScript writes it as, the one conversion a NUMBER field's values get
  // when it becomes a text field (platform/conversions: "the number as stored"): a record file
  // written for the NUMBER field seeds the text the migration left. validate refuses a number
  // whose literal is not that text (`0123`, `1.50`: number-literal.ts), which would lose digits.
  text: (v) =>
    typeof v === 'string' ? ok(v) : Number.isFinite(v) ? ok(String(v)) : fail('a string (quote it)'),
  number: (v) => {
    const s = typeof v === 'number' ? String(v) : v;
    const trimmed = typeof s === 'string' ? s.trim() : '';
    const d = parseDecimal(trimmed);
    if (!d) return fail('a number');
    // Written as the platform stores it, so that a seed compares like with like: trimmed
    // (platform-facts-verified "Numbers": `" 42 "` -> `"42"`), and with an exponent or a `+`
    // written out in plain decimals (`"1.5e1"` -> `"15"`, `"+5"` -> `"5"`; cybozu.dev "フィールド
    // 形式" takes a sign and an exponent). Sent as given, a seed compared "+5" with the "5" it
    // read back and planned the same change on every run; an exponent was refused, though the
    // platform takes it.
    return ok(storedNumber(trimmed, d));
  },
  option: (v) => (typeof v === 'string' ? ok(v) : fail('one option name')),
  options: (v) => {
    const list: unknown[] = Array.isArray(v) ? v : [v];
    return list.every((x) => typeof x === 'string') ? ok(once(list)) : fail('a list of option names');
  },
  date: (v) => (typeof v === 'string' && validDate(v) ? ok(v) : fail('a date, YYYY-MM-DD')),
  time: (v) => (typeof v === 'string' && TIME.test(v) ? ok(v) : fail('a time, HH:MM')),
  datetime: (v, context) => {
    // A date alone is its midnight in the context's zone: the value a migration from DATE gave
    // the records (conversions/date.ts dateToDateTime), so a record file written for the DATE
    // field seeds what the migration left, and a seed right after it writes nothing.
    // A zone Intl does not know is validate's problem at its own place (the manifest's or
    // appdeploy.yaml's), not the record's.
    const zone = context.timeZone;
    if (typeof v === 'string' && zone !== undefined && isTimeZone(zone) && validDate(v)) {
      const [year, month, day] = v.split('-').map(Number) as [number, number, number];
      return ok(dateTimeText(instantOf({ year, month, day, hour: 0, minute: 0 }, zone)));
    }
    const s = v instanceof Date ? v.toISOString() : v;
    if (typeof s !== 'string' || !DATETIME.test(s) || !isCalendarDateTime(s))
      return fail('a date and time, YYYY-MM-DDTHH:MM:SSZ');
    // The platform keeps a DATETIME to the minute: the seconds a write gives are dropped (the
    // local service's rule, src/emulator/records/values.ts; observed on the hosted platform by
    // icoxfog417/kintoneDotNET's wiki, "kintoneAPIMemo": seconds always read back 00). A value
    // with seconds would be written changed, and a seed would plan it again on every run.
    if (Date.parse(s) % 60_000 !== 0)
      return fail('a date and time to the minute, YYYY-MM-DDTHH:MM:00Z (the service keeps no seconds)');
    return ok(new Date(s).toISOString().replace(/\.\d{3}Z$/, 'Z'));
  },
  principals: (v) => {
    const list = Array.isArray(v) ? v : [v];
    return list.every((x) => typeof x === 'string' && x !== '')
      ? ok(once(list as string[]).map((code) => ({ code })))
      : fail('a code or a list of codes');
  },
  files: (v) => {
    const list = Array.isArray(v) ? v : [v];
    return list.every(isPlainFile)
      ? ok(list.map((f) => ({ path: f.path })))
      : fail('{ path: FILE } or a list of them');
  },
  // Rows are converted cell by cell by the caller, which knows the columns' types.
  table: (v) => (Array.isArray(v) ? ok([]) : fail('a list of rows')),
  none: () => fail('nothing: the service fills it in'),
};

/**
 * Each item once: several choices and several people are a set, and the platform holds each once
 * (the local service keeps `[vip, vip]` as `[vip]`, src/emulator/records/values.ts; the record
 * API's docs do not say). Sent twice, a seed compared the two with the one it read back and
 * planned the same change on every run.
 */
function once<T>(list: readonly T[]): T[] {
  return [...new Set(list)];
}

function validDate(s: string): boolean {
  const m = DATE.exec(s);
  if (!m) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(s);
}

/**
 * Whether an ISO 8601 date and time (DATETIME's shape) names a day of the calendar and a time of
 * day before 24:00. Date.parse alone does not say: it rolls `2026-02-30` over to March 2 and
 * `24:00` over to the next day, so the service stored, and a seed wrote, a day nobody wrote.
 */
export function isCalendarDateTime(s: string): boolean {
  const m = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?/.exec(s);
  if (!m || !validDate(m[1]!) || Number.isNaN(Date.parse(s))) return false;
  return Number(m[2]) < 24 && Number(m[3]) < 60 && Number(m[4] ?? 0) < 60;
}

function isPlainFile(v: unknown): v is PlainFile {
  return (
    typeof v === 'object' &&
    v !== null &&
    !Array.isArray(v) &&
    typeof (v as { path?: unknown }).path === 'string' &&
    (v as { path: string }).path !== '' &&
    Object.keys(v).every((k) => k === 'path')
  );
}

/** A value as a read returns it (the official client's field.d.ts shapes, loosely typed). */
export interface ReadValue {
  type: string;
  value: unknown;
}

export interface ToPlain {
  /** The code a record file uses for a user, group or organization code read. */
  principal: (code: string) => string;
  /** The plain file for an attachment read (export downloads it and names its path). */
  file: (attachment: { fileKey: string; name: string }) => PlainFile;
}

/**
 * The plain value of a field as read, or undefined when it is empty (a record file leaves empty
 * fields out) or not written (system and calculated fields).
 */
export function readToPlain(read: ReadValue, to: ToPlain): unknown {
  const form = PLAIN_VALUES[read.type as FieldType] as PlainForm | undefined;
  if (!form || form.shape === 'none' || isEmpty(read.value)) return undefined;
  return FROM_READ[form.shape](read.value, to);
}

const one = <T>(list: T[]): T | T[] => (list.length === 1 ? (list[0] as T) : list);

const FROM_READ: Readonly<Record<Exclude<PlainShape, 'none'>, (value: unknown, to: ToPlain) => unknown>> = {
  text: (v) => v,
  // A number whose text JavaScript writes back the same stays a number; others keep every digit.
  number: (v) => (String(Number(v)) === v ? Number(v) : v),
  option: (v) => v,
  options: (v) => v,
  date: (v) => v,
  time: (v) => v,
  datetime: (v) => v,
  principals: (v, to) => one((v as { code: string }[]).map((p) => to.principal(p.code))),
  files: (v, to) => one((v as { fileKey: string; name: string }[]).map((f) => to.file(f))),
  table: (v, to) =>
    (v as { value: Record<string, ReadValue> }[]).map((row) => {
      const out: Record<string, unknown> = {};
      for (const [code, cell] of Object.entries(row.value)) {
        const plain = readToPlain(cell, to);
        if (plain !== undefined) out[code] = plain;
      }
      return out;
    }),
};

/** A field as the conversion of a whole record needs it: its type, and a table's columns. */
export interface PlainField {
  type: FieldType;
  fields?: Readonly<Record<string, PlainField>>;
  /** A migration's options: its `timeZone` puts a date written for a DATETIME at midnight there. */
  migrate?: false | { readonly timeZone?: string | undefined } | undefined;
}

/** The context of one field's value: its own `migrate.timeZone` before the environment's zone. */
export function fieldContext(field: PlainField, context: PlainContext): PlainContext {
  const own = field.migrate === false ? undefined : field.migrate?.timeZone;
  return own === undefined ? context : { ...context, timeZone: own };
}

/** A row of a table as a write sends it (files by path until uploaded). */
export interface WriteRow {
  value: Record<string, { value: WriteValue }>;
}

export type RecordWrite = Record<string, { value: WriteValue | WriteRow[] }>;

/**
 * A whole record of a record file as the write it stands for: every field it names, tables row by
 * row. Null when a value does not convert, a code is not a writable field, or a row is not a map
 * (what validate reports, file:line:col, before anything writes).
 */
export function plainRecordToWrite(
  fields: Readonly<Record<string, PlainField>>,
  record: Readonly<Record<string, unknown>>,
  csv = false,
  context: PlainContext = {},
): RecordWrite | null {
  const out: RecordWrite = {};
  for (const [code, plain] of Object.entries(record)) {
    const field = fields[code];
    if (!field) return null;
    const value =
      field.type === 'SUBTABLE'
        ? rowsToWrite(field.fields ?? {}, plain, context)
        : scalarToWrite(field, plain, csv, context);
    if (value === null) return null;
    out[code] = { value };
  }
  return out;
}

function scalarToWrite(
  field: PlainField,
  plain: unknown,
  csv: boolean,
  context: PlainContext,
): WriteValue | null {
  const shape = PLAIN_VALUES[field.type].shape;
  if (shape === 'none' || shape === 'table') return null;
  const converted = plainToWrite(shape, plain, csv, fieldContext(field, context));
  return converted.ok ? converted.value : null;
}

function rowsToWrite(
  columns: Readonly<Record<string, PlainField>>,
  plain: unknown,
  context: PlainContext,
): WriteRow[] | null {
  if (isEmpty(plain)) return [];
  if (!Array.isArray(plain)) return null;
  const rows: WriteRow[] = [];
  for (const row of plain) {
    if (typeof row !== 'object' || row === null || Array.isArray(row)) return null;
    const cells = plainRecordToWrite(columns, row as Record<string, unknown>, false, context);
    if (cells === null || Object.values(cells).some((c) => !isWriteValue(c.value))) return null;
    rows.push({ value: cells as Record<string, { value: WriteValue }> });
  }
  return rows;
}

/** A column's value is never a table (a table holds no table). */
function isWriteValue(value: WriteValue | WriteRow[]): value is WriteValue {
  return !(Array.isArray(value) && value.some((v) => typeof v === 'object' && v !== null && 'value' in v));
}
