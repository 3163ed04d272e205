import type { Lang } from '../messages/lang.js';
import type { AppSettings, JsonObject } from './app.js';
import {
  FIELD_PROPERTIES,
  NEW_APP_GENERAL_SETTINGS,
  NEW_APP_PROCESS,
  SYSTEM_FIELD_CODES,
  SYSTEM_FIELD_LABELS,
  SYSTEM_FIELD_TYPES,
} from '../../platform/index.js';

/** The language of system field codes and labels: Japanese, or English for every other language. */
function codesLocale(lang: Lang): 'en' | 'ja' {
  return lang === 'ja' ? 'ja' : 'en';
}

/**
 * The system fields every new app has (platform-facts), with the codes the hosted platform gives
 * them in the creator's language (`レコード番号`, ... in ja).
 */
function systemFields(lang: Lang): Record<string, JsonObject> {
  const locale = codesLocale(lang);
  return Object.fromEntries(
    SYSTEM_FIELD_TYPES.map((type) => {
      const code = SYSTEM_FIELD_CODES[locale][type];
      // STATUS, STATUS_ASSIGNEE and CATEGORY report whether their feature is on: off in a new app.
      // They have no noLabel (platform/field-properties.ts says why).
      const keeps = FIELD_PROPERTIES[type];
      const enabled = keeps.includes('enabled') ? { enabled: false } : {};
      const noLabel = keeps.includes('noLabel') ? { noLabel: false } : {};
      return [code, { type, code, label: SYSTEM_FIELD_LABELS[locale][type], ...noLabel, ...enabled }];
    }),
  );
}

/**
 * A new app's process: off, with the preset statuses and buttons named in the creator's language
 * (platform-facts-verified, Locale), each status with an empty assignee list of type ONE (which
 * the first status must have, or the creator field alone: validate/process.ts checkFirstStatus),
 * and PRIMARY buttons, which carry no `executableUser` (the official types' ActionForResponse).
 */
function newProcess(lang: Lang): JsonObject {
  const preset = NEW_APP_PROCESS[codesLocale(lang)];
  return {
    enable: false,
    states: Object.fromEntries(
      preset.states.map((name, index) => [
        name,
        { name, index: String(index), assignee: { type: 'ONE', entities: [] } },
      ]),
    ),
    actions: preset.actions.map((a) => ({
      ...a,
      filterCond: '',
      type: 'PRIMARY',
    })),
  };
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
export function newAppSettings(name: string, viewId: string, lang: Lang = 'en'): AppSettings {
  const recordNumber = SYSTEM_FIELD_CODES[codesLocale(lang)].RECORD_NUMBER;
  return {
    general: { name, ...structuredClone(NEW_APP_GENERAL_SETTINGS) },
    properties: systemFields(lang),
    layout: [],
    views: {
      'All records': {
        type: 'LIST',
        name: 'All records',
        id: viewId,
        index: '0',
        filterCond: '',
        sort: `${recordNumber} desc`,
        fields: [recordNumber],
      },
    },
    process: newProcess(lang),
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
