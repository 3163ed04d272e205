import type { Dice } from './operations.js';

/** Process management with two statuses and one action, Finish (the sweep's status action). */
const PROCESS = {
  enable: true,
  states: {
    Open: { name: 'Open', index: '0', assignee: { type: 'ONE', entities: [] } },
    Done: { name: 'Done', index: '1', assignee: { type: 'ONE', entities: [] } },
  },
  actions: [{ name: 'Finish', from: 'Open', to: 'Done', filterCond: '' }],
};

/** A draft body per settings area that the service takes on an app of BASE_FIELDS. */
export const SETTINGS_BODIES: Record<string, (d: Dice) => Record<string, unknown>> = {
  general: (d) => ({
    name: `Sweep ${d.text(5)}`,
    description: d.text(12),
    theme: d.pick(['WHITE', 'RED', 'BLUE']),
  }),
  views: (d) => ({
    views: {
      [`V${d.text(3)}`]: {
        type: 'LIST',
        index: '0',
        name: 'List',
        fields: ['t', 'n'],
        filterCond: '',
        sort: 'n asc',
      },
    },
  }),
  process: (d) => (d.chance(0.7) ? PROCESS : { enable: false }),
  customize: (d) => ({
    scope: d.pick(['ALL', 'ADMIN', 'NONE']),
    desktop: { js: [{ type: 'URL', url: `https://example.com/${d.text(4)}.js` }], css: [] },
    mobile: { js: [], css: [] },
  }),
  appAcl: () => ({
    rights: [
      {
        entity: { type: 'CREATOR' },
        appEditable: true,
        recordViewable: true,
        recordAddable: true,
        recordEditable: true,
        recordDeletable: true,
        recordImportable: true,
        recordExportable: true,
      },
    ],
  }),
  recordAcl: (d) => ({
    rights: [
      {
        filterCond: `n > ${d.int(100)}`,
        entities: [
          {
            entity: { type: 'GROUP', code: 'everyone' },
            viewable: true,
            editable: false,
            deletable: false,
            includeSubs: false,
          },
        ],
      },
    ],
  }),
  fieldAcl: (d) => ({
    rights: [
      {
        code: 't',
        entities: [
          {
            entity: { type: 'GROUP', code: 'everyone' },
            accessibility: d.pick(['READ', 'WRITE']),
            includeSubs: false,
          },
        ],
      },
    ],
  }),
  notificationsGeneral: (d) => ({
    notifyToCommenter: d.chance(0.5),
    notifications: [
      {
        entity: { type: 'USER', code: 'admin' },
        includeSubs: false,
        recordAdded: true,
        recordEdited: d.chance(0.5),
        commentAdded: false,
        fileImported: false,
      },
    ],
  }),
  notificationsPerRecord: (d) => ({
    notifications: [
      {
        filterCond: `n > ${d.int(50)}`,
        title: d.text(6),
        targets: [{ entity: { type: 'USER', code: 'admin' }, includeSubs: false }],
      },
    ],
  }),
  notificationsReminder: () => ({ timezone: 'Asia/Tokyo', notifications: [] }),
  reports: (d) => ({
    reports: {
      [`R${d.text(3)}`]: {
        chartType: 'BAR',
        chartMode: 'NORMAL',
        index: '0',
        groups: [{ code: 'c' }],
        aggregations: [{ type: 'COUNT' }],
        filterCond: '',
        sorts: [{ by: 'TOTAL', order: 'DESC' }],
        name: 'Report',
      },
    },
  }),
  adminNotes: (d) => ({ content: `<b>${d.text(10)}</b>`, includeInTemplateAndDuplicates: d.chance(0.5) }),
};
