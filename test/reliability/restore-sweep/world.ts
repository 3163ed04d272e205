/**
 * The world of restore-sweep.test.ts: one app `sweep` holding a field of every writable type (a
 * drawn subset of them each round), two tables (`tb` with six columns, `tc` with two), and
 * records of edge values (conversion-values.ts generators), several files per attachment field,
 * user, organization and group selections, empty values. A round removes one to three of its
 * fields, table columns or whole tables (or migrates one field, renamed or in place), adds them
 * again, and restores. Everything is drawn from a seed, so a seed and a round name a run.
 */
import {
  DOC_PAIRS,
  fieldOf,
  option,
  SOURCE_SETTINGS,
  valueFor,
  variants,
  type Field,
} from '../conversion-fields.js';
import { sourceValue, SOURCE_OPTIONS, type Rng } from '../conversion-values.js';

/** A field of the app: its code, type and settings; `table` when it is a column. */
export interface Spec {
  code: string;
  type: string;
  table: string | null;
  settings: Record<string, unknown>;
}

const TOP_TYPES: Record<string, string> = {
  t_text: 'SINGLE_LINE_TEXT',
  t_multi: 'MULTI_LINE_TEXT',
  t_rich: 'RICH_TEXT',
  t_num: 'NUMBER',
  t_link: 'LINK',
  t_date: 'DATE',
  t_time: 'TIME',
  t_dt: 'DATETIME',
  t_drop: 'DROP_DOWN',
  t_radio: 'RADIO_BUTTON',
  t_check: 'CHECK_BOX',
  t_msel: 'MULTI_SELECT',
  t_user: 'USER_SELECT',
  t_org: 'ORGANIZATION_SELECT',
  t_group: 'GROUP_SELECT',
  t_file: 'FILE',
  t_file2: 'FILE',
};
export const TABLES: Record<string, Record<string, string>> = {
  tb: {
    tb_text: 'SINGLE_LINE_TEXT',
    tb_num: 'NUMBER',
    tb_file: 'FILE',
    tb_user: 'USER_SELECT',
    tb_check: 'CHECK_BOX',
    tb_date: 'DATE',
  },
  tc: { tc_text: 'MULTI_LINE_TEXT', tc_file: 'FILE' },
};

const settingsOf = (type: string): Record<string, unknown> => SOURCE_SETTINGS[type] ?? {};

/** What a round removes: fields (top level or columns), whole tables, or one migrated field. */
export type Removal =
  { kind: 'remove'; fields: Spec[]; tables: string[] } | { kind: 'migrate'; field: Field; renamed: boolean };

/** What the restore runs into before the fields are right (each a user error, RESTORE.*). */
export type Mistake = 'none' | 'not-added' | 'incompatible' | 'moved' | 'other-env' | 'no-files' | 'narrowed';
/** How the restore that counts runs. */
export type Mode = 'plain' | 'kill' | 'fault';

export interface World {
  records: number;
  top: Spec[];
  tables: string[];
  removal: Removal;
  /** After the removal: records edited (revision moved), deleted, and whose `tb` rows are taken away. */
  edits: number;
  deletes: number;
  rowsTaken: number;
  /** When the fields come back: at the top of the layout (elsewhere than before), relabelled. */
  moved: boolean;
  mistake: Mistake;
  mode: Mode;
  json: boolean;
}

