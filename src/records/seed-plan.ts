/**
 * What `appdeploy seed` does to one app, pure: the record file's records (as writes, users mapped,
 * files described by name and size) against the service's records read by key. A key absent from
 * the service is an add; a key present whose named fields differ is a change of those fields alone
 * (a field the file does not name is the service's to keep); with `clean`, a service record whose
 * key the file lacks is a delete; the rest are unchanged. Planned by key every time, so a seed
 * stopped half-way plans, on the next run, just what is left (issue 37: "by key, it converges").
 *
 * Values compare as records/values.ts sameValue does (empty alike, users by code, several choices
 * as a set, files by name, size and content: a file uploaded again gets a new key, so the key
 * cannot say whether it is the same file, and the caller hashes the files alike by name and size
 * first, file-contents.ts, over attachmentPairs); tables row by row, cell by cell.
 */
import type { AppRecord } from '../client/index.js';
import { sameValue, type ContentOf } from './values.js';

/** A file a record file names, as the seed uploads it: where it is, and what the service keeps of it. */
export interface SeedFile {
  /** Absolute path. */
  path: string;
  name: string;
  size: number;
}

export type SeedScalar = string | string[] | { code: string }[] | SeedFile[];
export interface SeedRow {
  /**
   * The id of the service's row at the same place, in a change: the platform keeps the cells a
   * row with its id leaves out (docs/migrations.md, "Table rows in an update": platform-facts-
   * verified "Tables (subtables) in record writes"; cybozu.dev "レコード更新におけるテーブル操作の
   * テクニック"), so a column the file does not name keeps its values.
   */
  id?: string;
  value: Record<string, { value: SeedScalar }>;
}
export type SeedValue = SeedScalar | SeedRow[];
/** A record of the file as the seed writes it: every field it names. */
export type SeedRecord = Record<string, { value: SeedValue }>;

/** A service record as read: its id, revision and the fields the file names. */
export interface ReadRecord {
  id: string;
  revision: string;
  record: AppRecord;
}

export interface FieldChange {
  code: string;
  /** As read (undefined: the field was not read back, such as a field the app lacks). */
  before: unknown;
  after: SeedValue;
}

export type SeedAction =
  | { kind: 'add'; key: string; record: SeedRecord }
  | { kind: 'change'; key: string; id: string; revision: string; changes: FieldChange[] }
  | { kind: 'delete'; key: string; id: string; revision: string };

export interface SeedPlan {
  adds: Extract<SeedAction, { kind: 'add' }>[];
  changes: Extract<SeedAction, { kind: 'change' }>[];
  deletes: Extract<SeedAction, { kind: 'delete' }>[];
  unchanged: number;
}

export interface SeedPlanInput {
  /** The key field's code. */
  key: string;
  records: readonly SeedRecord[];
  /** The service's records, with at least the key and the fields the file names. */
  read: readonly ReadRecord[];
  clean: boolean;
  /**
   * The content hashes of the files alike by name and size (file-contents.ts); without it, a file
   * of the same name and size counts as the same.
   */
  contentOf?: ContentOf | undefined;
}

function readByKey(input: Pick<SeedPlanInput, 'key' | 'read'>): Map<string, ReadRecord> {
  const byKey = new Map<string, ReadRecord>();
  for (const found of input.read) {
    const key = keyText(found.record[input.key]?.value);
    if (key !== '') byKey.set(key, found);
  }
  return byKey;
}

export function planSeed(input: SeedPlanInput): SeedPlan {
  const byKey = readByKey(input);
  const plan: SeedPlan = { adds: [], changes: [], deletes: [], unchanged: 0 };
  const inFile = new Set<string>();
  for (const record of input.records) {
    const key = keyText(record[input.key]?.value);
    inFile.add(key);
    const found = byKey.get(key);
    if (!found) {
      plan.adds.push({ kind: 'add', key, record });
      continue;
    }
    const changes = changedFields(record, found.record, input.contentOf);
    if (changes.length === 0) plan.unchanged++;
    else plan.changes.push({ kind: 'change', key, id: found.id, revision: found.revision, changes });
  }
  if (input.clean)
    for (const [key, found] of byKey)
      if (!inFile.has(key))
        plan.deletes.push({ kind: 'delete', key, id: found.id, revision: found.revision });
  // In key order: the service reads newest first, and a plan should read the same every time.
  plan.deletes.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  // A service record without a key value is none of the file's: --clean leaves it too, since the
  // file cannot name it (say so in docs/records.md).
  return plan;
}

