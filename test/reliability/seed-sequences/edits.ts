/**
 * The edits a team makes to record files between seeds, each valid (validate accepts the files
 * after it: keys present and unique, every lookup naming a partner the partners file has, no
 * table in a CSV file): add records, change a value, empty one, stop naming a field, remove a
 * record, change a key (a partner's with the things that name it), reorder, save the file as
 * YAML, JSON or CSV, add a table row, change an attachment's content (of the same size or not, and
 * at its size on purpose: files compare by content) or give another, point a lookup at another key. Each says what it did, for the failure's log.
 */
import { PEOPLE } from '../round-trip-world.js';
import { KEYS, SINGLE_LINE } from '../round-trip-values.js';
import type { Draw } from '../apply-sequences/pick.js';
import { KEY_FIELD, type AppKey, type Format, type World } from './world.js';

type Rec = Record<string, unknown>;
export type Edit = (world: World, d: Draw) => string | null;

const DATES = ['2024-01-31', '2024-02-29', '1999-12-31'];
const TIMES = ['00:00', '12:30', '23:59'];
const INSTANTS = ['2024-06-01T00:00:00Z', '2024-03-10T02:30:00-05:00', '2024-12-31T23:59:00+09:00'];
const FILE_NAMES = ['contract.pdf', 'a b.txt', '契約書.pdf', 'x(1).pdf'];

const subset = <T>(d: Draw, list: readonly T[]): T[] => list.filter(() => d.chance(0.5));
/** One item alone half the time ("one name alone is a list of one"). */
const oneOrList = <T>(d: Draw, list: T[]): T | T[] => (list.length === 1 && d.chance(0.5) ? list[0]! : list);

/** Bytes of `size` (drawn when absent) for an attachment. */
function bytes(d: Draw, size?: number): Buffer {
  const length = size ?? 5 + Math.floor(d.rnd() * 60);
  return Buffer.from(Array.from({ length }, () => 'abcdefghij'[Math.floor(d.rnd() * 10)]).join(''));
}

/** A new attachment below records/files/: its path in the record file. */
function attachment(world: World, d: Draw): { path: string } {
  const path = `files/${d.fresh('f')}/${d.pick(FILE_NAMES)!}`;
  world.attachments.set(path, bytes(d));
  return { path };
}

function row(d: Draw): Rec {
  const out: Rec = {};
  if (d.chance(0.7)) out.item = d.pick(SINGLE_LINE);
  if (d.chance(0.5)) out.qty = d.pick([1, 2.5, '10', '0']);
  if (d.chance(0.3)) out.due = d.pick(DATES);
  if (d.chance(0.4)) out.who = oneOrList(d, subset(d, PEOPLE.users));
  if (d.chance(0.3)) out.pick = d.pick(['yes', '0x1F']);
  if (Object.keys(out).length === 0) out.memo = 'line 1\nline 2';
  return out;
}

/** A value for things' field `code` as the file writes it. */
const THINGS_VALUES: Record<string, (world: World, d: Draw) => unknown> = {
  title: (_, d) => d.pick(SINGLE_LINE),
  notes: (_, d) => d.pick(['one\ntwo', 'plain', 'a\n\nb', 'tab\there']),
  body: (_, d) => d.pick(['<p>Hello <b>world</b></p>', '<div>a &amp; b</div>', 'text']),
  amount: (_, d) => d.pick(['0', '1200', '1200.50', '-3', 7.25, 12]),
  count: (_, d) => d.pick([0, 1, 42, '1000', -7]),
  level: (_, d) => d.pick(['low', 'yes', 'a, b']),
  kind: (_, d) => d.pick(['null', '日本', '- x']),
  tags: (_, d) => oneOrList(d, subset(d, ['vip', 'no', '#hash'])),
  topics: (_, d) => oneOrList(d, subset(d, ['1e3', '~', '😀'])),
  day: (_, d) => d.pick(DATES),
  at: (_, d) => d.pick(TIMES),
  when: (_, d) => d.pick(INSTANTS),
  site: (_, d) => d.pick(['https://example.com/a?b=c', 'http://例え.jp/パス']),
  owner: (_, d) => oneOrList(d, subset(d, PEOPLE.users)),
  team: (_, d) => oneOrList(d, subset(d, PEOPLE.groups)),
  dept: (_, d) => oneOrList(d, subset(d, PEOPLE.organizations)),
  docs: (world, d) =>
    oneOrList(
      d,
      Array.from({ length: 1 + Math.floor(d.rnd() * 2) }, () => attachment(world, d)),
    ),
  partner: (world, d) => d.pick(keysOf(world, 'partners')) ?? null,
  lines: (_, d) => Array.from({ length: 1 + Math.floor(d.rnd() * 3) }, () => row(d)),
};
const THINGS_FIELDS = Object.keys(THINGS_VALUES);