export function drawWorld(r: Rng, round: number, records: number): World {
  const codes = Object.keys(TOP_TYPES).filter(() => r.chance(0.55));
  // Files and selections every round, at least one of them at the top level.
  for (const must of ['t_file', r.pick(['t_user', 't_org', 't_group'])])
    if (!codes.includes(must)) codes.push(must);
  const top = codes.map((code) => ({
    code,
    type: TOP_TYPES[code]!,
    table: null,
    settings: settingsOf(TOP_TYPES[code]!),
  }));
  const tables = ['tb', ...(r.chance(0.6) ? ['tc'] : [])];
  const migrate = r.chance(0.2);
  const mistakes: Mistake[] = [
    'none',
    'none',
    'not-added',
    'incompatible',
    'moved',
    'other-env',
    'no-files',
    'narrowed',
  ];
  const mistake = migrate ? 'none' : r.pick(mistakes);
  let removal: Removal;
  if (migrate) {
    const { from, to } = r.pick(DOC_PAIRS);
    removal = {
      kind: 'migrate',
      field: fieldOf('mg', from, to, r.pick(variants(from, to))),
      renamed: r.chance(0.6),
    };
  } else {
    const candidates: (Spec | string)[] = [
      ...top,
      ...columnsOf('tb'),
      ...(tables.includes('tc') ? ['tc', ...columnsOf('tc')] : []),
    ];
    const picked = new Set<Spec | string>();
    const tbCheck = candidates.find((c) => typeof c !== 'string' && c.code === 'tb_check')!;
    const n = 1 + r.int(3);
    while (picked.size < n) picked.add(r.pick(candidates));
    // Every column of a table picked is the table removed whole (a table holds a column at least).
    for (const table of tables)
      if (columnsOf(table).every((c) => [...picked].some((p) => typeof p !== 'string' && p.code === c.code)))
        picked.add(table);
    const whole = [...picked].filter((p): p is string => typeof p === 'string');
    // Added again narrowed: a choice column among the removed, for the mistake to have a value to refuse.
    if (mistake === 'narrowed' && !whole.includes('tb') && ![...picked].some((p) => p === tbCheck))
      picked.add(tbCheck);
    removal = {
      kind: 'remove',
      tables: whole,
      // A column of a table removed whole goes with it.
      fields: [...picked].filter((p): p is Spec => typeof p !== 'string' && !whole.includes(p.table ?? '')),
    };
  }
  return {
    records,
    top,
    tables,
    removal,
    edits: r.chance(0.6) ? 1 + r.int(4) : 0,
    deletes: r.chance(0.5) ? 1 + r.int(3) : 0,
    rowsTaken: r.chance(0.4) ? 1 + r.int(3) : 0,
    moved: r.chance(0.5),
    mistake,
    mode: (['plain', 'kill', 'fault'] as const)[round % 3]!,
    json: r.chance(0.5),
  };
}

export function columnsOf(table: string): Spec[] {
  return Object.entries(TABLES[table]!).map(([code, type]) => ({
    code,
    type,
    table,
    settings: settingsOf(type),
  }));
}

export function describeWorld(w: World): string {
  const what =
    w.removal.kind === 'migrate'
      ? `migrates mg ${w.removal.field.from}->${w.removal.field.to}${w.removal.renamed ? ' renamed mg_new' : ' in place'}`
      : `removes ${[...w.removal.fields.map((f) => (f.table ? `${f.table}.${f.code}` : f.code)), ...w.removal.tables.map((t) => `table ${t}`)].join(', ')}`;
  return `${w.records} records, fields ${w.top.map((f) => f.code).join(',')}, tables ${w.tables.join(',')}; ${what}; then ${w.edits} edited, ${w.deletes} deleted, ${w.rowsTaken} lose tb rows; added again ${w.moved ? 'elsewhere' : 'in place'}; mistake ${w.mistake}; restore ${w.mode}${w.json ? ' json' : ''}`;
}

/** The removed fields as restore puts them back: every column of a table removed whole. */
export function removedSpecs(w: World): Spec[] {
  if (w.removal.kind === 'migrate') return [];
  return [...w.removal.fields, ...w.removal.tables.flatMap(columnsOf)];
}

type Manifest = Record<string, unknown>;
type Def = Record<string, unknown>;

/**
 * The manifest of each version: `v1` everything; `v2` without what the round removes (or with the
 * field migrated); `v3` with it added again, elsewhere in the layout and relabelled when `moved`.
 * `wrong` (with `v3`) adds the first removed field back wrong: of another type, or in another place.
 */
