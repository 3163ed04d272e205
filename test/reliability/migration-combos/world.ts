/**
 * The world of migration-combos.test.ts: one app `combo` whose next version migrates two or three
 * fields at once (type changes from docs/migrations.md's conversion table, one of them renamed
 * with `renamedFrom`; a move into a new or an existing table with `migrate.row`; a move out of a
 * table, rows joined or not), together with other edits (a view, a report, field permissions, a
 * process action and a notification naming a migrated field; a field removed with
 * `--allow-data-loss`; a new field), and sometimes a second app `refs` whose lookup copies a
 * migrated field. Everything is drawn from a seed (conversion-values.ts generators), so a seed
 * and a round name a run.
 */
import { DOC_PAIRS, fieldOf, SOURCE_SETTINGS, valueFor, variants, type Field } from '../conversion-fields.js';
import { sourceValue, type Rng } from '../conversion-values.js';
import { typeSpec } from '../../../src/query/field-types.js';

/** A field that changes type at the top level; `old` is its code before when it is renamed too. */
export interface TypeChange {
  kind: 'type';
  field: Field;
  old: string;
}

/** A top-level field moved into a table: a new one (`fresh`), or `tbl` that is there, with `migrate.row`. */
export interface MoveIn {
  kind: 'into';
  code: 'mi';
  type: 'SINGLE_LINE_TEXT' | 'NUMBER' | 'DATE';
  table: 'fresh' | 'tbl';
  row?: 'first' | 'every' | 'new';
}

/** Column `mo` of table `src` moved to the top level: one row holds a value, or `migrate.join` joins them. */
export interface MoveOut {
  kind: 'out';
  code: 'mo';
  join?: string;
  maxLength?: string;
}

export type Migration = TypeChange | MoveIn | MoveOut;

/** Text types a condition's `like` reads (cybozu.dev query operators: like for text fields). */
const LIKE_TYPES = ['SINGLE_LINE_TEXT', 'MULTI_LINE_TEXT', 'RICH_TEXT', 'LINK'];
/** Types a report groups by (kintone help "Graph": group by drop-down, radio, text, date). */
const GROUP_TYPES = ['SINGLE_LINE_TEXT', 'DROP_DOWN', 'RADIO_BUTTON', 'DATE'];
/** Types a lookup copies between fields of the same type. */
const COPY_TYPES = ['SINGLE_LINE_TEXT', 'NUMBER', 'DATE', 'MULTI_LINE_TEXT', 'LINK'];

export interface Combo {
  migrations: Migration[];
  /** Records of the app before the migration. */
  records: number;
  /** `gone` (a number) removed in the next version, with --allow-data-loss. */
  removed: boolean;
  /** `added` new in the next version. */
  added: boolean;
  /** A type change named by a view (columns and sort), a report, field permissions, a process action and a notification. */
  named: { view?: string; report?: string; acl?: string; process?: string; notification?: string };
  /**
   * `refs`'s lookup copying a migrated field: `new` (added with the migration, naming the field's
   * new code and type), `dropped` (the lookup copied the old field and the next version stops: the
   * plan says to apply refs first), or none.
   */
  lookup: { mode: 'new' | 'dropped'; field: TypeChange } | null;
  /** Whether the manifests write a layout. */
  layout: boolean;
}

const isType = (m: Migration): m is TypeChange => m.kind === 'type';
export const typeChanges = (c: Combo): TypeChange[] => c.migrations.filter(isType);

/** A type change from a pair of the table, with one of the settings it is tried with. */
function typeChange(r: Rng, code: string, old: string, unique: boolean): TypeChange {
  for (;;) {
    const { from, to } = r.pick(DOC_PAIRS);
    const choices = variants(from, to).filter((v) => (v.to.unique === true) === unique);
    if (choices.length === 0) continue;
    return { kind: 'type', old, field: fieldOf(code, from, to, r.pick(choices)) };
  }
}

