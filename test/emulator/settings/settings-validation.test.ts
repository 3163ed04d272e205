import { describe, expect, it } from 'vitest';
import { useEmulator } from '../harness.js';

const emu = useEmulator();

describe('settings validation', () => {
  it.each([
    ['/k/v1/preview/app/views.json', { views: [] }, 'views'],
    ['/k/v1/preview/app/settings.json', { name: 5 }, 'name'],
    ['/k/v1/preview/app/status.json', { states: 'x', enable: 'yes' }, 'states'],
    ['/k/v1/preview/app/customize.json', { desktop: null }, 'desktop'],
    ['/k/v1/app/acl.json', { rights: {} }, 'rights'],
    ['/k/v1/record/acl.json', {}, 'rights'],
    ['/k/v1/field/acl.json', { rights: [1] }, 'rights[0]'],
    ['/k/v1/preview/app/notifications/general.json', { notifications: [null] }, 'notifications[0]'],
    ['/k/v1/preview/app/notifications/perRecord.json', { notifications: 'x' }, 'notifications'],
    ['/k/v1/preview/app/notifications/reminder.json', { timezone: [] }, 'timezone'],
    ['/k/v1/preview/app/reports.json', { reports: { R: 'x' } }, 'reports.R'],
    [
      '/k/v1/preview/app/actions.json',
      { actions: { A: { index: 'first', destApp: {} } } },
      'actions.A.index',
    ],
    ['/k/v1/app/adminNotes.json', { content: {} }, 'content'],
  ])(
    'answers a body of the wrong types on %s with 400 naming %s (never a 500)',
    async (path, body, param) => {
      const app = await emu.deployedApp();
      const res = await emu.call('PUT', path, { app, ...body });
      expect([res.status, res.body.code]).toEqual([400, 'CB_VA01']);
      expect(Object.keys(res.body.errors)).toContain(param);
    },
  );

  const USER_FIELD = { type: 'FIELD_ENTITY', code: 'Created_by' };
  const TEXT_FIELD = { type: 'FIELD_ENTITY', code: 'Record_number' };
  it.each([
    [
      'process assignee FIELD_ENTITY on a non-user field',
      '/k/v1/preview/app/status.json',
      { states: { A: { index: 0, assignee: { type: 'ONE', entities: [{ entity: TEXT_FIELD }] } } } },
      'states.A.assignee.entities[0].entity.code',
    ],
    [
      'process action filter on an unknown field',
      '/k/v1/preview/app/status.json',
      {
        states: { A: { index: 0 } },
        actions: [{ name: 'x', from: 'A', to: 'A', filterCond: 'ghost = "1"' }],
      },
      'actions[0].filterCond',
    ],
    [
      'calendar title on an unknown field',
      '/k/v1/preview/app/views.json',
      { views: { C: { type: 'CALENDAR', index: 0, date: 'Created_datetime', title: 'ghost' } } },
      'views.C.title',
    ],
    [
      'field ACL entity FIELD_ENTITY on a non-user field',
      '/k/v1/field/acl.json',
      { rights: [{ field: 'Record_number', entities: [{ entity: TEXT_FIELD, accessibility: 'NONE' }] }] },
      'rights[0].entities[0].entity.code',
    ],
    [
      'field ACL accessibility outside READ, WRITE, NONE',
      '/k/v1/field/acl.json',
      { rights: [{ field: 'Record_number', entities: [{ entity: USER_FIELD, accessibility: 'ALL' }] }] },
      'rights[0].entities[0].accessibility',
    ],
    // kintone.dev "Update Record Permissions": an entity granted edit or delete must be granted view.
    [
      'a record permission to edit without view',
      '/k/v1/preview/record/acl.json',
      { rights: [{ entities: [{ entity: USER_FIELD, viewable: false, editable: true }] }] },
      'rights[0].entities[0].viewable',
    ],
    [
      'a record permission to delete with view left out',
      '/k/v1/preview/record/acl.json',
      { rights: [{ filterCond: '', entities: [{ entity: USER_FIELD, deletable: true }] }] },
      'rights[0].entities[0].viewable',
    ],
    [
      'graph aggregation on an unknown field',
      '/k/v1/preview/app/reports.json',
      { reports: { R: { chartType: 'PIE', index: 0, aggregations: [{ type: 'SUM', code: 'ghost' }] } } },
      'reports.R.aggregations[0].code',
    ],
    // kintone.dev "Update Graph Settings" (cybozu.dev's Japanese page): chartMode is required for BAR,
    // COLUMN, AREA and SPLINE_AREA.
    ...['BAR', 'COLUMN', 'AREA', 'SPLINE_AREA'].map(
      (chartType) =>
        [
          `a ${chartType} graph without chartMode`,
          '/k/v1/preview/app/reports.json',
          { reports: { R: { chartType, index: 0 } } },
          'reports.R.chartMode',
        ] as [string, string, Record<string, unknown>, string],
    ),
    [
      'graph chart type outside the list',
      '/k/v1/preview/app/reports.json',
      { reports: { R: { chartType: 'RADAR', index: 0 } } },
      'reports.R.chartType',
    ],
    [
      'copy action source on an unknown field',
      '/k/v1/preview/app/actions.json',
      {
        actions: {
          A: {
            index: 0,
            destApp: { app: 1 },
            mappings: [{ srcType: 'FIELD', srcField: 'ghost', destField: 'Record_number' }],
          },
        },
      },
      'actions.A.mappings[0].srcField',
    ],
    [
      'a reminder time that is not HH:MM',
      '/k/v1/preview/app/notifications/reminder.json',
      { notifications: [{ timing: { code: 'Created_datetime', daysLater: 0, time: '9 am' }, targets: [] }] },
      'notifications[0].timing.time',
    ],
    // kintone.dev "Update Reminder Notification Settings": daysLater between -10000 and 10000.
    [
      'a reminder 10001 days after its date',
      '/k/v1/preview/app/notifications/reminder.json',
      {
        notifications: [
          { timing: { code: 'Created_datetime', daysLater: 10001, hoursLater: 0 }, targets: [] },
        ],
      },
      'notifications[0].timing.daysLater',
    ],
    [
      'a reminder 10001 days before its date',
      '/k/v1/preview/app/notifications/reminder.json',
      {
        notifications: [
          { timing: { code: 'Created_datetime', daysLater: '-10001', hoursLater: 0 }, targets: [] },
        ],
      },
      'notifications[0].timing.daysLater',
    ],
    [
      'a reminder time zone that does not exist',
      '/k/v1/preview/app/notifications/reminder.json',
      { timezone: 'Mars/Base' },
      'timezone',
    ],
    [
      'a reminder time zone given as an offset',
      '/k/v1/preview/app/notifications/reminder.json',
      { timezone: '+09:00' },
      'timezone',
    ],
    [
      'a reminder with both hoursLater and time',
      '/k/v1/preview/app/notifications/reminder.json',
      {
        notifications: [
          { timing: { code: 'Created_datetime', daysLater: 1, hoursLater: 2, time: '09:00' }, targets: [] },
        ],
      },
      'notifications[0].timing',
    ],
    [
      'a per-record notification filter on an unknown field',
      '/k/v1/preview/app/notifications/perRecord.json',
      { notifications: [{ filterCond: 'ghost > 1', targets: [] }] },
      'notifications[0].filterCond',
    ],
  ])('refuses %s', async (_case, path, body, param) => {
    const app = await emu.deployedApp();
    const res = await emu.call('PUT', path, { app, ...body });
    expect([res.status, res.body.code]).toEqual([400, 'CB_VA01']);
    expect(Object.keys(res.body.errors)).toEqual([param]);
  });

  it.each([-10000, 10000, '-10000'])(
    'takes a reminder %s days from its date, the ends of the range',
    async (daysLater) => {
      const app = await emu.deployedApp();
      const res = await emu.call('PUT', '/k/v1/preview/app/notifications/reminder.json', {
        app,
        notifications: [{ timing: { code: 'Created_datetime', daysLater, hoursLater: 0 }, targets: [] }],
      });
      expect(res.status).toBe(200);
    },
  );

  it.each(['Asia/Tokyo', 'UTC', 'Etc/GMT+9', 'Asia/Kolkata', 'America/Argentina/Buenos_Aires'])(
    'takes the reminder time zone %s',
    async (timezone) => {
      const app = await emu.deployedApp();
      const res = await emu.call('PUT', '/k/v1/preview/app/notifications/reminder.json', {
        app,
        timezone,
        notifications: [{ timing: { code: 'Created_datetime', daysLater: -1, time: '09:00' }, targets: [] }],
      });
      expect(res.status).toBe(200);
      const read = await emu.call('GET', '/k/v1/preview/app/notifications/reminder.json', { app });
      expect(read.body.timezone).toBe(timezone);
    },
  );
});

