import type { Client, Copy, Views } from '../../../src/client/index.js';
import { localized, readCases } from './reads.js';
import type { EndpointCase } from './types.js';

const entity = { type: 'CREATOR', code: null } as const;
// Record and field ACLs and notifications take no CREATOR: the creator is its field.
const creatorField = { type: 'FIELD_ENTITY', code: 'Created_by' } as const;

interface Area {
  /** The method name's suffix: getViews / updateViews. */
  name: string;
  live: string;
  /** Whether the live read takes `lang`. */
  localized: boolean;
  /**
   * Where PUT writes: the `preview/` twin only, or either copy as the call names it (the ACLs and
   * admin notes, whose live path publishes the draft).
   */
  writes: 'draft' | 'either';
  get: (client: Client, copy: Copy) => Promise<unknown>;
  /** The write; `copy` is passed only where `writes` is 'either'. */
  put: (client: Client, copy: Copy) => Promise<unknown>;
  putBody: unknown;
  read: unknown;
  written: unknown;
}

const views: Views = {
  All: { type: 'LIST', name: 'All', index: '0', fields: ['title'], filterCond: '', sort: '' },
};
const appRights = [
  {
    entity,
    appEditable: true,
    recordViewable: true,
    recordAddable: true,
    recordEditable: true,
    recordDeletable: true,
    recordImportable: false,
    recordExportable: false,
  },
];
const recordRights = [
  { filterCond: '', entities: [{ entity: creatorField, viewable: true, editable: true, deletable: false }] },
];
const fieldRights = [
  { field: 'title', entities: [{ entity: creatorField, accessibility: 'WRITE' as const }] },
];
const general = [
  {
    entity: creatorField,
    recordAdded: true,
    recordEdited: false,
    commentAdded: true,
    statusChanged: false,
    fileImported: false,
  },
];
const perRecord = [{ filterCond: 'amount > 10', title: 'Big', targets: [{ entity: creatorField }] }];
const reminder = [
  {
    timing: { code: 'due', daysLater: -1, time: '09:00' },
    filterCond: '',
    title: 'Due',
    targets: [{ entity: creatorField }],
  },
];
const reports = {
  Sales: {
    chartType: 'BAR' as const,
    chartMode: 'NORMAL' as const,
    name: 'Sales',
    index: '0',
    groups: [{ code: 'title' }],
    aggregations: [{ type: 'COUNT' as const }],
    filterCond: '',
    sorts: [{ by: 'TOTAL', order: 'DESC' as const }],
  },
};
const actions = {
  Copy: {
    name: 'Copy',
    index: '0',
    destApp: { app: '4' },
    mappings: [{ srcType: 'FIELD' as const, srcField: 'title', destField: 'name' }],
    entities: [{ type: 'USER' as const, code: 'sato' }],
    filterCond: '',
  },
};
const desktop = { js: [{ type: 'URL' as const, url: 'https://cdn.test/a.js' }], css: [] };

