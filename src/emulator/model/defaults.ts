import type { AppSettings, JsonObject } from './app.js';
import {
  FIELD_PROPERTIES,
  NEW_APP_GENERAL_SETTINGS,
  SYSTEM_FIELD_CODES,
  SYSTEM_FIELD_LABELS,
  SYSTEM_FIELD_TYPES,
} from '../../platform/index.js';

/** The system fields every new app has (platform-facts), with the codes the hosted platform gives them in English. */
function systemFields(): Record<string, JsonObject> {
  return Object.fromEntries(
    SYSTEM_FIELD_TYPES.map((type) => {
      const code = SYSTEM_FIELD_CODES.en[type];
      // STATUS, STATUS_ASSIGNEE and CATEGORY report whether their feature is on: off in a new app.
      const enabled = FIELD_PROPERTIES[type].includes('enabled') ? { enabled: false } : {};
      return [code, { type, code, label: SYSTEM_FIELD_LABELS.en[type], noLabel: false, ...enabled }];
    }),
  );
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
    general: { name, ...structuredClone(NEW_APP_GENERAL_SETTINGS) },
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
        sort: `${SYSTEM_FIELD_CODES.en.RECORD_NUMBER} desc`,
        fields: [SYSTEM_FIELD_CODES.en.RECORD_NUMBER],
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
