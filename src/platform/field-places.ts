/**
 * Every place inside an app's settings that names a field, once: per settings endpoint (its key
 * in settings-catalogue.ts), the path from the endpoint's body (as the REST API shapes it, the GET
 * answer minus `revision`) to the value that names the field, what kind of value that is, and
 * which field types the place takes. The local service's rename walker, where-used, validate's
 * field checks and the local service's field checks read it (field-place-walk.ts walks it); the
 * same question for users and groups is project/principal-maps.ts.
 *
 * Paths: `a.b` a key, `*` every entry of a map (views by name), `[*]` every item of a list. An
 * `item` is the part of a path whose entries a reader goes through one by one (a view, a rule):
 * references are listed item by item, each item's places in the order below.
 *
 * Evidence: the official client's types, node_modules/@kintone/rest-api-client/lib/src/client/
 * types/app/ (setting.d.ts, form.d.ts and the form's field types, view.d.ts, processManagement.d.ts,
 * right.d.ts, notification.d.ts, report.d.ts, action.d.ts), cited per entry. The field types a
 * place takes are not in those types (they say `code: string`); where the REST documentation or
 * the help says, the entry cites it; elsewhere the types are the ones validate has always asked
 * for, and the entry says the evidence is silent.
 */
import {
  DATE_FIELD_TYPES,
  ENTITY_FIELD_TYPES,
  FIELD_TYPES,
  INPUT_FIELD_TYPES,
  isSystemFieldType,
  type FieldType,
} from './field-types.js';
import type { SettingsKey } from './settings-catalogue.js';
import { LOOKUP_COPY_TARGET_TYPES } from './lookup-copies.js';
import { LIST_COLUMN_FIELD_TYPES } from './view-rules.js';

/**
 * What the value at a place is:
 * - `code`: a field code;
 * - `entity`: an entity `{type, code}`, naming a field only when its type is FIELD_ENTITY (a field
 *   holding users, groups or organizations: the people in it are meant);
 * - `filter`, `sort`: a query string (a `filterCond`, a `sort` clause) the query parser reads;
 * - `formula`: a calculated field's expression.
 */
export type FieldPlaceKind = 'code' | 'entity' | 'filter' | 'sort' | 'formula';

export interface FieldPlace {
  readonly key: SettingsKey;
  /** The path, from the endpoint's body, to each item the place is part of (`views.*`). */
  readonly item: string;
  /** From the item to the value (`fields[*]`); '' when the item is the value. */
  readonly at: string;
  readonly kind: FieldPlaceKind;
  /** The field types the place takes; undefined: any field of the app. */
  readonly types?: readonly FieldType[];
  /** Whether a subtable's column is taken (else only a field outside every subtable). */
  readonly subtableColumns: boolean;
  /**
   * The field is another app's: the path, from the item, of the reference to that app
   * (`lookup.relatedApp`, `destApp`). Undefined: a field of this app.
   */
  readonly otherApp?: string;
  /** What the place is, for messages: `a list column`. */
  readonly what: string;
}

/** Fields that hold a value (not GROUP, SUBTABLE or REFERENCE_TABLE): input and system fields. */
export const VALUE_FIELD_TYPES: readonly FieldType[] = FIELD_TYPES.filter(
  (t) => INPUT_FIELD_TYPES.has(t) || isSystemFieldType(t),
);
/** What a field permission may name: a value field, or a table as a whole. */
const FIELD_RIGHT_TYPES: readonly FieldType[] = [...VALUE_FIELD_TYPES, 'SUBTABLE'];
/** What a FIELD_ENTITY may name: a field holding users, organizations or groups. */
const PEOPLE_FIELDS: readonly FieldType[] = [...ENTITY_FIELD_TYPES];
const DATES: readonly FieldType[] = [...DATE_FIELD_TYPES];
export const NUMERIC_FIELD_TYPES: readonly FieldType[] = ['NUMBER', 'CALC'];
/** What a graph can group by: a value field but long text and files. */
export const GROUPABLE_FIELD_TYPES: readonly FieldType[] = VALUE_FIELD_TYPES.filter(
  (t) => !['MULTI_LINE_TEXT', 'RICH_TEXT', 'FILE'].includes(t),
);
/** What a lookup can key on. */
export const LOOKUP_KEY_FIELD_TYPES: readonly FieldType[] = [
  'SINGLE_LINE_TEXT',
  'NUMBER',
  'CALC',
  'RECORD_NUMBER',
  'LINK',
];
/** What a MAX or MIN aggregation takes (a SUM or an AVERAGE only the numeric ones). */
export const AGGREGATED_FIELD_TYPES: readonly FieldType[] = [...NUMERIC_FIELD_TYPES, ...DATES, 'TIME'];

type Options = Partial<Pick<FieldPlace, 'types' | 'subtableColumns' | 'otherApp'>>;

