import type { AppSettings, JsonObject } from './app.js';

/** The system fields every new app has (platform-facts), with the codes the hosted platform gives them in English. */
function systemFields(): Record<string, JsonObject> {
  const field = (type: string, code: string, label: string, extra: JsonObject = {}): [string, JsonObject] => [
    code,
    { type, code, label, noLabel: false, ...extra },
  ];
  return Object.fromEntries([
    field('RECORD_NUMBER', 'Record_number', 'Record number'),
    field('CREATOR', 'Created_by', 'Created by'),
    field('CREATED_TIME', 'Created_datetime', 'Created datetime'),
    field('MODIFIER', 'Updated_by', 'Updated by'),
    field('UPDATED_TIME', 'Updated_datetime', 'Updated datetime'),
    field('STATUS', 'Status', 'Status', { enabled: false }),
    field('STATUS_ASSIGNEE', 'Assignee', 'Assignee', { enabled: false }),
    field('CATEGORY', 'Categories', 'Categories', { enabled: false }),
  ]);
}

const ALL_RECORD_RIGHTS = {
  recordViewable: true,
  recordAddable: true,
  recordEditable: true,
  recordDeletable: true,
  recordImportable: true,
  recordExportable: true,
};

/** The settings of a new app (platform-facts: system fields, one LIST view, process off, default ACL). */
export function newAppSettings(name: string, viewId: string): AppSettings {
  return {
    general: {
      name,
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
    },
    properties: systemFields(),
    layout: [],
    views: {
      'All records': {
        type: 'LIST',
        name: 'All records',
        id: viewId,
        index: '0',
        builtinType: null,
        filterCond: '',
        sort: 'Record_number desc',
        fields: ['Record_number'],
      },
    },
    process: { enable: false, states: {}, actions: [] },
    customize: { scope: 'ALL', desktop: { js: [], css: [] }, mobile: { js: [], css: [] } },
    appAcl: [
      {
        entity: { type: 'CREATOR', code: null },
        includeSubs: false,
        appEditable: true,
        ...ALL_RECORD_RIGHTS,
      },
      {
        entity: { type: 'GROUP', code: 'everyone' },
        includeSubs: false,
        appEditable: false,
        ...ALL_RECORD_RIGHTS,
      },
    ],
    recordAcl: [],
    fieldAcl: [],
    notificationsGeneral: { notifications: [], notifyToCommenter: true },
    notificationsPerRecord: [],
    notificationsReminder: { notifications: [], timezone: 'UTC' },
    reports: {},
    actions: {},
    adminNotes: { content: '', includeInTemplateAndDuplicates: true },
    plugins: [],
  };
}