const areas: Area[] = [
  {
    name: 'Views',
    live: 'app/views.json',
    localized: true,
    writes: 'draft',
    get: (c, copy) => c.settings.getViews(localized(copy)),
    put: (c) => c.settings.updateViews({ app: 3, views, revision: 4 }),
    putBody: { app: 3, views, revision: 4 },
    read: { views, revision: '4' },
    written: { views: { All: { id: '20' } }, revision: '5' },
  },
  {
    name: 'GeneralSettings',
    live: 'app/settings.json',
    localized: true,
    writes: 'draft',
    get: (c, copy) => c.settings.getGeneralSettings(localized(copy)),
    put: (c) => c.settings.updateGeneralSettings({ app: 3, name: 'Orders', theme: 'BLUE', revision: -1 }),
    putBody: { app: 3, name: 'Orders', theme: 'BLUE', revision: -1 },
    read: {
      name: 'Orders',
      description: '',
      icon: { type: 'PRESET', key: 'APP72' },
      theme: 'WHITE',
      revision: '4',
    },
    written: { revision: '5' },
  },
  {
    name: 'ProcessManagement',
    live: 'app/status.json',
    localized: true,
    writes: 'draft',
    get: (c, copy) => c.settings.getProcessManagement(localized(copy)),
    put: (c) =>
      c.settings.updateProcessManagement({
        app: 3,
        enable: true,
        states: { New: { name: 'New', index: '0', assignee: { type: 'ONE', entities: [] } } },
        actions: [{ name: 'Start', from: 'New', to: 'Done', filterCond: '', type: 'PRIMARY' }],
      }),
    putBody: {
      app: 3,
      enable: true,
      states: { New: { name: 'New', index: '0', assignee: { type: 'ONE', entities: [] } } },
      actions: [{ name: 'Start', from: 'New', to: 'Done', filterCond: '', type: 'PRIMARY' }],
    },
    read: { enable: false, states: null, actions: null, revision: '4' },
    written: { revision: '5' },
  },
  {
    name: 'Customize',
    live: 'app/customize.json',
    localized: false,
    writes: 'draft',
    get: (c, copy) => c.settings.getCustomize({ app: 3, copy }),
    put: (c) => c.settings.updateCustomize({ app: 3, scope: 'ALL', desktop }),
    putBody: { app: 3, scope: 'ALL', desktop },
    read: { scope: 'ALL', desktop, mobile: { js: [], css: [] }, revision: '4' },
    written: { revision: '5' },
  },
  {
    name: 'AppAcl',
    live: 'app/acl.json',
    localized: false,
    writes: 'either',
    get: (c, copy) => c.settings.getAppAcl({ app: 3, copy }),
    put: (c, copy) => c.settings.updateAppAcl({ app: 3, copy, rights: appRights }),
    putBody: { app: 3, rights: appRights },
    read: { rights: appRights, revision: '4' },
    written: { revision: '5' },
  },
  {
    name: 'RecordAcl',
    live: 'record/acl.json',
    localized: false,
    writes: 'either',
    get: (c, copy) => c.settings.getRecordAcl({ app: 3, copy }),
    put: (c, copy) => c.settings.updateRecordAcl({ app: 3, copy, rights: recordRights, revision: 4 }),
    putBody: { app: 3, rights: recordRights, revision: 4 },
    read: { rights: recordRights, revision: '4' },
    written: { revision: '5' },
  },
  {
    name: 'FieldAcl',
    live: 'field/acl.json',
    localized: false,
    writes: 'either',
    get: (c, copy) => c.settings.getFieldAcl({ app: 3, copy }),
    put: (c, copy) => c.settings.updateFieldAcl({ app: 3, copy, rights: fieldRights }),
    putBody: { app: 3, rights: fieldRights },
    read: { rights: fieldRights, revision: '4' },
    written: { revision: '5' },
  },
  {
    name: 'GeneralNotifications',
    live: 'app/notifications/general.json',
    localized: false,
    writes: 'draft',
    get: (c, copy) => c.settings.getGeneralNotifications({ app: 3, copy }),
    put: (c) =>
      c.settings.updateGeneralNotifications({ app: 3, notifications: general, notifyToCommenter: true }),
    putBody: { app: 3, notifications: general, notifyToCommenter: true },
    read: { notifications: general, notifyToCommenter: false, revision: '4' },
    written: { revision: '5' },
  },
  {
    name: 'PerRecordNotifications',
    live: 'app/notifications/perRecord.json',
    localized: true,
    writes: 'draft',
    get: (c, copy) => c.settings.getPerRecordNotifications(localized(copy)),
    put: (c) => c.settings.updatePerRecordNotifications({ app: 3, notifications: perRecord }),
    putBody: { app: 3, notifications: perRecord },
    read: { notifications: perRecord, revision: '4' },
    written: { revision: '5' },
  },
  {
    name: 'ReminderNotifications',
    live: 'app/notifications/reminder.json',
    localized: true,
    writes: 'draft',
    get: (c, copy) => c.settings.getReminderNotifications(localized(copy)),
    put: (c) =>
      c.settings.updateReminderNotifications({ app: 3, notifications: reminder, timezone: 'Asia/Tokyo' }),
    putBody: { app: 3, notifications: reminder, timezone: 'Asia/Tokyo' },
    read: { notifications: reminder, timezone: 'Asia/Tokyo', revision: '4' },
    written: { revision: '5' },
  },
  {
    name: 'Reports',
    live: 'app/reports.json',
    localized: true,
    writes: 'draft',
    get: (c, copy) => c.settings.getReports(localized(copy)),
    put: (c) => c.settings.updateReports({ app: 3, reports }),
    putBody: { app: 3, reports },
    read: { reports, revision: '4' },
    written: { reports: { Sales: { id: '31' } }, revision: '5' },
  },
  {
    name: 'Actions',
    live: 'app/actions.json',
    localized: true,
    writes: 'draft',
    get: (c, copy) => c.settings.getActions(localized(copy)),
    put: (c) => c.settings.updateActions({ app: 3, actions }),
    putBody: { app: 3, actions },
    read: { actions, revision: '4' },
    written: { actions: { Copy: { id: '41' } }, revision: '5' },
  },
  {
    name: 'AdminNotes',
    live: 'app/adminNotes.json',
    localized: false,
    writes: 'either',
    get: (c, copy) => c.settings.getAdminNotes({ app: 3, copy }),
    put: (c, copy) =>
      c.settings.updateAdminNotes({
        app: 3,
        copy,
        content: 'x',
        includeInTemplateAndDuplicates: false,
        revision: 4,
      }),
    putBody: { app: 3, content: 'x', includeInTemplateAndDuplicates: false, revision: 4 },
    read: { content: '<b>note</b>', includeInTemplateAndDuplicates: true, revision: '4' },
    written: { revision: '5' },
  },
];

function casesOf(area: Area): EndpointCase[] {
  const draft = `/k/v1/preview/${area.live}`;
  const live = `/k/v1/${area.live}`;
  return [
    ...readCases(`settings.get${area.name}`, area.live, area.get, {
      live: area.read,
      draft: area.read,
      liveQuery: area.localized ? 'app=3&lang=en' : 'app=3',
    }),
    ...(area.writes === 'draft'
      ? [{ copy: 'draft' as const, path: draft, method: `settings.update${area.name}` }]
      : (['draft', 'live'] as const).map((copy) => ({
          copy,
          path: copy === 'draft' ? draft : live,
          method: `settings.update${area.name}({ copy: '${copy}' })`,
        }))
    ).map(({ copy, path, method }) => ({
      endpoint: `PUT ${path}`,
      method,
      call: (c: Client) => area.put(c, copy),
      body: area.putBody,
      response: area.written,
    })),
  ];
}

export const settingsCases: EndpointCase[] = areas.flatMap(casesOf);
