/**
 * What the platform answers for a single-line text and a number field's properties never written
 * (kintone Get Form Fields: flags false, limits and defaults ""; the official client's
 * property.d.ts has each as present).
 */
export const TEXT_ANSWERED = {
  noLabel: false,
  required: false,
  unique: false,
  defaultValue: '',
  minLength: '',
  maxLength: '',
  expression: '',
  hideExpression: false,
};
export const NUMBER_ANSWERED = {
  noLabel: false,
  required: false,
  unique: false,
  defaultValue: '',
  minValue: '',
  maxValue: '',
  digit: false,
  displayScale: '',
  unit: '',
  unitPosition: 'BEFORE',
};
