/**
 * Form field definitions, one interface per field type (platform-facts "Settings shapes").
 * Responses carry every property as the service sends it (numbers as strings); write requests
 * may leave out what they do not change.
 */
import type { SystemFieldType } from '../../platform/index.js';
import type { AppRef, Entity, FieldPair } from './common.js';

interface FieldBase<T extends string> {
  type: T;
  code: string;
  label: string;
  noLabel?: boolean;
}

interface InputField<T extends string> extends FieldBase<T> {
  required?: boolean;
}

export interface Lookup {
  relatedApp: AppRef;
  relatedKeyField: string;
  fieldMappings: FieldPair[];
  lookupPickerFields: string[];
  filterCond: string;
  sort: string;
}

export interface OptionItem {
  label: string;
  index: string;
}
export type Options = Record<string, OptionItem>;

export interface SingleLineTextField extends InputField<'SINGLE_LINE_TEXT'> {
  defaultValue?: string;
  unique?: boolean;
  minLength?: string;
  maxLength?: string;
  expression?: string;
  hideExpression?: boolean;
  lookup?: Lookup;
}

export interface NumberField extends InputField<'NUMBER'> {
  defaultValue?: string;
  unique?: boolean;
  minValue?: string;
  maxValue?: string;
  digit?: boolean;
  displayScale?: string;
  unit?: string;
  unitPosition?: 'BEFORE' | 'AFTER';
  lookup?: Lookup;
}

export interface CalcField extends InputField<'CALC'> {
  expression: string;
  format?: 'NUMBER' | 'NUMBER_DIGIT' | 'DATETIME' | 'DATE' | 'TIME' | 'HOUR_MINUTE' | 'DAY_HOUR_MINUTE';
  displayScale?: string;
  unit?: string;
  unitPosition?: 'BEFORE' | 'AFTER';
  hideExpression?: boolean;
}

export interface MultiLineTextField extends InputField<'MULTI_LINE_TEXT'> {
  defaultValue?: string;
}

export interface RichTextField extends InputField<'RICH_TEXT'> {
  defaultValue?: string;
}

export interface LinkField extends InputField<'LINK'> {
  defaultValue?: string;
  unique?: boolean;
  minLength?: string;
  maxLength?: string;
  protocol: 'WEB' | 'CALL' | 'MAIL';
}

export interface CheckBoxField extends InputField<'CHECK_BOX'> {
  options: Options;
  defaultValue?: string[];
  align?: 'HORIZONTAL' | 'VERTICAL';
}

export interface MultiSelectField extends InputField<'MULTI_SELECT'> {
  options: Options;
  defaultValue?: string[];
}

export interface RadioButtonField extends InputField<'RADIO_BUTTON'> {
  options: Options;
  defaultValue?: string;
  align?: 'HORIZONTAL' | 'VERTICAL';
}

export interface DropDownField extends InputField<'DROP_DOWN'> {
  options: Options;
  defaultValue?: string;
}

export interface DateField extends InputField<'DATE'> {
  defaultValue?: string;
  unique?: boolean;
  defaultNowValue?: boolean;
}

export interface DateTimeField extends InputField<'DATETIME'> {
  defaultValue?: string;
  unique?: boolean;
  defaultNowValue?: boolean;
}

export interface TimeField extends InputField<'TIME'> {
  defaultValue?: string;
  defaultNowValue?: boolean;
}

export interface FileField extends InputField<'FILE'> {
  thumbnailSize?: string;
}

/** A default entity of a selection field; `FUNCTION` covers `LOGINUSER()`-style defaults. */
export interface SelectionDefault {
  type: 'USER' | 'GROUP' | 'ORGANIZATION' | 'FUNCTION';
  code: string;
}

export interface UserSelectField extends InputField<'USER_SELECT'> {
  entities?: Entity[];
  defaultValue?: SelectionDefault[];
}

export interface OrganizationSelectField extends InputField<'ORGANIZATION_SELECT'> {
  entities?: Entity[];
  defaultValue?: SelectionDefault[];
}

export interface GroupSelectField extends InputField<'GROUP_SELECT'> {
  entities?: Entity[];
  defaultValue?: SelectionDefault[];
}

/** Field types that may sit inside a subtable. */
export type SubtableMemberField = Exclude<
  FieldProperty,
  SubtableField | ReferenceTableField | GroupField | SystemField
>;

export interface SubtableField extends FieldBase<'SUBTABLE'> {
  fields: Record<string, SubtableMemberField>;
}

export interface ReferenceTableField extends FieldBase<'REFERENCE_TABLE'> {
  referenceTable: {
    relatedApp: AppRef;
    condition: FieldPair;
    filterCond: string;
    displayFields: string[];
    sort: string;
    size: string;
  };
}

export interface GroupField extends FieldBase<'GROUP'> {
  openGroup?: boolean;
}

/** Fields every app has; only their label (and for some, noLabel) can be changed. A platform fact. */
export type { SystemFieldType };

export interface SystemField extends FieldBase<SystemFieldType> {
  /** `STATUS`, `STATUS_ASSIGNEE` and `CATEGORY` report whether the feature is on. */
  enabled?: boolean;
}

export type FieldProperty =
  | SingleLineTextField
  | NumberField
  | CalcField
  | MultiLineTextField
  | RichTextField
  | LinkField
  | CheckBoxField
  | MultiSelectField
  | RadioButtonField
  | DropDownField
  | DateField
  | DateTimeField
  | TimeField
  | FileField
  | UserSelectField
  | OrganizationSelectField
  | GroupSelectField
  | SubtableField
  | ReferenceTableField
  | GroupField
  | SystemField;

export type FieldType = FieldProperty['type'];

/** Field code to definition, as GET fields returns it and POST fields takes it. */
export type FieldProperties = Record<string, FieldProperty>;

/** A change to an existing field: its type, and the properties that change. */
export type FieldPropertyUpdate = {
  [T in FieldType]: { type: T } & Partial<Omit<Extract<FieldProperty, { type: T }>, 'type'>>;
}[FieldType];
