/**
 * Fields as a flat list of items: a top-level field is the item `[code]` (a table without its
 * columns), a table's column is the item `[table, code]`. Diff, risks and writes all work on
 * items, so a column changes, is renamed or removed on its own line, like any field.
 */
import { FIXED_SYSTEM_FIELD_TYPES, isSystemFieldType } from '../../platform/index.js';
import { equalJson } from '../diff.js';
import { asRecord } from '../canonical.js';
import type { ChangePath, Json, JsonObject } from '../types.js';
import { withoutHints, type FieldsCanonical } from './canonical.js';

export interface FieldItem {
  code: string;
  /** The table the field is a column of; null at top level. */
  table: string | null;
  /** The definition; a table's without its `fields`, and without hints. */
  def: JsonObject;
  /** The code the manifest says this field had before (`renamedFrom`), desired side only. */
  renamedFrom: string | null;
  /** What the manifest's `migrate:` says (desired side only): false, the options, or null (absent). */
  migrate?: Json | null;
}

/**
 * The code a migration adds the new field under until the swap (migrations.md, "How apply does
 * it"): letters, digits and `_` stay a valid field code (schema's fieldCode), and `__migrating`
 * is a suffix no manifest is expected to use for a field of its own.
 */
export function temporaryCode(code: string): string {
  return `${code}__migrating`;
}

/** A definition's type; every canonical field has one. */
export function typeOf(def: JsonObject): string {
  return typeof def.type === 'string' ? def.type : '';
}

export function itemPath(item: Pick<FieldItem, 'code' | 'table'>): ChangePath {
  return item.table === null ? [item.code] : [item.table, item.code];
}

/** Items by code; codes are unique across the whole form, columns included. */
export function fieldItems(fields: FieldsCanonical): Map<string, FieldItem> {
  const items = new Map<string, FieldItem>();
  for (const [code, field] of Object.entries(fields)) {
    const { fields: columns, ...def } = withoutHints(field);
    items.set(code, { code, table: null, def, renamedFrom: hint(field), migrate: migrateHint(field) });
    if (def.type !== 'SUBTABLE' || !columns || typeof columns !== 'object' || Array.isArray(columns))
      continue;
    const raw = asRecord(field.fields);
    for (const [inner, column] of Object.entries(columns))
      items.set(inner, {
        code: inner,
        table: code,
        def: asRecord(column),
        renamedFrom: hint(raw[inner]),
        migrate: migrateHint(raw[inner]),
      });
  }
  return items;
}

function migrateHint(field: Json | undefined): Json | null {
  return asRecord(field).migrate ?? null;
}

function hint(field: Json | undefined): string | null {
  const renamedFrom = asRecord(field).renamedFrom;
  return typeof renamedFrom === 'string' ? renamedFrom : null;
}

export type FieldPlan =
  | { kind: 'add'; item: FieldItem }
  | { kind: 'remove'; item: FieldItem }
  | { kind: 'change'; item: FieldItem; before: FieldItem }
  | { kind: 'rename'; item: FieldItem; before: FieldItem }
  /**
   * A type change, or a move into or out of a table: the service cannot do it in place. Apply
   * migrates it (keeping the values) where a conversion exists, unless `migrate: false`;
   * `temporary` is the new field already on the service under its temporary code (an apply
   * added it and copied into it: the swap is what is left), null before.
   */
  | {
      kind: 'replace';
      item: FieldItem;
      before: FieldItem;
      reason: 'type' | 'table';
      temporary: FieldItem | null;
    };

/**
 * What happens to each field. System fields the manifest does not list are not managed. A
 * `renamedFrom` counts only while the service has the old code and not the new one: once the
 * rename is done it is a no-op, so it can stay in the file. A system field the manifest declares
 * under another code than the app's (an app created in another language: `レコード番号` where
 * the manifest says `Record_number`) is the same field renamed: an app has one of each type.
 */
export function planFields(desired: FieldsCanonical, current: FieldsCanonical): FieldPlan[] {
  const want = fieldItems(desired);
  const have = fieldItems(current);
  const consumed = new Set<string>();
  // Old code -> new code of renamed tables: their columns stay in the same table.
  const renamedTables = new Map<string, string>();
  const plans: FieldPlan[] = [];
  for (const item of want.values()) {
    const same = have.get(item.code);
    const old =
      same !== undefined
        ? undefined
        : item.renamedFrom !== null
          ? have.get(item.renamedFrom)
          : systemFieldOfType(have, typeOf(item.def));
    const before = same ?? (old && !want.has(old.code) ? old : undefined);
    if (!before) {
      plans.push({ kind: 'add', item });
      continue;
    }
    consumed.add(before.code);
    if (before.def.type !== item.def.type || tableAfterRenames(before.table, renamedTables) !== item.table) {
      const temporary = temporaryOf(have, item);
      if (temporary) consumed.add(temporary.code);
      const reason = before.def.type !== item.def.type ? 'type' : 'table';
      plans.push({ kind: 'replace', item, before, reason, temporary });
    } else if (before.code !== item.code) {
      plans.push({ kind: 'rename', item, before });
      if (item.def.type === 'SUBTABLE') renamedTables.set(before.code, item.code);
    } else if (!equalJson(item.def, before.def)) plans.push({ kind: 'change', item, before });
  }
  for (const item of have.values()) {
    if (consumed.has(item.code) || isSystemFieldType(typeOf(item.def))) continue;
    // A column goes with its table when the whole table goes.
    if (item.table !== null && !consumed.has(item.table)) continue;
    plans.push({ kind: 'remove', item });
  }
  return plans;
}

/**
 * The new field a migration added under its temporary code, when the service has it with the
 * type and table the manifest wants (one of another type or table is left as any other field).
 */
function temporaryOf(have: ReadonlyMap<string, FieldItem>, item: FieldItem): FieldItem | null {
  const temporary = have.get(temporaryCode(item.code));
  if (!temporary || temporary.table !== item.table || typeOf(temporary.def) !== typeOf(item.def)) return null;
  return temporary;
}

/** What the manifest's `migrate:` says: false (replace, values lost) or the options (absent: none). */
export function migrateSetting(item: FieldItem): false | Record<string, Json> {
  const given = item.migrate;
  if (given === false) return false;
  return given !== null && given !== undefined && typeof given === 'object' && !Array.isArray(given)
    ? given
    : {};
}

/** The app's system field of `type`, when `type` is a system type (at most one per app). */
function systemFieldOfType(have: ReadonlyMap<string, FieldItem>, type: string): FieldItem | undefined {
  if (!isSystemFieldType(type)) return undefined;
  for (const item of have.values()) if (typeOf(item.def) === type) return item;
  return undefined;
}

function tableAfterRenames(table: string | null, renamed: ReadonlyMap<string, string>): string | null {
  return table === null ? null : (renamed.get(table) ?? table);
}

/**
 * A change or rename of a STATUS, STATUS_ASSIGNEE or CATEGORY field: the service's fields API
 * cannot write them (platform FIXED_SYSTEM_FIELD_TYPES), so the plan shows it as blocked and no
 * write goes out for it.
 */
export function isFixedFieldChange(plan: FieldPlan): boolean {
  return (
    (plan.kind === 'change' || plan.kind === 'rename') &&
    FIXED_SYSTEM_FIELD_TYPES.has(typeOf(plan.before.def))
  );
}