export function manifest(
  w: World,
  version: 'v1' | 'v2' | 'v3',
  wrong?: 'incompatible' | 'moved',
  /** A choice field added again without one of its options. */
  narrow?: { code: string; option: string },
): Manifest {
  const settingsAgain = (f: Spec) =>
    narrow?.code === f.code
      ? { options: option(SOURCE_OPTIONS.filter((o) => o !== narrow.option)) }
      : f.settings;
  const removedTop = new Set(
    w.removal.kind === 'remove' ? w.removal.fields.filter((f) => f.table === null).map((f) => f.code) : [],
  );
  const removedCols = new Set(
    w.removal.kind === 'remove' ? w.removal.fields.filter((f) => f.table !== null).map((f) => f.code) : [],
  );
  const removedTables = new Set(w.removal.kind === 'remove' ? w.removal.tables : []);
  const gone = version === 'v2';
  // Added wrong: the first removed field; the others right.
  const skip = wrong === undefined ? undefined : removedSpecs(w)[0]!.code;
  const label = (code: string) => (version === 'v3' && w.moved ? `${code} again` : code);
  const fields: Record<string, Def> = { key: { type: 'SINGLE_LINE_TEXT', label: 'Key', unique: true } };
  const order: string[] = ['key'];
  const back: string[] = [];
  for (const f of w.top) {
    if ((gone && removedTop.has(f.code)) || f.code === skip) continue;
    fields[f.code] = { type: f.type, label: label(f.code), ...settingsAgain(f) };
    (removedTop.has(f.code) ? back : order).push(f.code);
  }
  fields.note = { type: 'SINGLE_LINE_TEXT', label: 'Note' };
  order.push('note');
  if (w.removal.kind === 'migrate') {
    const m = w.removal.field;
    if (version === 'v1') fields.mg = { type: m.from, label: 'mg', ...settingsOf(m.from) };
    else {
      const code = w.removal.renamed ? 'mg_new' : 'mg';
      fields[code] = {
        type: m.to,
        label: code,
        ...m.settings,
        ...(w.removal.renamed && version === 'v2' ? { renamedFrom: 'mg' } : {}),
        ...(version === 'v2' && Object.keys(m.migrate).length > 0 ? { migrate: m.migrate } : {}),
      };
      // The old field added again, for its values to be restored.
      if (version === 'v3' && w.removal.renamed)
        fields.mg = { type: m.from, label: 'mg', ...settingsOf(m.from) };
    }
    order.push(...Object.keys(fields).filter((c) => c.startsWith('mg')));
  }
  for (const table of w.tables) {
    if (gone && removedTables.has(table)) continue;
    const columns: Record<string, Def> = {};
    const kept: string[] = [];
    const again: string[] = [];
    for (const c of columnsOf(table)) {
      if ((gone && removedCols.has(c.code)) || c.code === skip) continue;
      columns[c.code] = { type: c.type, label: label(c.code), ...settingsAgain(c) };
      (removedCols.has(c.code) || removedTables.has(table) ? again : kept).push(c.code);
    }
    // Added again elsewhere: first among the columns instead of where it was.
    const codes = version === 'v3' && w.moved ? [...again, ...kept] : Object.keys(columns);
    fields[table] = {
      type: 'SUBTABLE',
      label: table,
      fields: Object.fromEntries(codes.map((c) => [c, columns[c]])),
    };
    (removedTables.has(table) ? back : order).push(table);
  }
  if (wrong !== undefined) {
    const f = removedSpecs(w)[0]!;
    const type = wrong === 'incompatible' ? otherType(f.type) : f.type;
    const def = { type, label: f.code, ...(wrong === 'incompatible' ? settingsOf(type) : f.settings) };
    // Moved: a column added at the top level, a top-level field added as a column of a table.
    // Of another type: where it was (its table added again with it alone when it went whole).
    const into = wrong === 'moved' ? (f.table === null ? 'tz' : null) : f.table;
    if (into === null) {
      fields[f.code] = def;
      order.push(f.code);
    } else {
      fields[into] ??= { type: 'SUBTABLE', label: into, fields: {} };
      (fields[into].fields as Record<string, Def>)[f.code] = def;
      if (!order.includes(into)) order.push(into);
    }
  }
  const layoutOrder = version === 'v3' && w.moved ? [...back, ...order] : [...order, ...back];
  return {
    name: 'Sweep',
    fields,
    layout: layoutOrder
      .filter((code) => fields[code] !== undefined)
      .map((code) =>
        fields[code]!.type === 'SUBTABLE'
          ? {
              type: 'SUBTABLE',
              code,
              fields: Object.keys(fields[code]!.fields as object).map((c) => ({ code: c })),
            }
          : { type: 'ROW', fields: [{ code }] },
      ),
  };
}

