/**
 * What a fields change risks: data that goes with a removed field, column or option; a deploy
 * that `unique` makes fail; records that `required` leaves needing a value; and the changes the
 * service cannot make at all.
 */
import {
  UNIQUE_FIELD_TYPES,
  isSystemFieldType,
  tighterLengthBounds,
  type FieldType,
} from '../../platform/index.js';
import type { BlockedChange, JsonObject, RiskProbe } from '../types.js';
import { asRecord } from '../canonical.js';
import type { FieldsCanonical } from './canonical.js';
import {
  fieldItems,
  isFixedFieldChange,
  itemPath,
  planFields,
  typeOf,
  type FieldItem,
  type FieldPlan,
} from './items.js';
import { replaceHow } from './migrations.js';

/** Types whose values are not data a user entered: removing them loses nothing. */
const NO_DATA = new Set(['GROUP', 'REFERENCE_TABLE', 'CALC', 'LABEL', 'SPACER', 'HR']);

export function fieldProbes(desired: FieldsCanonical, current: FieldsCanonical): RiskProbe[] {
  const probes: RiskProbe[] = [];
  const have = fieldItems(current);
  const want = fieldItems(desired);
  const plans = planFields(desired, current);
  const migratedOut = migratedCodes(plans, have, want);
  for (const plan of plans) {
    switch (plan.kind) {
      case 'remove':
        if (!holdsData(plan.item) || onlyMigratedColumns(plan.item, have, migratedOut)) break;
        probes.push({ kind: 'data-loss', ...where(plan.item) });
        break;
      case 'change':
      case 'rename': {
        const { item, before } = plan;
        for (const option of removedOptions(item.def, before.def))
          probes.push({ kind: 'data-loss', ...where(before), option });
        const type = typeOf(item.def) as FieldType;
        if (item.def.unique === true && before.def.unique !== true && UNIQUE_FIELD_TYPES.has(type))
          probes.push({ kind: 'deploy-fails', field: before.code, fieldType: type, reason: 'unique' });
        const bounds = tighterLengthBounds(item.def, before.def);
        if (bounds) probes.push({ kind: 'deploy-fails', ...where(before), reason: 'length', ...bounds });
        if (item.def.required === true && before.def.required !== true)
          probes.push({ kind: 'records-need-values', ...where(before) });
        break;
      }
      case 'replace':
        // `migrate: false`: deleted and added again, as the manifest asks, with its values. A
        // migration's values that do not convert are counted by the planner (plan/migrations.ts).
        if (replaceHow(plan, have, want).how === 'replace' && holdsData(plan.before))
          probes.push({ kind: 'data-loss', ...where(plan.before) });
        break;
      case 'add':
        break;
      default: {
        const unreachable: never = plan;
        return unreachable;
      }
    }
  }
  return probes;
}

export function fieldBlocks(desired: FieldsCanonical, current: FieldsCanonical): BlockedChange[] {
  const have = fieldItems(current);
  const want = fieldItems(desired);
  return planFields(desired, current).flatMap((plan) => {
    if (isFixedFieldChange(plan))
      return [fixedBlock(plan as Exclude<typeof plan, { kind: 'add' | 'remove' }>)];
    if (plan.kind !== 'replace') return [];
    const how = replaceHow(plan, have, want);
    return how.how === 'blocked' ? [how.block] : [];
  });
}

/** The codes of the fields a migration keeps the values of (a replace that is no `migrate: false`). */
function migratedCodes(
  plans: readonly FieldPlan[],
  have: ReadonlyMap<string, FieldItem>,
  want: ReadonlyMap<string, FieldItem>,
): Set<string> {
  return new Set(
    plans.flatMap((plan) =>
      plan.kind === 'replace' && replaceHow(plan, have, want).how === 'migrate' ? [plan.before.code] : [],
    ),
  );
}

/**
 * A removed table whose every column that holds data moves out of it, keeping its values: what
 * the table holds is kept, so its removal loses nothing (a row holds no value of its own).
 */
function onlyMigratedColumns(
  item: FieldItem,
  have: ReadonlyMap<string, FieldItem>,
  migrated: ReadonlySet<string>,
): boolean {
  if (typeOf(item.def) !== 'SUBTABLE') return false;
  const columns = [...have.values()].filter((c) => c.table === item.code && holdsData(c));
  return columns.length > 0 && columns.every((c) => migrated.has(c.code));
}

function holdsData(item: FieldItem): boolean {
  const type = typeOf(item.def);
  return !NO_DATA.has(type) && !isSystemFieldType(type);
}

function where(item: FieldItem): { field: string; fieldType: string; table?: string } {
  return item.table === null
    ? { field: item.code, fieldType: typeOf(item.def) }
    : { field: item.code, fieldType: typeOf(item.def), table: item.table };
}

function removedOptions(after: JsonObject, before: JsonObject): string[] {
  const had = before.options;
  if (!had || typeof had !== 'object' || Array.isArray(had)) return [];
  const has = asRecord(after.options);
  return Object.keys(had).filter((name) => !Object.hasOwn(has, name));
}

/** What a change of a STATUS, STATUS_ASSIGNEE or CATEGORY field would need, and what to do. */
function fixedBlock(plan: Exclude<FieldPlan, { kind: 'add' | 'remove' }>): BlockedChange {
  const { item, before } = plan;
  const what =
    plan.kind === 'rename'
      ? `rename field "${before.code}" to "${item.code}"`
      : `change field "${before.code}"`;
  const keep =
    plan.kind === 'rename'
      ? `declare it in the manifest with the code "${before.code}", or leave it out of the manifest`
      : `keep what the service has in the manifest (label: ${JSON.stringify(before.def.label ?? '')}), or leave it out of the manifest; change it in the app's settings screen instead, then export`;
  return {
    path: itemPath(item),
    reason: `the service's fields API cannot ${what}: ${typeOf(before.def)} fields cannot be changed through it`,
    instead: keep,
  };
}
