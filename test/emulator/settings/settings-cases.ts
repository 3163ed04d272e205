import { expect } from 'vitest';

/** The new app's creator field as a notification target (notifications take no CREATOR entity). */
const CREATED_BY = { type: 'FIELD_ENTITY', code: 'Created_by' };

/** One row per area of the spec's App settings table, shared by the settings tests. */
export interface AreaCase {
  area: string;
  live: string;
  draft: string;
  write: string;
  writes: 'draft' | 'live';
  valid: (app: string) => Record<string, unknown>;
  /** What a read shows after the valid write (a subset). */
  shows: Record<string, unknown>;
  invalid: Record<string, unknown>;
  errorPath: string;
}

export const EVERYONE = { type: 'GROUP', code: 'everyone' };

/** One row per area of the spec's App settings table: a valid body, what it shows, an invalid body and its error path. */
const DRAFT_WRITES: AreaCase[] = [
  {
    area: 'views',
    live: '/k/v1/app/views.json',
    draft: '/k/v1/preview/app/views.json',
    write: '/k/v1/preview/app/views.json',
    writes: 'draft',
    valid: () => ({
      views: { Mine: { type: 'LIST', index: 0, fields: ['Record_number'], sort: 'Record_number asc' } },
    }),
    shows: {
      views: { Mine: expect.objectContaining({ name: 'Mine', index: '0', fields: ['Record_number'] }) },
    },
    invalid: { views: { Mine: { type: 'LIST', index: 0, fields: ['ghost'] } } },
    errorPath: 'views.Mine.fields[0]',
  },
  {
    area: 'general settings',
    live: '/k/v1/app/settings.json',
    draft: '/k/v1/preview/app/settings.json',
    write: '/k/v1/preview/app/settings.json',
    writes: 'draft',
    valid: () => ({ name: 'Renamed', theme: 'RED' }),
    shows: { name: 'Renamed', theme: 'RED', description: '' },
    invalid: { theme: 'PINK' },
    errorPath: 'theme',
  },
  {
    area: 'process management',
    live: '/k/v1/app/status.json',
    draft: '/k/v1/preview/app/status.json',
    write: '/k/v1/preview/app/status.json',
    writes: 'draft',
    valid: () => ({
      enable: true,
      states: { Open: { index: 0 }, Done: { index: 1 } },
      actions: [{ name: 'Finish', from: 'Open', to: 'Done' }],
    }),
    shows: { enable: true, actions: [{ name: 'Finish', from: 'Open', to: 'Done' }] },
    invalid: { states: { Open: { index: 0 } }, actions: [{ name: 'Go', from: 'Nowhere', to: 'Open' }] },
    errorPath: 'actions[0].from',
  },
  {
    area: 'customization',
    live: '/k/v1/app/customize.json',
    draft: '/k/v1/preview/app/customize.json',
    write: '/k/v1/preview/app/customize.json',
    writes: 'draft',
    valid: () => ({
      scope: 'ADMIN',
      desktop: { js: [{ type: 'URL', url: 'https://example.com/a.js' }], css: [] },
    }),
    shows: { scope: 'ADMIN', desktop: { js: [{ type: 'URL', url: 'https://example.com/a.js' }], css: [] } },
    invalid: { desktop: { js: [{ type: 'URL' }] } },
    errorPath: 'desktop.js[0].url',
  },
  {
    area: 'app ACL',
    live: '/k/v1/app/acl.json',
    draft: '/k/v1/preview/app/acl.json',
    write: '/k/v1/preview/app/acl.json',
    writes: 'draft',
    valid: () => ({ rights: [{ entity: { type: 'CREATOR' }, appEditable: true, recordViewable: true }] }),
    shows: { rights: [{ entity: { type: 'CREATOR' }, appEditable: true, recordViewable: true }] },
    invalid: {
      rights: [{ entity: EVERYONE }, { entity: EVERYONE }, { entity: { type: 'ROBOT', code: 'r2' } }],
    },
    errorPath: 'rights[2].entity.type',
  },
  {
    area: 'record ACL',
    live: '/k/v1/record/acl.json',
    draft: '/k/v1/preview/record/acl.json',
    write: '/k/v1/preview/record/acl.json',
    writes: 'draft',
    valid: () => ({
      rights: [{ filterCond: 'Record_number > 10', entities: [{ entity: EVERYONE, viewable: true }] }],
    }),
    shows: {
      rights: [{ filterCond: 'Record_number > 10', entities: [{ entity: EVERYONE, viewable: true }] }],
    },
    invalid: { rights: [{ filterCond: 'ghost = "1"', entities: [] }] },
    errorPath: 'rights[0].filterCond',
  },
  {
    area: 'field ACL',
    live: '/k/v1/field/acl.json',
    draft: '/k/v1/preview/field/acl.json',
    write: '/k/v1/preview/field/acl.json',
    writes: 'draft',
    valid: () => ({
      rights: [
        {
          field: 'Record_number',
          entities: [{ entity: { type: 'FIELD_ENTITY', code: 'Created_by' }, accessibility: 'READ' }],
        },
      ],
    }),
    shows: { rights: [expect.objectContaining({ field: 'Record_number' })] },
    invalid: { rights: [{ field: 'ghost', entities: [] }] },
    errorPath: 'rights[0].field',
  },
  {
    area: 'general notifications',
    live: '/k/v1/app/notifications/general.json',
    draft: '/k/v1/preview/app/notifications/general.json',
    write: '/k/v1/preview/app/notifications/general.json',
    writes: 'draft',
    valid: () => ({ notifications: [{ entity: EVERYONE, recordAdded: true }], notifyToCommenter: false }),
    shows: { notifications: [{ entity: EVERYONE, recordAdded: true }], notifyToCommenter: false },
    invalid: { notifications: [{ entity: { type: 'FIELD_ENTITY', code: 'Record_number' } }] },
    errorPath: 'notifications[0].entity.code',
  },
  {
    area: 'per-record notifications',
    live: '/k/v1/app/notifications/perRecord.json',
    draft: '/k/v1/preview/app/notifications/perRecord.json',
    write: '/k/v1/preview/app/notifications/perRecord.json',
    writes: 'draft',
    valid: () => ({
      notifications: [{ filterCond: '', title: 'Hi', targets: [{ entity: CREATED_BY }] }],
    }),
    shows: { notifications: [{ filterCond: '', title: 'Hi', targets: [{ entity: CREATED_BY }] }] },
    invalid: { notifications: [{ title: 'x', targets: [], colour: 'red' }] },
    errorPath: 'notifications[0].colour',
  },
  {
    area: 'reminder notifications',
    live: '/k/v1/app/notifications/reminder.json',
    draft: '/k/v1/preview/app/notifications/reminder.json',
    write: '/k/v1/preview/app/notifications/reminder.json',
    writes: 'draft',
    valid: () => ({
      notifications: [
        { timing: { code: 'Created_datetime', daysLater: -1, time: '09:00' }, title: 'R', targets: [] },
      ],
      timezone: 'Asia/Tokyo',
    }),
    shows: { timezone: 'Asia/Tokyo', notifications: [expect.objectContaining({ title: 'R' })] },
    invalid: { notifications: [{ timing: { code: 'Record_number', daysLater: 1 }, targets: [] }] },
    errorPath: 'notifications[0].timing.code',
  },
  {
    area: 'graphs',
    live: '/k/v1/app/reports.json',
    draft: '/k/v1/preview/app/reports.json',
    write: '/k/v1/preview/app/reports.json',
    writes: 'draft',
    valid: () => ({
      reports: {
        ByMonth: {
          chartType: 'BAR',
          chartMode: 'NORMAL',
          index: 0,
          groups: [{ code: 'Created_datetime', per: 'MONTH' }],
          aggregations: [{ type: 'COUNT' }],
        },
      },
    }),
    shows: {
      reports: { ByMonth: expect.objectContaining({ name: 'ByMonth', chartType: 'BAR', index: '0' }) },
    },
    invalid: {
      reports: { ByMonth: { chartType: 'BAR', chartMode: 'NORMAL', index: 0, groups: [{ code: 'ghost' }] } },
    },
    errorPath: 'reports.ByMonth.groups[0].code',
  },
  {
    area: 'copy actions',
    live: '/k/v1/app/actions.json',
    draft: '/k/v1/preview/app/actions.json',
    write: '/k/v1/preview/app/actions.json',
    writes: 'draft',
    valid: (app) => ({
      actions: {
        Copy: {
          index: 0,
          destApp: { app },
          mappings: [{ srcType: 'FIELD', srcField: 'Record_number', destField: 'Record_number' }],
          entities: [EVERYONE],
        },
      },
    }),
    shows: { actions: { Copy: expect.objectContaining({ name: 'Copy', entities: [EVERYONE] }) } },
    invalid: {
      actions: {
        Copy: {
          index: 0,
          destApp: { app: 1 },
          mappings: [{ srcType: 'FIELD', srcField: 'Record_number', destField: 'ghost' }],
        },
      },
    },
    errorPath: 'actions.Copy.mappings[0].destField',
  },
  {
    area: 'admin notes',
    live: '/k/v1/app/adminNotes.json',
    draft: '/k/v1/preview/app/adminNotes.json',
    write: '/k/v1/preview/app/adminNotes.json',
    writes: 'draft',
    valid: () => ({ content: '<b>hello</b>' }),
    shows: { content: '<b>hello</b>' },
    invalid: { content: 'x'.repeat(10_001) },
    errorPath: 'content',
  },
];

/**
 * The areas whose live path also takes a PUT (the spec's live-immediate writes): on the hosted
 * platform it publishes the whole draft, so with nothing else pending it lands in both copies.
 */
const LIVE_WRITES: AreaCase[] = DRAFT_WRITES.filter((row) =>
  ['app ACL', 'record ACL', 'field ACL', 'admin notes'].includes(row.area),
).map((row) => ({ ...row, area: `${row.area} through its live path`, write: row.live, writes: 'live' }));

export const AREAS: AreaCase[] = [...DRAFT_WRITES, ...LIVE_WRITES];