export function drawCombo(r: Rng, records: number): Combo {
  const kinds = ['type', 'type', 'rename', 'into', 'out'] as const;
  const chosen = new Set<(typeof kinds)[number]>();
  const count = 2 + r.int(2);
  while (chosen.size < count) chosen.add(r.pick(kinds));
  // At most one unique new field (its values kept apart by the generator).
  const unique = r.chance(0.3);
  const migrations: Migration[] = [];
  if (chosen.has('type')) migrations.push(typeChange(r, 't1', 't1', unique));
  if (chosen.has('type') && r.chance(0.5)) migrations.push(typeChange(r, 't2', 't2', false));
  if (chosen.has('rename')) migrations.push(typeChange(r, 'rn_new', 'rn_old', false));
  if (chosen.has('into')) {
    const table = r.pick(['fresh', 'tbl'] as const);
    migrations.push({
      kind: 'into',
      code: 'mi',
      type: r.pick(['SINGLE_LINE_TEXT', 'NUMBER', 'DATE'] as const),
      table,
      ...(table === 'tbl' ? { row: r.pick(['first', 'every', 'new'] as const) } : {}),
    });
  }
  if (chosen.has('out'))
    migrations.push(
      r.chance(0.5) ? { kind: 'out', code: 'mo', join: ' | ', maxLength: '30' } : { kind: 'out', code: 'mo' },
    );
  const types = migrations.filter(isType);
  const named: Combo['named'] = {};
  const some = (pred: (t: TypeChange) => boolean) => {
    const fit = types.filter(pred);
    return fit.length > 0 && r.chance(0.6) ? r.pick(fit).field.code : undefined;
  };
  const view = some(() => true);
  if (view) named.view = view;
  const report = some((t) => GROUP_TYPES.includes(t.field.to));
  if (report) named.report = report;
  const acl = some(() => true);
  if (acl) named.acl = acl;
  const process = some((t) => LIKE_TYPES.includes(t.field.to));
  if (process) named.process = process;
  const notification = some((t) => LIKE_TYPES.includes(t.field.to));
  if (notification) named.notification = notification;
  const copied = types.filter(
    (t) =>
      t.field.settings.unique !== true &&
      COPY_TYPES.includes(t.field.to) &&
      COPY_TYPES.includes(t.field.from),
  );
  const lookup =
    copied.length > 0 && r.chance(0.4)
      ? { mode: r.pick(['new', 'dropped'] as const), field: r.pick(copied) }
      : null;
  return {
    migrations,
    records,
    removed: r.chance(0.5),
    added: r.chance(0.5),
    named,
    lookup,
    layout: r.chance(0.5),
  };
}

/** A round's draw in a line, for a failure's message. */
export function describeCombo(c: Combo): string {
  const what = c.migrations.map((m) =>
    m.kind === 'type'
      ? `${m.old}${m.old !== m.field.code ? `->${m.field.code}` : ''} ${m.field.from}->${m.field.to} ${JSON.stringify({ ...m.field.settings, options: undefined })} migrate ${JSON.stringify(m.field.migrate)}`
      : m.kind === 'into'
        ? `mi ${m.type} into ${m.table}${m.row ? ` row ${m.row}` : ''}`
        : `mo out of src${m.join ? ` joined by "${m.join}" into ${m.maxLength} chars` : ''}`,
  );
  return `${c.records} records; ${what.join('; ')}; removed ${c.removed}, added ${c.added}, named ${JSON.stringify(c.named)}, lookup ${c.lookup ? `${c.lookup.mode} ${c.lookup.field.field.code}` : 'none'}, layout ${c.layout}`;
}

const text = (label: string, extra: Record<string, unknown> = {}) => ({
  type: 'SINGLE_LINE_TEXT',
  label,
  ...extra,
});