function place(
  key: SettingsKey,
  item: string,
  at: string,
  kind: FieldPlaceKind,
  what: string,
  options: Options = {},
): FieldPlace {
  return { key, item, at, kind, what, subtableColumns: false, ...options };
}

/**
 * A `filterCond` and, with `sort`, a `sort` over the records of this app (or of `otherApp`'s), at
 * `under` in the item ('' : the item's own).
 */
function queries(
  key: SettingsKey,
  item: string,
  what: string,
  options: Options = {},
  under = '',
  sort = false,
) {
  const at = (name: string) => (under === '' ? name : `${under}.${name}`);
  const filter = place(key, item, at('filterCond'), 'filter', `${what} filter`, options);
  return sort ? [filter, place(key, item, at('sort'), 'sort', `${what} sort`, options)] : [filter];
}

/**
 * A field definition's places (form.d.ts and the field types' `lookup`, `referenceTable`,
 * `expression`), for a field of the form (`properties.*`) and a subtable's column
 * (`properties.*.fields.*`), whose lookup copies only into columns of its own table. The types
 * are validate's rules (a lookup keys on text, numbers, the record number or a link; copies and
 * conditions name value fields); the client's types say `string`. A copy's destinations are the
 * ones kintone's help lists (lookup-copies.ts); elsewhere the documentation is silent.
 */
function definitionPlaces(item: string, column: boolean): FieldPlace[] {
  const lookup = { otherApp: 'lookup.relatedApp' };
  return [
    // CALC's `expression` (and an auto-calculated text's): the formula names fields by code.
    place('fields', item, 'expression', 'formula', 'a formula'),
    place('fields', item, 'lookup.relatedKeyField', 'code', 'a lookup key', {
      ...lookup,
      types: LOOKUP_KEY_FIELD_TYPES,
    }),
    // The destinations kintone's help lists (lookup-copies.ts, with its evidence).
    place('fields', item, 'lookup.fieldMappings[*].field', 'code', 'a lookup copy target', {
      types: LOOKUP_COPY_TARGET_TYPES,
      subtableColumns: column,
    }),
    valueField(item, 'lookup.fieldMappings[*].relatedField', 'a lookup copy source', lookup),
    valueField(item, 'lookup.lookupPickerFields[*]', 'a picker column', lookup),
    ...queries('fields', item, 'a lookup', lookup, 'lookup', true),
    // A related-records table is never a subtable's column (NOT_IN_SUBTABLE_TYPES).
    ...(column ? [] : referenceTablePlaces(item)),
  ];
}

/** A related-records table's places (its own field, and the related app's). */
function referenceTablePlaces(item: string): FieldPlace[] {
  const related = { otherApp: 'referenceTable.relatedApp' };
  const what = 'a reference table condition';
  return [
    valueField(item, 'referenceTable.condition.field', what),
    valueField(item, 'referenceTable.condition.relatedField', what, related),
    valueField(item, 'referenceTable.displayFields[*]', 'a reference table column', {
      ...related,
      subtableColumns: true,
    }),
    ...queries('fields', item, 'a reference table', related, 'referenceTable', true),
  ];
}

/** A field definition's place naming a field that holds a value. */
const valueField = (item: string, at: string, what: string, options: Options = {}) =>
  place('fields', item, at, 'code', what, { types: VALUE_FIELD_TYPES, ...options });

/** Entities that name a field when FIELD_ENTITY (ENTITY_TYPES_BY_AREA in entity-types.ts). */
const entity = (key: SettingsKey, item: string, at: string, what: string) =>
  place(key, item, at, 'entity', what, { types: PEOPLE_FIELDS });