const PARTNER_NAMES = ['Acme', 'Yes & Co', ' spaced name ', 'Globex', '日本商事'];

const keysOf = (world: World, app: AppKey) =>
  world.files[app].records.map((r) => String(r[KEY_FIELD[app]] as string));

/** Fields of `app` an edit may write (no table in a CSV file). */
function fieldsOf(world: World, app: AppKey): string[] {
  if (app === 'partners') return ['name'];
  return THINGS_FIELDS.filter((f) => f !== 'lines' || world.files.things.format !== 'csv');
}

function valueOf(world: World, d: Draw, app: AppKey, code: string): unknown {
  return app === 'partners' ? d.pick(PARTNER_NAMES) : THINGS_VALUES[code]!(world, d);
}

/** A key no record of the app has: one of the round trip's edge keys, or a fresh one. */
function newKey(world: World, d: Draw, app: AppKey): string {
  const taken = new Set(keysOf(world, app));
  const edge = (app === 'things' ? KEYS : ['yes', ' spaced ', 'P/1']).filter((k) => !taken.has(k));
  if (edge.length > 0 && d.chance(0.4)) return d.pick(edge)!;
  // Fresh names may meet the round trip's partners (P1): draw on until one is free.
  for (;;) {
    const key = d.fresh(app === 'things' ? 'T' : 'P');
    if (!taken.has(key)) return key;
  }
}

const pickApp = (d: Draw): AppKey => (d.chance(0.75) ? 'things' : 'partners');

function pickRecord(world: World, d: Draw, app: AppKey): Rec | undefined {
  return d.pick(world.files[app].records);
}

const addRecords: Edit = (world, d) => {
  const app = pickApp(d);
  const added: string[] = [];
  for (let i = 1 + Math.floor(d.rnd() * 3); i > 0; i--) {
    const key = newKey(world, d, app);
    const record: Rec = { [KEY_FIELD[app]]: key };
    for (const code of fieldsOf(world, app)) if (d.chance(0.5)) record[code] = valueOf(world, d, app, code);
    world.files[app].records.push(record);
    added.push(JSON.stringify(key));
  }
  return `${app}: add ${added.join(', ')}`;
};

const changeValue: Edit = (world, d) => {
  const app = pickApp(d);
  const record = pickRecord(world, d, app);
  if (!record) return null;
  const code = d.pick(fieldsOf(world, app))!;
  record[code] = valueOf(world, d, app, code);
  return `${app} ${JSON.stringify(record[KEY_FIELD[app]])}: ${code} = ${JSON.stringify(record[code])}`;
};

const emptyValue: Edit = (world, d) => {
  const app = pickApp(d);
  const record = pickRecord(world, d, app);
  if (!record) return null;
  const code = d.pick(fieldsOf(world, app))!;
  // A CSV cell has one empty value; YAML and JSON three.
  record[code] = world.files[app].format === 'csv' ? null : d.pick([null, '', []]);
  return `${app} ${JSON.stringify(record[KEY_FIELD[app]])}: ${code} emptied (${JSON.stringify(record[code])})`;
};

const stopNaming: Edit = (world, d) => {
  const app = pickApp(d);
  const record = pickRecord(world, d, app);
  const code = record && d.pick(Object.keys(record).filter((c) => c !== KEY_FIELD[app]));
  if (!record || !code) return null;
  delete record[code];
  return `${app} ${JSON.stringify(record[KEY_FIELD[app]])}: ${code} no longer named`;
};

/** Things naming `partner` in their lookup. */
const naming = (world: World, partner: string) =>
  world.files.things.records.filter((r) => r.partner === partner);

const removeRecord: Edit = (world, d) => {
  const app = pickApp(d);
  const records = world.files[app].records;
  // A lookup must name a partner the partners file has (validate, RECORDS.LOOKUP).
  const removable = records.filter(
    (r) => app === 'things' || naming(world, r.partner_code as string).length === 0,
  );
  const record = d.pick(removable);
  if (!record || (records.length === 1 && world.files[app].format === 'csv')) return null;
  records.splice(records.indexOf(record), 1);
  return `${app}: remove ${JSON.stringify(record[KEY_FIELD[app]])}`;
};

