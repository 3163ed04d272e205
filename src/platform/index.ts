/**
 * The platform's facts as data: field types, system fields and the codes a new app gives them,
 * the properties each type keeps, what the service fills in and sends as strings. The emulator,
 * project/ and areas/ read them here; this folder imports nothing from the rest of src/.
 */
export type { FieldType, SystemFieldType } from './field-types.js';
export { AUTH_HEADER_NAMES, type Dialect } from './auth-headers.js';
export {
  FIELD_TYPES,
  SYSTEM_FIELD_TYPES,
  isSystemFieldType,
  UNIQUE_FIELD_TYPES,
  DATE_FIELD_TYPES,
  CHOICE_FIELD_TYPES,
  ENTITY_FIELD_TYPES,
  SELECTION_FIELD_TYPES,
  NOT_IN_SUBTABLE_TYPES,
  INPUT_FIELD_TYPES,
} from './field-types.js';
export type { Locale } from './system-fields.js';
export { SYSTEM_FIELD_CODES, SYSTEM_FIELD_LABELS } from './system-fields.js';
export { FIELD_PROPERTIES, NUMERIC_STRING_PROPERTIES } from './field-properties.js';
export { newFieldDefaults } from './field-defaults.js';
export { NEW_APP_GENERAL_SETTINGS } from './new-app.js';
export { inIndexOrder } from './index-order.js';
export {
  PLAIN_VALUES,
  plainToWrite,
  plainRecordToWrite,
  fieldContext,
  readToPlain,
  isEmpty,
  type PlainShape,
  type PlainForm,
  type PlainFile,
  type WriteValue,
  type ReadValue,
  type ToPlain,
  type PlainField,
  type PlainContext,
  type RecordWrite,
  type WriteRow,
} from './record-values.js';
export { NEW_APP_PROCESS, type PresetProcess } from './new-process.js';
export { APP_RIGHT_FLAGS, RECORD_RIGHT_FLAGS, everyoneLast, rightsWithoutView } from './acl-rights.js';
export {
  REMINDER_DAYS_LATER,
  REMINDER_HOURS_LATER,
  reminderOffsetInRange,
  timeOnTenMinutes,
  type ReminderRange,
} from './reminder-timing.js';
export { layoutSizeKeys } from './layout-sizes.js';
export { BLOCK_FIELD_TYPES, UNSHOWN_FIELD_TYPES, rowElementRefusal } from './layout-rows.js';
export { ENTITY_TYPES, ENTITY_TYPES_BY_AREA, type EntityArea, type EntityType } from './entity-types.js';
export {
  FIRST_STATUS_ASSIGNEE_TYPE,
  firstStatusBreaches,
  firstStatusName,
  type AssigneeAsWritten,
  type FirstStatusBreach,
  type RankedStatus,
} from './first-status.js';
export { textLength, TEXT_LIMITS } from './text-length.js';
export { FIELD_CODE_PATTERN, fieldCodeProblem } from './field-code.js';
export { outsideLengthBounds, tighterLengthBounds, type LengthBounds } from './length-bounds.js';
export { LIST_COLUMN_FIELD_TYPES, repeatedViewIndexes, type RepeatedViewIndex } from './view-rules.js';
export { minGroups, repeatedReportIndexes } from './report-rules.js';
export { LOOKUP_FIELD_KEYS } from './lookup-field.js';
export {
  LOOKUP_COPY_TARGET_TYPES,
  copiedTwiceRefusal,
  lookupCopyPairs,
  lookupCopyRefusal,
} from './lookup-copies.js';
export { FIXED_SYSTEM_FIELD_TYPES } from './fixed-fields.js';
export {
  API_ROOT,
  SETTINGS_CATALOGUE,
  draftEndpoint,
  draftPath,
  livePath,
  settingsEndpoint,
  settingsCatalogue,
  settingsEndpointAt,
  settingsPaths,
  tokenRefusedCalls,
  type SettingsEndpoint,
  type SettingsCatalogue,
  type SettingsKey,
  type TokenCalls,
} from './settings-catalogue.js';
export {
  TOKEN_REFUSED_CALLS,
  callText,
  refusesToken,
  tokenRefusedCall,
  type TokenRefusedCall,
} from './token-calls.js';
export {
  APPS_PER_DEPLOY,
  APPS_PER_LIST,
  CALLS_PER_BULK_REQUEST,
  PLUGINS_PER_LIST,
  RECORDS_PER_READ,
  RECORDS_PER_WRITE,
  REQUESTS_PER_APP_PER_DAY,
} from './limits.js';
export {
  CONVERSIONS,
  blockedPairs,
  checkDefault,
  conversionFor,
  conversionHint,
  DEFAULT_JOIN,
  emptyOf,
  isEmptyValue,
  type Conversion,
  type ConversionHint,
  type ConvertContext,
  type Converted,
  type FieldDefinition,
  type MigrateOptions,
  type NumberPrecision,
} from './conversions.js';
export {
  AGGREGATED_FIELD_TYPES,
  FIELD_PLACES,
  GROUPABLE_FIELD_TYPES,
  LOOKUP_KEY_FIELD_TYPES,
  NUMERIC_FIELD_TYPES,
  VALUE_FIELD_TYPES,
  fieldPlace,
  placePath,
  type FieldPlace,
  type FieldPlaceKind,
} from './field-places.js';
export {
  fieldPlacesOf,
  fieldReferences,
  manifestBody,
  renameFieldIn,
  type FieldReference,
  type PlacePathStep,
  type TextReaders,
  type TextRewriters,
} from './field-place-walk.js';
export { isTimeZone } from './time-zone.js';
export { baseUrlFault, secureAccessAddress } from './base-url.js';
export { FormulaError, formulaFieldNames, readableFormulaFields } from './formula-tokens.js';
export { optionLabelBreaches, type OptionLabelBreach } from './choice-options.js';