/** The manifests of each version: `v1` as the app starts, `v2` the one apply migrates to. */
export function manifests(c: Combo, version: 'v1' | 'v2'): Record<string, Record<string, unknown>> {
  const fields: Record<string, Record<string, unknown>> = { key: text('Key', { unique: true }) };
  const tables: Record<string, Record<string, Record<string, unknown>>> = {
    tbl: { tbl_keep: text('Keep') },
    src: { src_keep: text('Keep') },
  };
  for (const m of c.migrations) {
    if (m.kind === 'type') {
      const f = m.field;
      fields[version === 'v1' ? m.old : f.code] =
        version === 'v1'
          ? { type: f.from, label: m.old, ...SOURCE_SETTINGS[f.from] }
          : {
              type: f.to,
              label: f.code,
              ...f.settings,
              ...(m.old !== f.code ? { renamedFrom: m.old } : {}),
              ...(Object.keys(f.migrate).length > 0 ? { migrate: f.migrate } : {}),
            };
    } else if (m.kind === 'into') {
      const def = { type: m.type, label: 'Moved in', ...(m.row ? { migrate: { row: m.row } } : {}) };
      if (version === 'v1') fields.mi = { type: m.type, label: 'Moved in' };
      else (tables[m.table] ??= {}).mi = def;
    } else {
      if (version === 'v1') tables.src!.mo = text('Moved out');
      else
        fields.mo = text('Moved out', {
          ...(m.maxLength ? { maxLength: m.maxLength } : {}),
          ...(m.join ? { migrate: { join: m.join } } : {}),
        });
    }
  }
  if (version === 'v1' || !c.removed) fields.gone = { type: 'NUMBER', label: 'Gone' };
  if (version === 'v2' && c.added) fields.added = { type: 'NUMBER', label: 'Added' };
  for (const [code, columns] of Object.entries(tables))
    fields[code] = { type: 'SUBTABLE', label: code, fields: columns };
  const combo: Record<string, unknown> = { name: 'Combo', fields };
  if (c.layout)
    combo.layout = Object.entries(fields).map(([code, def]) =>
      def.type === 'SUBTABLE'
        ? {
            type: 'SUBTABLE',
            code,
            fields: Object.keys(def.fields as object).map((column) => ({ code: column })),
          }
        : { type: 'ROW', fields: [{ code }] },
    );
  // The settings naming a migrated field: in v1 where the old field is of a type they take too.
  const typeOf = (code: string) => (fields[code]?.type as string | undefined) ?? '';
  const named = (code: string | undefined, types?: string[]) =>
    code !== undefined && fields[code] !== undefined && (!types || types.includes(typeOf(code)))
      ? code
      : undefined;
  const view = named(c.named.view);
  // Sorted by it where its type sorts (the project's query rules, GAIA_IQ12: the generator only
  // keeps to valid manifests with them).
  const sorted = view !== undefined && typeSpec({ type: typeOf(view) })?.sortable === true;
  combo.views = {
    All: {
      type: 'LIST',
      fields: ['key', ...(view ? [view] : [])],
      ...(sorted ? { sort: `${view} asc` } : {}),
    },
  };
  const report = named(c.named.report, GROUP_TYPES);
  if (report)
    combo.reports = {
      'By field': {
        chartType: 'PIE',
        groups: [{ code: report }],
        aggregations: [{ type: 'COUNT' }],
        sorts: [{ by: 'TOTAL', order: 'DESC' }],
      },
    };
  const acl = named(c.named.acl);
  if (acl)
    combo.fieldAcl = [
      {
        field: acl,
        entities: [
          { entity: { type: 'GROUP', code: 'admins' }, accessibility: 'WRITE' },
          { entity: { type: 'GROUP', code: 'everyone' }, accessibility: 'WRITE' },
        ],
      },
    ];
  const process = named(c.named.process, LIKE_TYPES);
  if (process)
    combo.process = {
      enable: true,
      states: { Open: {}, Done: {} },
      actions: [
        { name: 'Finish', from: 'Open', to: 'Done', type: 'PRIMARY', filterCond: `${process} like "a"` },
      ],
    };
  const notification = named(c.named.notification, LIKE_TYPES);
  if (notification)
    combo.notifications = {
      perRecord: {
        notifications: [
          {
            filterCond: `${notification} like "a"`,
            title: 'Names the migrated field',
            targets: [{ entity: { type: 'GROUP', code: 'everyone' } }],
          },
        ],
      },
    };
  const out: Record<string, Record<string, unknown>> = { combo };
  if (c.lookup) {
    const t = c.lookup.field;
    const copies = c.lookup.mode === 'new' ? version === 'v2' : version === 'v1';
    const code = version === 'v1' ? t.old : t.field.code;
    out.refs = {
      name: 'Refs',
      fields: {
        ref_key: {
          ...text('Key'),
          lookup: {
            relatedApp: { app: 'combo' },
            relatedKeyField: 'key',
            fieldMappings: copies ? [{ field: 'ref_copy', relatedField: code }] : [],
          },
        },
        ...(copies ? { ref_copy: { type: typeOf(code), label: 'Copy' } } : {}),
      },
    };
  }
  return out;
}

/** A record as the records API writes it, the unique targets' values kept apart (`seen`). */
export function drawRecord(
  r: Rng,
  c: Combo,
  i: number,
  seen: Map<string, Set<string>>,
): Record<string, { value: unknown }> {
  const record: Record<string, { value: unknown }> = { key: { value: `K${i}` } };
  for (const m of c.migrations) {
    if (m.kind === 'type') {
      const set = seen.get(m.field.code) ?? new Set<string>();
      seen.set(m.field.code, set);
      record[m.old] = { value: valueFor(r, m.field, set) };
    } else if (m.kind === 'into') record.mi = { value: r.chance(0.3) ? '' : sourceValue(r, m.type, ', ') };
  }
  record.tbl = { value: drawRows(r, c, 'tbl') };
  record.src = { value: drawRows(r, c, 'src') };
  record.gone = { value: r.chance(0.2) ? '' : String(r.int(2001) - 1000) };
  return record;
}

/**
 * A record's rows of `tbl` or `src`, none to three: `src`'s column `mo` (when it moves out) holds
 * a value in one row at most, unless `migrate.join` joins them.
 */
export function drawRows(
  r: Rng,
  c: Combo,
  table: 'tbl' | 'src',
): { value: Record<string, { value: unknown }> }[] {
  const out = c.migrations.find((m): m is MoveOut => m.kind === 'out');
  const oneAt = r.int(4);
  return Array.from({ length: r.pick([0, 0, 1, 2, 3]) }, (_, row) => ({
    value: {
      [`${table}_keep`]: { value: r.pick(['', 'k1', 'k2']) },
      ...(table === 'src' && out
        ? { mo: { value: out.join !== undefined || row === oneAt ? short(r) : '' } }
        : {}),
    },
  }));
}

/** One-line texts, some long enough that two or three joined do not fit 30 characters. */
function short(r: Rng): string {
  return r.pick(['', 'a', 'bb', 'x, y', 'p | q', '漢字', '😀😀', 'ten chars!', 'eighteen chars! 😀']);
}

/** A new value for a migrated field's old field, as a second client writes it during the copy. */
export function editedValue(r: Rng, m: TypeChange): unknown {
  return valueFor(r, m.field, new Set());
}