/** A type whose values are not the backup's (docs/migrations.md: restore into the same type). */
function otherType(type: string): string {
  return (
    {
      SINGLE_LINE_TEXT: 'MULTI_LINE_TEXT',
      MULTI_LINE_TEXT: 'SINGLE_LINE_TEXT',
      RICH_TEXT: 'MULTI_LINE_TEXT',
      NUMBER: 'SINGLE_LINE_TEXT',
      CHECK_BOX: 'MULTI_SELECT',
      MULTI_SELECT: 'CHECK_BOX',
      DROP_DOWN: 'RADIO_BUTTON',
      RADIO_BUTTON: 'DROP_DOWN',
      FILE: 'SINGLE_LINE_TEXT',
      USER_SELECT: 'GROUP_SELECT',
      ORGANIZATION_SELECT: 'USER_SELECT',
      GROUP_SELECT: 'ORGANIZATION_SELECT',
    }[type] ?? 'SINGLE_LINE_TEXT'
  );
}

/** An attachment as drawn: its name, type and bytes, uploaded before the record is added. */
export interface DrawnFile {
  name: string;
  contentType: string;
  data: Buffer;
}

const FILE_NAMES = [
  'report.pdf',
  'report.pdf',
  '日本語 ファイル.txt',
  'a/b\\c:d*?"<>|.txt',
  '.hidden',
  `${'long'.repeat(50)}.bin`,
  'CON',
  'no-extension',
  'emoji 😀.png',
  'tab\tname.csv',
];
const TYPES = ['application/pdf', 'text/plain', 'application/octet-stream', 'image/png'];

export function drawFiles(r: Rng): DrawnFile[] {
  if (r.chance(0.3)) return [];
  return Array.from({ length: 1 + r.int(3) }, () => {
    const size = r.pick([1, 17, 300, 4096, 70_000]);
    return {
      name: r.pick(FILE_NAMES),
      contentType: r.pick(TYPES),
      data: Buffer.from(Array.from({ length: size }, () => r.int(256))),
    };
  });
}

/** A value of a field drawn as the records API writes it (files as drawn: the caller uploads them). */
export function drawValue(r: Rng, type: string): unknown {
  if (type === 'FILE') return drawFiles(r);
  if (r.chance(0.15) && type !== 'RADIO_BUTTON')
    return ['CHECK_BOX', 'MULTI_SELECT'].includes(type) || type.endsWith('_SELECT') ? [] : '';
  return sourceValue(r, type, ', ');
}

/** A record's fields as drawn (files as DrawnFile[]); tables with none to three rows. */
export function drawRecord(r: Rng, w: World, i: number): Record<string, unknown> {
  const record: Record<string, unknown> = { key: `K${i}`, note: `n${i}` };
  for (const f of w.top) record[f.code] = drawValue(r, f.type);
  if (w.removal.kind === 'migrate') record.mg = valueFor(r, w.removal.field, new Set());
  for (const table of w.tables)
    record[table] = Array.from({ length: r.pick([0, 1, 1, 2, 3]) }, () =>
      Object.fromEntries(columnsOf(table).map((c) => [c.code, drawValue(r, c.type)])),
    );
  return record;
}