const changeKey: Edit = (world, d) => {
  const app = pickApp(d);
  const record = pickRecord(world, d, app);
  if (!record) return null;
  const was = record[KEY_FIELD[app]] as string;
  const key = newKey(world, d, app);
  record[KEY_FIELD[app]] = key;
  // A person renaming a partner's key points the things naming it at the new one.
  if (app === 'partners') for (const thing of naming(world, was)) thing.partner = key;
  return `${app}: key ${JSON.stringify(was)} -> ${JSON.stringify(key)}`;
};

const reorder: Edit = (world, d) => {
  const app = pickApp(d);
  const records = world.files[app].records;
  for (let i = records.length - 1; i > 0; i--) {
    const j = Math.floor(d.rnd() * (i + 1));
    [records[i], records[j]] = [records[j]!, records[i]!];
  }
  return `${app}: reordered`;
};

const switchFormat: Edit = (world, d) => {
  const app = pickApp(d);
  const file = world.files[app];
  const format = d.pick((['yaml', 'json', 'csv'] as Format[]).filter((f) => f !== file.format))!;
  if (format === 'csv' && file.records.length === 0) return null;
  // A table cannot be a cell: saved as CSV, its rows are left out of the file (docs/records.md).
  if (format === 'csv') for (const record of file.records) delete record.lines;
  file.format = format;
  return `${app}: saved as ${format}`;
};

const addRow: Edit = (world, d) => {
  if (world.files.things.format === 'csv') return null;
  const record = pickRecord(world, d, 'things');
  if (!record) return null;
  const rows = Array.isArray(record.lines) ? (record.lines as Rec[]) : [];
  record.lines = [...rows, row(d)];
  return `things ${JSON.stringify(record.code)}: a row added to lines`;
};

/** A record of things naming attachments, and one of their paths. */
function pickAttachment(world: World, d: Draw): { record: Rec; path: string } | null {
  const withDocs = world.files.things.records.filter((r) =>
    JSON.stringify(r.docs ?? null).includes('"path"'),
  );
  const record = d.pick(withDocs);
  if (!record) return null;
  const paths = ([] as { path: string }[]).concat(record.docs as { path: string }).map((f) => f.path);
  return { record, path: d.pick(paths)! };
}

const changeAttachment: Edit = (world, d) => {
  const picked = pickAttachment(world, d);
  if (!picked) return null;
  const { record, path } = picked;
  const old = world.attachments.get(path)!;
  if (d.chance(0.2)) {
    record.docs = attachment(world, d);
    return `things ${JSON.stringify(record.code)}: docs is another file`;
  }
  const same = d.chance(0.4);
  world.attachments.set(path, bytes(d, same ? old.length : old.length + 1 + Math.floor(d.rnd() * 5)));
  return `things ${JSON.stringify(record.code)}: ${path} rewritten (${same ? 'same size' : 'other size'})`;
};

/**
 * An attachment rewritten at its name and size with other bytes (a corrected contract): seed
 * compares files by content too (docs/records.md), so the record's docs change.
 */
const sameSizeAttachment: Edit = (world, d) => {
  const picked = pickAttachment(world, d);
  if (!picked) return null;
  const old = world.attachments.get(picked.path)!;
  const next = Buffer.from(old);
  // One byte other than it was: the same size, surely other content.
  const at = Math.floor(d.rnd() * next.length);
  next[at] = next[at] === 0x41 ? 0x42 : 0x41;
  world.attachments.set(picked.path, next);
  return `things ${JSON.stringify(picked.record.code)}: ${picked.path} rewritten at its size, other content`;
};

const pointLookup: Edit = (world, d) => {
  const record = pickRecord(world, d, 'things');
  const partner = d.pick(keysOf(world, 'partners'));
  if (!record || partner === undefined) return null;
  record.partner = partner;
  return `things ${JSON.stringify(record.code)}: partner = ${JSON.stringify(partner)}`;
};

export const EDITS: Readonly<Record<string, Edit>> = {
  addRecords,
  changeValue,
  emptyValue,
  stopNaming,
  removeRecord,
  changeKey,
  reorder,
  switchFormat,
  addRow,
  changeAttachment,
  sameSizeAttachment,
  pointLookup,
};