export const FIELD_PLACES: readonly FieldPlace[] = [
  // setting.d.ts: `titleField: {selectionMode: "MANUAL", code: string}`. Value fields only:
  // validate's rule; the documentation and the client's types are silent on the types.
  place('general', 'titleField', 'code', 'code', 'the title field', { types: VALUE_FIELD_TYPES }),
  ...definitionPlaces('properties.*', false),
  ...definitionPlaces('properties.*.fields.*', true),
  // form.d.ts (layout): a SUBTABLE or GROUP block names its field; a ROW's (and a subtable's)
  // elements other than LABEL, SPACER and HR name theirs; a GROUP's rows hold elements too.
  place('layout', 'layout[*]', 'code', 'code', 'a layout block', { types: ['SUBTABLE', 'GROUP'] }),
  place('layout', 'layout[*]', 'fields[*].code', 'code', 'a layout element', { subtableColumns: true }),
  place('layout', 'layout[*]', 'layout[*].fields[*].code', 'code', 'a layout element'),
  // view.d.ts: LIST `fields: string[]`, CALENDAR `date` and `title`, every view `filterCond`
  // and `sort`. The columns' types: view-rules.ts, with its evidence; a calendar's date is a
  // date (its title a value field: validate's rule, the evidence is silent).
  place('views', 'views.*', 'fields[*]', 'code', 'a list column', {
    types: LIST_COLUMN_FIELD_TYPES,
    subtableColumns: true,
  }),
  place('views', 'views.*', 'date', 'code', 'a calendar date', { types: DATES }),
  place('views', 'views.*', 'title', 'code', 'a calendar title', { types: VALUE_FIELD_TYPES }),
  ...queries('views', 'views.*', 'a view', {}, '', true),
  // processManagement.d.ts: assignees' and executors' entities (FIELD_ENTITY among their types),
  // an action's `filterCond`.
  entity('process', 'states.*', 'assignee.entities[*].entity', 'an assignee'),
  ...queries('process', 'actions[*]', 'an action'),
  entity('process', 'actions[*]', 'executableUser.entities[*].entity', 'who may run an action'),
  // right.d.ts: app rights take no FIELD_ENTITY (CREATOR is theirs); record rights a filter and
  // entities; field rights name their field (`code`; the spec's dialect and manifests say
  // `field`, the local service keeps `field`: both names are listed, a body has one). A value
  // field or a whole table, never one of its columns: the platform's field permission screen sets
  // a table's rights as one (kintone Help, "Configuring field permissions"; not in the stored
  // documentation, so recalled, not cited), and the local service applies a table's rights to its
  // cells (test/emulator/files/files-access.test.ts). Validate refused a table until the two
  // sides were made one rule here; the platform's answer decided it.
  ...queries('recordAcl', 'rights[*]', 'a record permission'),
  entity('recordAcl', 'rights[*]', 'entities[*].entity', 'a record permission'),
  place('fieldAcl', 'rights[*]', 'field', 'code', 'a field permission', { types: FIELD_RIGHT_TYPES }),
  place('fieldAcl', 'rights[*]', 'code', 'code', 'a field permission', { types: FIELD_RIGHT_TYPES }),
  entity('fieldAcl', 'rights[*]', 'entities[*].entity', 'a field permission'),
  // notification.d.ts: general rules' entity; per-record and reminder rules' filter and
  // targets; a reminder's timing field: cybozu.dev, "Update Reminder Notification Settings"
  // (update-reminder-notification-settings), `notifications[].timing.code`: the code of a created
  // datetime, updated datetime, date-time or date field.
  entity('notificationsGeneral', 'notifications[*]', 'entity', 'a notification recipient'),
  ...queries('notificationsPerRecord', 'notifications[*]', 'a notification'),
  entity('notificationsPerRecord', 'notifications[*]', 'targets[*].entity', 'a notification recipient'),
  place('notificationsReminder', 'notifications[*]', 'timing.code', 'code', 'a reminder date', {
    types: DATES,
  }),
  ...queries('notificationsReminder', 'notifications[*]', 'a reminder'),
  entity('notificationsReminder', 'notifications[*]', 'targets[*].entity', 'a reminder recipient'),
  // report.d.ts: `groups[*].code`, `aggregations[*].code` (not for COUNT), `filterCond`. The
  // types each takes are not in the types or the REST documentation; they are validate's.
  place('reports', 'reports.*', 'groups[*].code', 'code', 'a graph group', { types: GROUPABLE_FIELD_TYPES }),
  place('reports', 'reports.*', 'aggregations[*].code', 'code', 'an aggregation', {
    types: AGGREGATED_FIELD_TYPES,
  }),
  ...queries('reports', 'reports.*', 'a graph'),
  // action.d.ts: a mapping copies `srcField` (srcType FIELD) of this app into `destField` of
  // `destApp`; `filterCond` says which records show the action. Value fields on both sides:
  // validate's rule, the evidence is silent.
  place('actions', 'actions.*', 'mappings[*].srcField', 'code', 'a copy source', {
    types: VALUE_FIELD_TYPES,
  }),
  place('actions', 'actions.*', 'mappings[*].destField', 'code', 'a copy destination', {
    types: VALUE_FIELD_TYPES,
    otherApp: 'destApp',
  }),
  ...queries('actions', 'actions.*', 'an action'),
];

/** The full path of a place, from the endpoint's body: `views.*.fields[*]`. */
export function placePath(p: Pick<FieldPlace, 'item' | 'at'>): string {
  return p.at === '' ? p.item : `${p.item}.${p.at}`;
}

/** The place of `key` at `path` (a full path as placePath writes it); throws when there is none. */
export function fieldPlace(key: SettingsKey, path: string): FieldPlace {
  const found = FIELD_PLACES.find((p) => p.key === key && placePath(p) === path);
  if (found === undefined) throw new TypeError(`no field place ${key} ${path}`);
  return found;
}
