import type { FieldType } from './field-types.js';

const BASE = ['label', 'noLabel'] as const;
const INPUT = [...BASE, 'required'] as const;
const TEXT_LIMITS = ['unique', 'defaultValue', 'minLength', 'maxLength'] as const;
const SELECTION = [...INPUT, 'entities', 'defaultValue'] as const;
const DATE = [...INPUT, 'unique', 'defaultValue', 'defaultNowValue'] as const;

/**
 * Every property a field of each type keeps besides `type` and `code` (platform-facts "Settings
 * shapes"): what a GET of the form's fields can return, and all that a write may name. The
 * emulator's validator and schema/app.schema.json are tested against this table.
 */
export const FIELD_PROPERTIES: Readonly<Record<FieldType, readonly string[]>> = {
  SINGLE_LINE_TEXT: [...INPUT, ...TEXT_LIMITS, 'expression', 'hideExpression', 'lookup'],
  NUMBER: [
    ...INPUT,
    'unique',
    'defaultValue',
    'minValue',
    'maxValue',
    'digit',
    'displayScale',
    'unit',
    'unitPosition',
    'lookup',
  ],
  CALC: [...INPUT, 'expression', 'format', 'displayScale', 'unit', 'unitPosition', 'hideExpression'],
  MULTI_LINE_TEXT: [...INPUT, 'defaultValue'],
  RICH_TEXT: [...INPUT, 'defaultValue'],
  LINK: [...INPUT, ...TEXT_LIMITS, 'protocol'],
  CHECK_BOX: [...INPUT, 'options', 'defaultValue', 'align'],
  MULTI_SELECT: [...INPUT, 'options', 'defaultValue'],
  RADIO_BUTTON: [...INPUT, 'options', 'defaultValue', 'align'],
  DROP_DOWN: [...INPUT, 'options', 'defaultValue'],
  DATE,
  DATETIME: DATE,
  TIME: [...INPUT, 'defaultValue', 'defaultNowValue'],
  FILE: [...INPUT, 'thumbnailSize'],
  USER_SELECT: SELECTION,
  ORGANIZATION_SELECT: SELECTION,
  GROUP_SELECT: SELECTION,
  SUBTABLE: [...BASE, 'fields'],
  REFERENCE_TABLE: [...BASE, 'referenceTable'],
  GROUP: [...BASE, 'openGroup'],
  RECORD_NUMBER: BASE,
  CREATOR: BASE,
  CREATED_TIME: BASE,
  MODIFIER: BASE,
  UPDATED_TIME: BASE,
  // Read-only: whether process management (STATUS, STATUS_ASSIGNEE) or categories are on. These
  // three have no `noLabel`: the official client's property.d.ts types them `{type, code, label,
  // enabled}`, and the hosted platform answers `{"type":"STATUS","code":"ステータス","label":
  // "ステータス","enabled":false}` (SonicGarden/kintone-emulator docs/real-kintone-notes.md,
  // observed 2026-04-30).
  STATUS: ['label', 'enabled'],
  STATUS_ASSIGNEE: ['label', 'enabled'],
  CATEGORY: ['label', 'enabled'],
};

/**
 * Property names whose numeric values the service sends as JSON strings (`"5"`, `""` for none),
 * wherever they occur in settings; a write may send numbers. Owners:
 * - fields: `minLength`, `maxLength` (SINGLE_LINE_TEXT, LINK), `minValue`, `maxValue`,
 *   `defaultValue` (NUMBER only: other types' defaults are text or lists), `displayScale`
 *   (NUMBER, CALC), `thumbnailSize` (FILE), `index` (each of `options`), `size`
 *   (REFERENCE_TABLE's referenceTable), `app` (a lookup's or related table's relatedApp);
 * - general settings: `digits`, `decimalPlaces` (numberPrecision), `firstMonthOfFiscalYear`;
 * - views, graphs (reports), copy actions and process states: `index`; actions: `destApp.app`;
 * - reminder notifications: `daysLater`, `hoursLater` (timing).
 * Ids and revisions are strings too, but they are the service's, not settings.
 */
export const NUMERIC_STRING_PROPERTIES: ReadonlySet<string> = new Set([
  'minLength',
  'maxLength',
  'minValue',
  'maxValue',
  'defaultValue',
  'displayScale',
  'thumbnailSize',
  'index',
  'size',
  'app',
  'digits',
  'decimalPlaces',
  'firstMonthOfFiscalYear',
  'daysLater',
  'hoursLater',
]);
