/**
 * The field types of the service's form, and the groups of them that behave alike. Platform facts
 * (spec/platform-facts.md "Settings shapes"); this folder imports nothing.
 */

/** Fields every app has and the service keeps: only their label (and noLabel) can change. */
export type SystemFieldType =
  | 'RECORD_NUMBER'
  | 'CREATOR'
  | 'CREATED_TIME'
  | 'MODIFIER'
  | 'UPDATED_TIME'
  | 'STATUS'
  | 'STATUS_ASSIGNEE'
  | 'CATEGORY';

/** Fields that hold a value typed in (or computed, for CALC): the ones that take `required`. */
export type InputFieldType =
  | 'SINGLE_LINE_TEXT'
  | 'NUMBER'
  | 'CALC'
  | 'MULTI_LINE_TEXT'
  | 'RICH_TEXT'
  | 'LINK'
  | 'CHECK_BOX'
  | 'MULTI_SELECT'
  | 'RADIO_BUTTON'
  | 'DROP_DOWN'
  | 'DATE'
  | 'DATETIME'
  | 'TIME'
  | 'FILE'
  | 'USER_SELECT'
  | 'ORGANIZATION_SELECT'
  | 'GROUP_SELECT';

/** Every type a field of the form (GET fields) can have. LABEL, SPACER and HR live only in the layout. */
export type FieldType = InputFieldType | 'SUBTABLE' | 'REFERENCE_TABLE' | 'GROUP' | SystemFieldType;

export const SYSTEM_FIELD_TYPES: readonly SystemFieldType[] = [
  'RECORD_NUMBER',
  'CREATOR',
  'CREATED_TIME',
  'MODIFIER',
  'UPDATED_TIME',
  'STATUS',
  'STATUS_ASSIGNEE',
  'CATEGORY',
];

const INPUT_TYPES: readonly InputFieldType[] = [
  'SINGLE_LINE_TEXT',
  'NUMBER',
  'CALC',
  'MULTI_LINE_TEXT',
  'RICH_TEXT',
  'LINK',
  'CHECK_BOX',
  'MULTI_SELECT',
  'RADIO_BUTTON',
  'DROP_DOWN',
  'DATE',
  'DATETIME',
  'TIME',
  'FILE',
  'USER_SELECT',
  'ORGANIZATION_SELECT',
  'GROUP_SELECT',
];

/** Every field type, in the order the schema lists them: input fields, containers, system fields. */
export const FIELD_TYPES: readonly FieldType[] = [
  ...INPUT_TYPES,
  'SUBTABLE',
  'REFERENCE_TABLE',
  'GROUP',
  ...SYSTEM_FIELD_TYPES,
];

const SYSTEM_SET: ReadonlySet<string> = new Set(SYSTEM_FIELD_TYPES);

export function isSystemFieldType(type: string): type is SystemFieldType {
  return SYSTEM_SET.has(type);
}

/** Types that take `required` (CALC included: the service reports it, always false in practice). */
export const INPUT_FIELD_TYPES: ReadonlySet<FieldType> = new Set(INPUT_TYPES);

/** The only types that keep `unique` ("prohibit duplicate values"). */
export const UNIQUE_FIELD_TYPES: ReadonlySet<FieldType> = new Set<FieldType>([
  'SINGLE_LINE_TEXT',
  'NUMBER',
  'LINK',
  'DATE',
  'DATETIME',
]);

/**
 * Fields holding a date (or a date and time): what a calendar view, a reminder's timing or a
 * graph's per-period grouping can name. TIME is not one (a time of day has no date).
 */
export const DATE_FIELD_TYPES: ReadonlySet<FieldType> = new Set<FieldType>([
  'DATE',
  'DATETIME',
  'CREATED_TIME',
  'UPDATED_TIME',
]);

/**
 * Fields whose value is a list of users, organizations or groups picked by `code` (kintone REST
 * documentation, "Field Types": USER_SELECT, ORGANIZATION_SELECT, GROUP_SELECT).
 */
export const SELECTION_FIELD_TYPES: ReadonlySet<FieldType> = new Set<FieldType>([
  'USER_SELECT',
  'ORGANIZATION_SELECT',
  'GROUP_SELECT',
]);

/**
 * Fields holding users, organizations or groups: the selection fields, the creator and modifier,
 * and the process's assignees: what a `FIELD_ENTITY` may name. The kintone REST documentation
 * (field permissions: FIELD_ENTITY is "a field added from the form's fields") does not list the
 * types; this is the list validate and the local service held apart until now, kept in one place.
 */
export const ENTITY_FIELD_TYPES: ReadonlySet<FieldType> = new Set<FieldType>([
  ...SELECTION_FIELD_TYPES,
  'CREATOR',
  'MODIFIER',
  'STATUS_ASSIGNEE',
]);

/** Fields whose values are picked from `options`. */
export const CHOICE_FIELD_TYPES: ReadonlySet<FieldType> = new Set<FieldType>([
  'CHECK_BOX',
  'MULTI_SELECT',
  'RADIO_BUTTON',
  'DROP_DOWN',
]);

/** Types a subtable cannot hold: containers, and the system fields (a subtable holds input fields only). */
export const NOT_IN_SUBTABLE_TYPES: ReadonlySet<FieldType> = new Set<FieldType>([
  'SUBTABLE',
  'REFERENCE_TABLE',
  'GROUP',
  ...SYSTEM_FIELD_TYPES,
]);