describe('name lengths', () => {
  // kintone.dev "Update Action Settings": "1 to 32 characters can be specified"; cybozu.dev
  // "アプリのグラフ設定の変更する": a graph's name "64文字以内で指定します".
  const NAMED = [
    {
      what: 'an action',
      path: '/k/v1/preview/app/actions.json',
      key: 'actions',
      max: 32,
      body: (app: string, name: string) => ({
        actions: { [name]: { name, index: 0, destApp: { app }, mappings: [], entities: [] } },
      }),
    },
    {
      what: 'a graph',
      path: '/k/v1/preview/app/reports.json',
      key: 'reports',
      max: 64,
      body: (_app: string, name: string) => ({
        reports: { [name]: { name, chartType: 'PIE', index: 0, groups: [{ code: 'Created_by' }] } },
      }),
    },
  ];
  it.each(
    NAMED.flatMap((n) => [
      { ...n, length: n.max },
      { ...n, length: n.max + 1 },
    ]),
  )('$what named with $length characters ($max at most)', async ({ path, key, max, body, length }) => {
    const app = await emu.deployedApp();
    const name = 'N'.repeat(length);
    const res = await emu.call('PUT', path, { app, ...body(app, name) });
    const refused = length > max;
    expect([res.status, refused ? Object.keys(res.body.errors) : []]).toEqual([
      refused ? 400 : 200,
      refused ? [`${key}.${name}.name`] : [],
    ]);
  });
});
