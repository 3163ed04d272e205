/**
 * Field definitions as a manifest writes them (schema/app.schema.json): the service's shapes
 * without `code` (the key under `fields` is the code); numbers may be written as numbers or strings.
 */
import type { Entity } from '../client/types/common.js';
import { SYSTEM_FIELD_TYPES, type FieldType, type SystemFieldType } from '../platform/index.js';
import type { MigrateOptions } from '../platform/conversions.js';

export type { FieldType, SystemFieldType };
export { SYSTEM_FIELD_TYPES };

/** A whole number or decimal as the manifest may write it; the service sends strings. */
export type Numeric = number | string;

/** Another app: its key in appdeploy.yaml or numeric id (`app`), or its app code (`code`). */
export type AppReference = { app: string | number } | { code: string };

export interface FieldPairRef {
  field: string;
  relatedField: string;
}

export interface LookupSetting {
  relatedApp: AppReference;
  relatedKeyField: string;
  fieldMappings?: FieldPairRef[];
  lookupPickerFields?: string[];
  filterCond?: string;
  sort?: string;
}

export type OptionsSetting = Record<string, { label: string; index?: Numeric }>;

interface Base<T extends string> {
  type: T;
  label: string;
  noLabel?: boolean;
  /** The code before a rename: apply changes the code in place and the records keep their values. */
  renamedFrom?: string;
  /**
   * How the values are kept when the type changes or the field moves into or out of a table
   * (docs/migrations.md); `false` replaces the field and loses its values. Harmless otherwise.
   */
  migrate?: false | MigrateOptions;
}

interface Input<T extends string> extends Base<T> {
  required?: boolean;
}

export interface SingleLineTextManifest extends Input<'SINGLE_LINE_TEXT'> {
  unique?: boolean;
  defaultValue?: string;
  minLength?: Numeric;
  maxLength?: Numeric;
  expression?: string;
  hideExpression?: boolean;
  lookup?: LookupSetting;
}

export interface NumberManifest extends Input<'NUMBER'> {
  unique?: boolean;
  defaultValue?: Numeric;
  minValue?: Numeric;
  maxValue?: Numeric;
  digit?: boolean;
  displayScale?: Numeric;
  unit?: string;
  unitPosition?: 'BEFORE' | 'AFTER';
  lookup?: LookupSetting;
}

export interface CalcManifest extends Input<'CALC'> {
  expression: string;
  format?: 'NUMBER' | 'NUMBER_DIGIT' | 'DATETIME' | 'DATE' | 'TIME' | 'HOUR_MINUTE' | 'DAY_HOUR_MINUTE';
  displayScale?: Numeric;
  unit?: string;
  unitPosition?: 'BEFORE' | 'AFTER';
  hideExpression?: boolean;
}

export interface TextAreaManifest extends Input<'MULTI_LINE_TEXT' | 'RICH_TEXT'> {
  defaultValue?: string;
}

export interface LinkManifest extends Input<'LINK'> {
  unique?: boolean;
  defaultValue?: string;
  minLength?: Numeric;
  maxLength?: Numeric;
  protocol?: 'WEB' | 'CALL' | 'MAIL';
}

interface Choice<T extends string, D> extends Input<T> {
  options: OptionsSetting;
  defaultValue?: D;
}

/** Only CHECK_BOX and RADIO_BUTTON lay their options out (`align`); the list types do not. */
interface Aligned {
  align?: 'HORIZONTAL' | 'VERTICAL';
}

export type MultiChoiceManifest =
  (Choice<'CHECK_BOX', string[]> & Aligned) | Choice<'MULTI_SELECT', string[]>;

export type SingleChoiceManifest = (Choice<'RADIO_BUTTON', string> & Aligned) | Choice<'DROP_DOWN', string>;

export interface DateManifest extends Input<'DATE' | 'DATETIME'> {
  unique?: boolean;
  defaultValue?: string;
  defaultNowValue?: boolean;
}

export interface TimeManifest extends Input<'TIME'> {
  defaultValue?: string;
  defaultNowValue?: boolean;
}

export interface FileManifest extends Input<'FILE'> {
  thumbnailSize?: Numeric;
}

export interface SelectionManifest extends Input<'USER_SELECT' | 'ORGANIZATION_SELECT' | 'GROUP_SELECT'> {
  entities?: Entity[];
  defaultValue?: { type: 'USER' | 'GROUP' | 'ORGANIZATION' | 'FUNCTION'; code: string }[];
}

export type MemberFieldManifest =
  | SingleLineTextManifest
  | NumberManifest
  | CalcManifest
  | TextAreaManifest
  | LinkManifest
  | MultiChoiceManifest
  | SingleChoiceManifest
  | DateManifest
  | TimeManifest
  | FileManifest
  | SelectionManifest;

export interface SubtableManifest extends Base<'SUBTABLE'> {
  fields: Record<string, MemberFieldManifest>;
}

export interface ReferenceTableManifest extends Base<'REFERENCE_TABLE'> {
  referenceTable: {
    relatedApp: AppReference;
    condition: FieldPairRef;
    filterCond?: string;
    displayFields: string[];
    sort?: string;
    size?: Numeric;
  };
}

export interface GroupManifest extends Base<'GROUP'> {
  openGroup?: boolean;
}

export type SystemFieldManifest = Base<SystemFieldType>;

export type FieldManifest =
  MemberFieldManifest | SubtableManifest | ReferenceTableManifest | GroupManifest | SystemFieldManifest;
