/**
 * The value of each field type as records carry it, as TypeScript type text. Evidence: the
 * platform's record shapes (spec/platform-facts.md "Records, cursors, bulk"), which the official
 * client's `KintoneRecordField` types (@kintone/rest-api-client lib/src/KintoneFields/types/field.d.ts)
 * agree with: so each generated field is assignable to the client's type of the same name.
 */
import type { FieldType } from '../platform/index.js';

/** What a field's value may be narrowed to: its options (choice fields) or the process statuses. */
export interface Narrowing {
  /** A reference to the union of the allowed strings (`Options['stage']`, `Status`); absent: any string. */
  choices?: string;
}

const ENTITY = '{ code: string; name: string }';
const FILE = '{ contentType: string; fileKey: string; name: string; size: string }';

/** A value's type text, given the union a choice field's value is narrowed to (or `string`). */
type Shape = (choice: string) => string | null;
const fixed =
  (text: string | null): Shape =>
  () =>
    text;

/** Every type, so that a new one fails to compile until its values are said. */
const READ: Record<FieldType, Shape> = {
  SINGLE_LINE_TEXT: fixed('string'),
  MULTI_LINE_TEXT: fixed('string'),
  RICH_TEXT: fixed('string'),
  NUMBER: fixed('string'),
  CALC: fixed('string'),
  LINK: fixed('string'),
  DATETIME: fixed('string'),
  RECORD_NUMBER: fixed('string'),
  CREATED_TIME: fixed('string'),
  UPDATED_TIME: fixed('string'),
  // A radio button always holds one of its options (platform-facts: string, never null).
  RADIO_BUTTON: (choice) => choice,
  STATUS: (choice) => choice,
  // DROP_DOWN, DATE and TIME: string or null (platform-facts; client's Dropdown, Date, Time).
  DROP_DOWN: (choice) => `${choice} | null`,
  DATE: fixed('string | null'),
  TIME: fixed('string | null'),
  CHECK_BOX: (choice) => `${choice}[]`,
  MULTI_SELECT: (choice) => `${choice}[]`,
  CATEGORY: fixed('string[]'),
  CREATOR: fixed(ENTITY),
  MODIFIER: fixed(ENTITY),
  USER_SELECT: fixed(`${ENTITY}[]`),
  ORGANIZATION_SELECT: fixed(`${ENTITY}[]`),
  GROUP_SELECT: fixed(`${ENTITY}[]`),
  STATUS_ASSIGNEE: fixed(`${ENTITY}[]`),
  FILE: fixed(`${FILE}[]`),
  // Subtables are written by the module (their rows name their columns).
  SUBTABLE: fixed(null),
  // Decorations and related-records tables hold no value ("Field Types" of the kintone REST
  // documentation: their values cannot be read, added or updated).
  GROUP: fixed(null),
  REFERENCE_TABLE: fixed(null),
};

/**
 * Users, groups and departments are given by `code`, files by the `fileKey` of an upload
 * (platform-facts; spec "Record").
 */
const WRITE: Record<FieldType, Shape> = {
  SINGLE_LINE_TEXT: fixed('string'),
  MULTI_LINE_TEXT: fixed('string'),
  RICH_TEXT: fixed('string'),
  LINK: fixed('string'),
  // The platform takes a number as text or as a JSON number.
  NUMBER: fixed('string | number'),
  DATE: fixed('string | null'),
  TIME: fixed('string | null'),
  DATETIME: fixed('string | null'),
  RADIO_BUTTON: (choice) => choice,
  DROP_DOWN: (choice) => `${choice} | null`,
  CHECK_BOX: (choice) => `${choice}[]`,
  MULTI_SELECT: (choice) => `${choice}[]`,
  USER_SELECT: fixed('{ code: string }[]'),
  ORGANIZATION_SELECT: fixed('{ code: string }[]'),
  GROUP_SELECT: fixed('{ code: string }[]'),
  FILE: fixed('{ fileKey: string }[]'),
  // Creator, modifier and both times: on add only (ADD_ONLY below); an update ignores them.
  CREATOR: fixed(null),
  MODIFIER: fixed(null),
  CREATED_TIME: fixed(null),
  UPDATED_TIME: fixed(null),
  // Computed or kept by the service: a write cannot set them (the record number, calculated
  // fields; the status and assignees change only through process actions, spec "Process").
  CALC: fixed(null),
  RECORD_NUMBER: fixed(null),
  STATUS: fixed(null),
  STATUS_ASSIGNEE: fixed(null),
  CATEGORY: fixed(null),
  SUBTABLE: fixed(null),
  GROUP: fixed(null),
  REFERENCE_TABLE: fixed(null),
};

/**
 * Creator, modifier and both times may be given on add, by an app administrator (kintone REST
 * documentation, "Add Record": 作成者, 更新者, 作成日時, 更新日時 need app management rights);
 * "Update Record" names no such values, and an update keeps the service's own (the local service:
 * records/given-stamp.ts takes them on add only).
 */
const ADD_ONLY: Partial<Record<FieldType, string>> = {
  CREATOR: '{ code: string }',
  MODIFIER: '{ code: string }',
  CREATED_TIME: 'string',
  UPDATED_TIME: 'string',
};

/** The value an add takes for a field an update cannot set; null for every other field. */
export function addOnlyValue(type: FieldType): string | null {
  return ADD_ONLY[type] ?? null;
}

/** The value a read returns; null for types whose records carry no value (GROUP, REFERENCE_TABLE). */
export function readValue(type: FieldType, narrowing: Narrowing = {}): string | null {
  return READ[type](narrowing.choices ?? 'string');
}

/** The value an add and an update both take; null for fields one of them cannot set. */
export function writeValue(type: FieldType, narrowing: Narrowing = {}): string | null {
  return WRITE[type](narrowing.choices ?? 'string');
}
