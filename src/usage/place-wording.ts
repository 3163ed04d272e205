/**
 * How where-used words each place of the catalogue of field places (platform/field-places.ts):
 * the area a usage is listed under and where it is, in words (`view "Pipeline" (filter)`). One
 * entry per place; a place the catalogue gains without words here is an error where-used throws
 * (test/usage/field-places-sides.test.ts walks every place).
 */
import { placePath, type FieldReference } from '../platform/index.js';

/** The areas of a project's usages, in the order they are listed. */
export const USAGE_AREAS = [
  'layout',
  'title',
  'views',
  'process',
  'permissions',
  'notifications',
  'reports',
  'lookups',
  'related records',
  'actions',
  'JavaScript',
] as const;
export type UsageArea = (typeof USAGE_AREAS)[number];

export interface PlaceUsage {
  area: UsageArea;
  where: string;
}

type Words = (ref: FieldReference) => PlaceUsage | null;

/** The name of the item (a view, a graph: its key in the map). */
const name = (ref: FieldReference): string => String(ref.itemPath[ref.itemPath.length - 1]);
/** The 1-based number of the item (a rule, a row: its index in the list). */
const nth = (ref: FieldReference): number => Number(ref.itemPath[ref.itemPath.length - 1]) + 1;
/** A string the item or the value's parent holds (`field`, `relatedField`), '' without one. */
const text = (value: unknown): string => (typeof value === 'string' ? value : '');
/** The field whose definition holds a lookup or related-records place. */
const definition = name;

const at = (area: UsageArea, where: string): PlaceUsage => ({ area, where });

const WORDS: Readonly<Record<string, Words>> = {
  'general titleField.code': () => at('title', 'record title'),
  'layout layout[*].code': (r) => at('layout', `row ${nth(r)}`),
  'layout layout[*].fields[*].code': (r) =>
    at(
      'layout',
      r.item.type === 'SUBTABLE' ? `row ${nth(r)}, subtable ${text(r.item.code)}` : `row ${nth(r)}`,
    ),
  'layout layout[*].layout[*].fields[*].code': (r) =>
    at(
      'layout',
      `row ${nth(r)}, group ${text(r.item.code)} row ${Number(r.path[r.itemPath.length + 1]) + 1}`,
    ),
  'views views.*.fields[*]': (r) => at('views', `view "${name(r)}" (column)`),
  'views views.*.date': (r) => at('views', `view "${name(r)}" (calendar date)`),
  'views views.*.title': (r) => at('views', `view "${name(r)}" (calendar title)`),
  'views views.*.filterCond': (r) => at('views', `view "${name(r)}" (filter)`),
  'views views.*.sort': (r) => at('views', `view "${name(r)}" (sort)`),
  'process states.*.assignee.entities[*].entity': (r) => at('process', `status "${name(r)}" (assignee)`),
  'process actions[*].filterCond': (r) => at('process', `action "${text(r.item.name)}" (filter)`),
  'process actions[*].executableUser.entities[*].entity': (r) =>
    at('process', `action "${text(r.item.name)}" (who may act)`),
  'recordAcl rights[*].filterCond': (r) => at('permissions', `record permission ${nth(r)} (filter)`),
  'recordAcl rights[*].entities[*].entity': (r) => at('permissions', `record permission ${nth(r)} (entity)`),
  'fieldAcl rights[*].field': () => at('permissions', 'field permissions'),
  'fieldAcl rights[*].code': () => at('permissions', 'field permissions'),
  'fieldAcl rights[*].entities[*].entity': (r) =>
    at('permissions', `field permissions of ${text(r.item.field ?? r.item.code)} (entity)`),
  'notificationsGeneral notifications[*].entity': () =>
    at('notifications', 'general notifications (recipient)'),
  'notificationsPerRecord notifications[*].filterCond': (r) =>
    at('notifications', `record notification ${nth(r)} (filter)`),
  'notificationsPerRecord notifications[*].targets[*].entity': (r) =>
    at('notifications', `record notification ${nth(r)} (recipient)`),
  'notificationsReminder notifications[*].timing.code': (r) =>
    at('notifications', `reminder ${nth(r)} (timing)`),
  'notificationsReminder notifications[*].filterCond': (r) =>
    at('notifications', `reminder ${nth(r)} (filter)`),
  'notificationsReminder notifications[*].targets[*].entity': (r) =>
    at('notifications', `reminder ${nth(r)} (recipient)`),
  'reports reports.*.groups[*].code': (r) => at('reports', `report "${name(r)}" (group)`),
  'reports reports.*.aggregations[*].code': (r) =>
    at('reports', `report "${name(r)}" (${text(r.parent.type).toLowerCase()})`),
  'reports reports.*.filterCond': (r) => at('reports', `report "${name(r)}" (filter)`),
  'actions actions.*.mappings[*].srcField': (r) =>
    at('actions', `action "${name(r)}" (copied to ${text(r.parent.destField)})`),
  'actions actions.*.mappings[*].destField': (r) =>
    at(
      'actions',
      `action "${name(r)}" (receives ${r.parent.srcType === 'RECORD_URL' ? 'the record URL' : text(r.parent.srcField)})`,
    ),
  'actions actions.*.filterCond': (r) => at('actions', `action "${name(r)}" (filter)`),
  ...definitionWords('properties.*'),
  ...definitionWords('properties.*.fields.*'),
  ...referenceTableWords('properties.*'),
};

/**
 * A field definition's places. A formula is not listed: its tokenizer is the local service's
 * (emulator/formula), which usage/ may not import; where-used has never listed formulas.
 */
function definitionWords(item: string): Record<string, Words> {
  const lookup = (r: FieldReference, what: string) => at('lookups', `lookup ${definition(r)} (${what})`);
  return {
    [`fields ${item}.expression`]: () => null,
    [`fields ${item}.lookup.relatedKeyField`]: (r) => lookup(r, 'key'),
    [`fields ${item}.lookup.fieldMappings[*].field`]: (r) =>
      at('lookups', `filled by lookup ${definition(r)} from ${text(r.parent.relatedField)}`),
    [`fields ${item}.lookup.fieldMappings[*].relatedField`]: (r) =>
      lookup(r, `copied into ${text(r.parent.field)}`),
    [`fields ${item}.lookup.lookupPickerFields[*]`]: (r) => lookup(r, 'picker column'),
    [`fields ${item}.lookup.filterCond`]: (r) => lookup(r, 'filter'),
    [`fields ${item}.lookup.sort`]: (r) => lookup(r, 'sort'),
  };
}

/** A related-records table's places. */
function referenceTableWords(item: string): Record<string, Words> {
  const related = (r: FieldReference, what: string) => at('related records', `${definition(r)} (${what})`);
  return {
    [`fields ${item}.referenceTable.condition.field`]: (r) =>
      related(r, `matches ${text(r.parent.relatedField)}`),
    [`fields ${item}.referenceTable.condition.relatedField`]: (r) =>
      related(r, `matches ${text(r.parent.field)}`),
    [`fields ${item}.referenceTable.displayFields[*]`]: (r) => related(r, 'column'),
    [`fields ${item}.referenceTable.filterCond`]: (r) => related(r, 'filter'),
    [`fields ${item}.referenceTable.sort`]: (r) => related(r, 'sort'),
  };
}

/** The usage a reference is listed as; null for a place where-used does not list (formulas). */
export function placeUsage(ref: FieldReference): PlaceUsage | null {
  const id = `${ref.place.key} ${placePath(ref.place)}`;
  const words = WORDS[id];
  if (words === undefined) throw new TypeError(`where-used has no words for the field place ${id}`);
  return words(ref);
}
