import {
  DATE_FIELD_TYPES,
  ENTITY_FIELD_TYPES,
  FIELD_TYPES,
  INPUT_FIELD_TYPES,
  isSystemFieldType,
  type FieldType,
} from '../../platform/index.js';

/** Groups of field types that the checks ask for, named for what they are used as. */
export const DATE_TYPES: readonly FieldType[] = [...DATE_FIELD_TYPES];
export const NUMERIC_TYPES: readonly FieldType[] = ['NUMBER', 'CALC'];
/** What FIELD_ENTITY may name: a field holding users, organizations or groups. */
export const ENTITY_TYPES: readonly FieldType[] = [...ENTITY_FIELD_TYPES];
/** Fields that hold a value (not GROUP, SUBTABLE or REFERENCE_TABLE): input and system fields. */
export const VALUE_TYPES: readonly FieldType[] = FIELD_TYPES.filter(
  (t) => INPUT_FIELD_TYPES.has(t) || isSystemFieldType(t),
);
/** What a lookup can key on. */
export const LOOKUP_KEY_TYPES: readonly FieldType[] = [
  'SINGLE_LINE_TEXT',
  'NUMBER',
  'CALC',
  'RECORD_NUMBER',
  'LINK',
];
/** What a graph can group by. */
export const GROUPABLE_TYPES: readonly FieldType[] = VALUE_TYPES.filter(
  (t) => !['MULTI_LINE_TEXT', 'RICH_TEXT', 'FILE'].includes(t),
);
/** Types whose groups may be split per period. */
export const PERIOD_TYPES: readonly FieldType[] = [...DATE_TYPES, 'TIME'];

/** A rule for one field reference: what it is used as, and which fields fit. */
export interface FieldRule {
  /** What the reference is, for messages: "a calendar date", "a list column". */
  what: string;
  types?: readonly FieldType[];
  /** Subtable columns are refused unless allowed. */
  allowSubtable?: boolean;
}

/**
 * Why `unique` is refused on other types: the hosted platform takes it on a write and silently
 * drops it there (platform-facts-verified), so the plan would show it as a change forever.
 */
export const UNIQUE_HINT =
  'The service keeps unique only on SINGLE_LINE_TEXT, NUMBER, LINK, DATE and DATETIME and silently drops it on other types; remove it.';
