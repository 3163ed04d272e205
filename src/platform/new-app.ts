/**
 * The general settings of a new app (platform-facts "Apps and deploy"): the hosted platform's
 * values for an app created through the interface, name aside.
 */
export const NEW_APP_GENERAL_SETTINGS = {
  description: '',
  icon: { type: 'PRESET', key: 'APP72' },
  theme: 'WHITE',
  titleField: { selectionMode: 'AUTO' },
  numberPrecision: { digits: '16', decimalPlaces: '4', roundingMode: 'HALF_EVEN' },
  firstMonthOfFiscalYear: '4',
  enableThumbnails: true,
  enableBulkDeletion: false,
  enableComments: true,
  enableDuplicateRecord: true,
  enableInlineRecordEditing: true,
} as const;
