/**
 * What becomes of a field the service cannot change in place (a `replace`: a type change, or a
 * move into or out of a table). Pure: from the manifest and the form alone. The planner adds what
 * only the records can tell (values that do not convert, tables with several rows) and apply runs
 * it (apply/migrate.ts).
 *
 * - `migrate`: the values are copied into a new field and the fields swapped (docs/migrations.md),
 *   where a conversion exists (platform/conversions.ts) or the type stays (a move);
 * - `replace`: `migrate: false` in the manifest: the field is deleted and added again, values
 *   lost (a data-loss risk), as the manifest asked;
 * - `blocked`: no honest conversion, or a choice the manifest must make first.
 */
import {
  conversionFor,
  fitsTextField,
  TEXT_TYPES,
  type Conversion,
  type MigrateOptions,
} from '../../platform/conversions.js';
import type { BlockedChange, JsonObject } from '../types.js';
import type { FieldsCanonical } from './canonical.js';
import {
  fieldItems,
  itemPath,
  migrateSetting,
  planFields,
  temporaryCode,
  typeOf,
  type FieldItem,
  type FieldPlan,
} from './items.js';

export type ReplacePlan = Extract<FieldPlan, { kind: 'replace' }>;

export type ReplaceHow =
  | { how: 'migrate'; conversion: Conversion; migrate: MigrateOptions }
  | { how: 'replace' }
  | { how: 'blocked'; block: BlockedChange };

/** Field codes are at most 128 characters (schema's fieldCode; Add Form Fields' `code`). */
const CODE_MAX = 128;

/**
 * A move keeps the type: every value is the same value in its new place. A text must still fit the
 * new field as the conversions' text rule says (docs/migrations.md: a line break a one-line field
 * cannot hold, a length outside its minLength and maxLength, 64 if unique, does not convert): the
 * rows of a table joined by `migrate.join` make a longer text than any row, and the new field may
 * be shorter than the old; the platform refuses a text longer than maxLength, so the copy would
 * fail on it instead of counting it.
 */
function sameValue(type: string): Conversion {
  const text = (TEXT_TYPES as readonly string[]).includes(type);
  return {
    from: type,
    to: type,
    rule: 'the same value',
    convert: (value, ctx) =>
      text && typeof value === 'string' && value !== ''
        ? fitsTextField(type, value, ctx)
        : { ok: true, value },
  };
}

/** How a replace happens; `have` is the form on the service (its items by code). */
export function replaceHow(
  plan: ReplacePlan,
  have: ReadonlyMap<string, FieldItem>,
  want: ReadonlyMap<string, FieldItem>,
): ReplaceHow {
  const { item, before } = plan;
  const setting = migrateSetting(item);
  if (setting === false) return { how: 'replace' };
  const from = typeOf(before.def);
  const to = typeOf(item.def);
  const conversion = from === to ? sameValue(to) : conversionFor(from, to);
  if (!conversion) return { how: 'blocked', block: cannotInPlace(plan) };
  const block = migrationBlock(plan, setting, have, want);
  if (block) return { how: 'blocked', block };
  return { how: 'migrate', conversion, migrate: setting };
}

/** What the manifest must settle first, or what a migration cannot do; null when it can go ahead. */
function migrationBlock(
  plan: ReplacePlan,
  migrate: MigrateOptions,
  have: ReadonlyMap<string, FieldItem>,
  want: ReadonlyMap<string, FieldItem>,
): BlockedChange | null {
  const { item, before } = plan;
  const path = itemPath(item);
  const temporary = temporaryCode(item.code);
  if (isLookup(item.def) || isLookup(before.def))
    return {
      path,
      reason: `field "${before.code}" is a lookup: its value is copied from another app, not kept by a migration`,
      instead: `write migrate: false on it to replace it (its values are copied again by the lookup), or keep its type`,
    };
  if (before.table !== null && item.table !== null && before.table !== item.table)
    return {
      path,
      reason: `field "${before.code}" moves from table "${before.table}" into table "${item.table}": a migration moves a field into or out of a table, not between two`,
      instead: `move it out of "${before.table}" with one apply, then into "${item.table}" with the next`,
    };
  if (temporary.length > CODE_MAX || (want.has(temporary) && plan.temporary === null))
    return {
      path,
      reason: `a migration adds the new field as "${temporary}" until the swap, and that code ${temporary.length > CODE_MAX ? 'is longer than 128 characters' : 'is a field of the manifest'}`,
      instead: `give the field a shorter code (with renamedFrom "${before.code}"), or rename the other field`,
    };
  if (
    item.table !== null &&
    before.table !== item.table &&
    intoExisting(item.table, have) &&
    migrate.row === undefined
  )
    return {
      path,
      reason: `field "${before.code}" moves into table "${item.table}", which has rows already: which row of each record receives its value is a choice`,
      instead: `write migrate: { row: first } (the first row; a record without rows gets one), { row: every } (every row), or { row: new } (a row of its own)`,
    };
  return null;
}

/**
 * Whether the table exists with rows a record may hold: a table the expand added for the move
 * (its columns all temporary fields) is the move's new table still.
 */
function intoExisting(table: string, have: ReadonlyMap<string, FieldItem>): boolean {
  const held = have.get(table);
  if (held === undefined || held.table !== null || typeOf(held.def) !== 'SUBTABLE') return false;
  const columns = [...have.values()].filter((item) => item.table === table);
  return !columns.every((column) => column.code.endsWith(temporaryCode('')));
}

function isLookup(def: JsonObject): boolean {
  return def.lookup !== undefined && def.lookup !== null;
}

/** The block a replace has without a conversion: what the service cannot do, and what to do (as before migrations). */
export function cannotInPlace(plan: ReplacePlan): BlockedChange {
  const { item, before } = plan;
  if (plan.reason === 'type')
    return {
      path: itemPath(item),
      reason: `the service cannot change the type of field "${before.code}" (${typeOf(before.def)} -> ${typeOf(item.def)})`,
      instead: `add a field with a new code and type, copy the values over, then remove "${before.code}"`,
    };
  const from = before.table === null ? 'the top level' : `table "${before.table}"`;
  const to = item.table === null ? 'the top level' : `table "${item.table}"`;
  return {
    path: itemPath(item),
    reason: `the service cannot move field "${before.code}" from ${from} into ${to}`,
    instead: `add a field with a new code in ${to}, copy the values over, then remove "${before.code}"`,
  };
}

export interface PlannedMigration {
  plan: ReplacePlan;
  conversion: Conversion;
  migrate: MigrateOptions;
}

/** The replaces of a fields change that apply migrates, each with its conversion. */
export function fieldMigrations(desired: FieldsCanonical, current: FieldsCanonical): PlannedMigration[] {
  const have = fieldItems(current);
  const want = fieldItems(desired);
  return planFields(desired, current).flatMap((plan) => {
    if (plan.kind !== 'replace') return [];
    const how = replaceHow(plan, have, want);
    return how.how === 'migrate' ? [{ plan, conversion: how.conversion, migrate: how.migrate }] : [];
  });
}
