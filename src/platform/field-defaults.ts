import { FIELD_PROPERTIES } from './field-properties.js';
import { isSystemFieldType, type FieldType } from './field-types.js';

/**
 * What the hosted platform fills in for each property a new field leaves out, as its GET form
 * fields answer shows it afterwards (kintone's "Add Form Fields" and "Get Form Fields"
 * documentation: noLabel, required and unique default to false; numbers are sent as strings, and
 * "no limit" is ""). Values marked "best guess" are not stated by that documentation; they are
 * what the sample responses and the form editor show for a new field.
 *
 * Properties with no meaningful default are absent: `label` (required on add), `options`,
 * `lookup`, `referenceTable`, `fields`, a CALC's `expression`, and the system fields' `enabled`
 * (it follows process management and categories, not the field).
 */
const DEFAULTS: Readonly<Partial<Record<FieldType, Readonly<Record<string, unknown>>>>> = {
  SINGLE_LINE_TEXT: {
    unique: false,
    defaultValue: '',
    minLength: '',
    maxLength: '',
    expression: '',
    hideExpression: false,
  },
  NUMBER: {
    unique: false,
    defaultValue: '',
    minValue: '',
    maxValue: '',
    digit: false,
    displayScale: '',
    unit: '',
    unitPosition: 'BEFORE',
  },
  CALC: {
    format: 'NUMBER',
    displayScale: '',
    unit: '',
    unitPosition: 'BEFORE',
    hideExpression: false,
  },
  MULTI_LINE_TEXT: { defaultValue: '' },
  RICH_TEXT: { defaultValue: '' },
  // protocol WEB: best guess (the form editor's first choice).
  LINK: { unique: false, defaultValue: '', minLength: '', maxLength: '', protocol: 'WEB' },
  CHECK_BOX: { defaultValue: [], align: 'HORIZONTAL' },
  MULTI_SELECT: { defaultValue: [] },
  // A radio button always has a value: the platform picks the first option as the default when
  // none is given; '' here is a best guess for the answer before options exist.
  RADIO_BUTTON: { defaultValue: '', align: 'HORIZONTAL' },
  DROP_DOWN: { defaultValue: '' },
  // defaultNowValue false: best guess (the documentation states no default; false is what a
  // flag left out becomes elsewhere, and what this emulator assumes when it fills a new record).
  DATE: { unique: false, defaultValue: '', defaultNowValue: false },
  DATETIME: { unique: false, defaultValue: '', defaultNowValue: false },
  TIME: { defaultValue: '', defaultNowValue: false },
  // thumbnailSize "150": the sample responses' value, best guess for an omitted one.
  FILE: { thumbnailSize: '150' },
  USER_SELECT: { entities: [], defaultValue: [] },
  ORGANIZATION_SELECT: { entities: [], defaultValue: [] },
  GROUP_SELECT: { entities: [], defaultValue: [] },
  GROUP: { openGroup: false },
};

const EMPTY: Readonly<Record<string, unknown>> = Object.freeze({});
const cache = new Map<FieldType, Readonly<Record<string, unknown>>>();

/**
 * The values the service gives a new field of `type` for the properties the request left out:
 * `noLabel` everywhere, `required` on input fields, and the type's own defaults above. Only
 * properties the type keeps (FIELD_PROPERTIES) appear. Arrays are frozen: copy before changing.
 */
export function newFieldDefaults(type: FieldType): Readonly<Record<string, unknown>> {
  const known = cache.get(type);
  if (known) return known;
  const keeps = new Set(FIELD_PROPERTIES[type] ?? []);
  if (keeps.size === 0) return EMPTY;
  const all: Record<string, unknown> = {
    noLabel: false,
    ...(keeps.has('required') ? { required: false } : {}),
    ...(isSystemFieldType(type) ? {} : DEFAULTS[type]),
  };
  const out = Object.freeze(
    Object.fromEntries(
      Object.entries(all)
        .filter(([key]) => keeps.has(key))
        .map(([key, value]) => [
          key,
          Array.isArray(value) ? Object.freeze([...(value as unknown[])]) : value,
        ]),
    ),
  );
  cache.set(type, out);
  return out;
}
