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

/** The value a read returns; null for types whose records carry no value (GROUP, REFERENCE_TABLE). */
export function readValue(type: FieldType, narrowing: Narrowing = {}): string | null {
  const choice = narrowing.choices ?? 'string';
  switch (type) {
    case 'SINGLE_LINE_TEXT':
    case 'MULTI_LINE_TEXT':
    case 'RICH_TEXT':
    case 'NUMBER':
    case 'CALC':
    case 'LINK':
    case 'DATETIME':
    case 'RECORD_NUMBER':
    case 'CREATED_TIME':
    case 'UPDATED_TIME':
      return 'string';
    // A radio button always holds one of its options (platform-facts: string, never null).
    case 'RADIO_BUTTON':
    case 'STATUS':
      return choice;
    // DROP_DOWN, DATE and TIME: string or null (platform-facts; client's Dropdown, Date, Time).
    case 'DROP_DOWN':
      return `${choice} | null`;
    case 'DATE':
    case 'TIME':
      return 'string | null';
    case 'CHECK_BOX':
    case 'MULTI_SELECT':
      return `${choice}[]`;
    case 'CATEGORY':
      return 'string[]';
    case 'CREATOR':
    case 'MODIFIER':
      return ENTITY;
    case 'USER_SELECT':
    case 'ORGANIZATION_SELECT':
    case 'GROUP_SELECT':
    case 'STATUS_ASSIGNEE':
      return `${ENTITY}[]`;
    case 'FILE':
      return `${FILE}[]`;
    // Subtables are written by the module (their rows name their columns).
    case 'SUBTABLE':
      return null;
    // Decorations and related-records tables hold no value ("Field Types" of the kintone REST
    // documentation: their values cannot be read, added or updated).
    case 'GROUP':
    case 'REFERENCE_TABLE':
      return null;
  }
}

/**
 * The value a write takes; null for fields a write cannot set. Users, groups and departments are
 * given by `code`, files by the `fileKey` of an upload (platform-facts; spec "Record").
 */
export function writeValue(type: FieldType, narrowing: Narrowing = {}): string | null {
  const choice = narrowing.choices ?? 'string';
  switch (type) {
    case 'SINGLE_LINE_TEXT':
    case 'MULTI_LINE_TEXT':
    case 'RICH_TEXT':
    case 'LINK':
      return 'string';
    // The platform takes a number as text or as a JSON number.
    case 'NUMBER':
      return 'string | number';
    case 'DATE':
    case 'TIME':
    case 'DATETIME':
      return 'string | null';
    case 'RADIO_BUTTON':
      return choice;
    case 'DROP_DOWN':
      return `${choice} | null`;
    case 'CHECK_BOX':
    case 'MULTI_SELECT':
      return `${choice}[]`;
    case 'USER_SELECT':
    case 'ORGANIZATION_SELECT':
    case 'GROUP_SELECT':
      return '{ code: string }[]';
    case 'FILE':
      return '{ fileKey: string }[]';
    // Creator, modifier and both times may be given on add, by an app administrator (kintone REST
    // documentation, "Add Record": 作成者, 更新者, 作成日時, 更新日時 need app management rights).
    case 'CREATOR':
    case 'MODIFIER':
      return '{ code: string }';
    case 'CREATED_TIME':
    case 'UPDATED_TIME':
      return 'string';
    // Computed or kept by the service: a write cannot set them (the record number, calculated
    // fields; the status and assignees change only through process actions, spec "Process").
    case 'CALC':
    case 'RECORD_NUMBER':
    case 'STATUS':
    case 'STATUS_ASSIGNEE':
    case 'CATEGORY':
    case 'SUBTABLE':
    case 'GROUP':
    case 'REFERENCE_TABLE':
      return null;
  }
}