export function planIsEmpty(plan: SeedPlan): boolean {
  return plan.adds.length + plan.changes.length + plan.deletes.length === 0;
}

/**
 * A key's value as text: a number key is compared as the string the service gives back, and a
 * text key as it is, spaces at its ends included, as validate tells keys apart (record-checks)
 * and as the platform holds text (a value compares untrimmed: values.ts). Trimmed, `K1` and
 * `K1 ` (two records of the file, and two of the service) were one key: each seed matched both
 * to one service record, planned their values over each other's on every run, and --clean never
 * saw the other.
 */
export function keyText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  return '';
}

function changedFields(record: SeedRecord, read: AppRecord, contentOf: ContentOf | undefined): FieldChange[] {
  const changes: FieldChange[] = [];
  for (const [code, { value }] of Object.entries(record)) {
    const before = read[code]?.value;
    if (sameSeedValue(value, before, contentOf)) continue;
    changes.push({ code, before, after: isTable(value) ? withRowIds(value, before) : value });
  }
  return changes;
}

/**
 * A table's rows as a change writes them: each with the id of the service's row at its place, so
 * the cells of the columns the file does not name stay (a field the file does not name is the
 * app's to keep, and so is a column); rows past the service's are new, and service rows past the
 * file's are deleted (the file lists the rows).
 */
function withRowIds(rows: readonly SeedRow[], read: unknown): SeedRow[] {
  const readRows = Array.isArray(read) ? (read as { id?: unknown }[]) : [];
  return rows.map((row, i) => {
    const id = readRows[i]?.id;
    return typeof id === 'string' || typeof id === 'number' ? { id: String(id), value: row.value } : row;
  });
}

export function sameSeedValue(written: SeedValue, read: unknown, contentOf?: ContentOf): boolean {
  if (!isTable(written)) return sameValue(written, read, contentOf);
  const rows = readRows(read);
  if (rows.length !== written.length) return false;
  return written.every((row, i) =>
    Object.entries(row.value).every(([code, cell]) =>
      sameValue(cell.value, rows[i]?.value?.[code]?.value, contentOf),
    ),
  );
}

function readRows(read: unknown): { value?: Record<string, { value?: unknown }> }[] {
  return Array.isArray(read) ? (read as { value?: Record<string, { value?: unknown }> }[]) : [];
}

/**
 * The attachments planSeed compares, each file value of the file's records beside what the
 * service's record of its key holds at the same place (a table's cell in the row at the same
 * index): the pairs whose files are hashed before the plan (file-contents.ts). A record naming
 * no file gives none.
 */
export function attachmentPairs(
  input: Pick<SeedPlanInput, 'key' | 'records' | 'read'>,
): [SeedFile[], unknown][] {
  const byKey = readByKey(input);
  const pairs: [SeedFile[], unknown][] = [];
  for (const record of input.records) {
    const found = byKey.get(keyText(record[input.key]?.value));
    if (!found) continue;
    for (const [code, { value }] of Object.entries(record)) {
      if (isFiles(value)) pairs.push([value, found.record[code]?.value]);
      if (!isTable(value)) continue;
      const rows = readRows(found.record[code]?.value);
      value.forEach((row, i) => {
        for (const [column, cell] of Object.entries(row.value))
          if (isFiles(cell.value)) pairs.push([cell.value, rows[i]?.value?.[column]?.value]);
      });
    }
  }
  return pairs;
}

/** A value naming files of the machine (`{ path, name, size }`). */
export function isFiles(value: SeedValue): value is SeedFile[] {
  return Array.isArray(value) && value.some((v) => typeof v === 'object' && v !== null && 'path' in v);
}

export function isTable(value: SeedValue): value is SeedRow[] {
  return (
    Array.isArray(value) && value.some((item) => typeof item === 'object' && item !== null && 'value' in item)
  );
}
