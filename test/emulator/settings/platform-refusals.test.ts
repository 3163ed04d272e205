/**
 * App settings the hosted platform refuses, refused by the local service in the platform's shape
 * (400 CB_VA01, `errors` keyed by the body's path), and their honest neighbours taken. Each row
 * says where the platform's rule is written; validate refuses the same settings (its problem code
 * in the row's name).
 * - An option's label is its key: kintone/mcp-server's Add Form Fields tool ("option keys must
 *   exactly match their label values") and Update Form Fields ("Option keys must exactly match
 *   current option names") (FIELD.OPTION_LABEL).
 * - A formula names fields the app has: kintone help 040497 "Formula Errors" ("The field code
 *   (***) in the formula does not exist") (FIELD.UNKNOWN at the expression).
 * - A filter names statuses the process has: a query value a choice field lacks is GAIA_IQ10 in a
 *   record query (platform-facts-verified, Queries), and a status is the STATUS field's value
 *   (QUERY.OPTION). Views excepted (their row says why).
 * - A row of the layout holds no table, group, status, assignee or category: kintone/mcp-server
 *   issue #552 (the platform answers such an element 400 CB_VA01) (LAYOUT.BLOCK,
 *   LAYOUT.NOT_PLACEABLE).
 * - A reminder's timing: daysLater, and hoursLater or time, required; daysLater and hoursLater from
 *   -10,000 to 10,000; time in steps of ten minutes (cybozu.dev "リマインダーの条件通知の設定を変更
 *   する") (SCHEMA.MISSING_KEY, NOTIFY.TIMING).
 * - A graph: a pivot table takes two groups or more, a graph added takes its groups, two graphs
 *   take two indexes (cybozu.dev "アプリのグラフ設定の変更する") (REPORT.GROUPS, SCHEMA.MISSING_KEY;
 *   apply writes positions as indexes).
 * The platform documents no error code for a settings write breaking these: CB_VA01, its code for
 * any invalid input of a settings body, is our choice.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { useEmulator } from '../harness.js';

const emu = useEmulator();

const FIELDS = '/k/v1/preview/app/form/fields.json';
const STATUS = '/k/v1/preview/app/status.json';
const VIEWS = '/k/v1/preview/app/views.json';

const option = (name: string, index = 0) => ({ [name]: { label: name, index: String(index) } });
const FORM = {
  amount: { type: 'NUMBER', code: 'amount', label: 'Amount' },
  tags: { type: 'CHECK_BOX', code: 'tags', label: 'Tags', options: option('a') },
  due: { type: 'DATE', code: 'due', label: 'Due' },
  at: { type: 'DATETIME', code: 'at', label: 'At' },
  box: { type: 'GROUP', code: 'box', label: 'Box' },
  twice: { type: 'CALC', code: 'twice', label: 'Twice', expression: 'amount * 2' },
  lines: {
    type: 'SUBTABLE',
    code: 'lines',
    label: 'Lines',
    fields: { qty: { type: 'NUMBER', code: 'qty', label: 'Qty' } },
  },
};
const PROCESS = {
  enable: true,
  states: { Open: { name: 'Open', index: '0' }, Done: { name: 'Done', index: '1' } },
  actions: [{ name: 'Finish', from: 'Open', to: 'Done' }],
};
const LAYOUT = '/k/v1/preview/app/form/layout.json';
const REMINDER = '/k/v1/preview/app/notifications/reminder.json';
/** The form's layout with `extra` elements in a row of their own at the end. */
const layoutWith = (...extra: object[]) => ({
  layout: [
    ...['amount', 'tags', 'due', 'at', 'twice'].map((code) => ({
      type: 'ROW',
      fields: [{ type: FORM[code as keyof typeof FORM].type, code }],
    })),
    { type: 'SUBTABLE', code: 'lines', fields: [{ type: 'NUMBER', code: 'qty' }] },
    { type: 'GROUP', code: 'box', layout: [] },
    ...(extra.length > 0 ? [{ type: 'ROW', fields: extra }] : []),
  ],
});
const reminder = (timing: object) => ({
  notifications: [{ timing: { code: 'due', ...timing }, title: 't', targets: ADMIN }],
});
const REPORTS = '/k/v1/preview/app/reports.json';
const graph = (chartType: string, codes: string[], index = '0') => ({
  chartType,
  index,
  groups: codes.map((code) => ({ code })),
  aggregations: [{ type: 'COUNT' }],
  sorts: [{ by: 'TOTAL', order: 'DESC' }],
});
const calc = (code: string, expression: string) => ({ type: 'CALC', code, label: code, expression });
const ADMIN = [{ entity: { type: 'USER', code: 'admin' } }];

let app: string;
/** The draft's views, the built-in "(Assigned to me)" among them once the process is on. */
let draftViews: Record<string, unknown>;

beforeEach(async () => {
  app = await emu.deployedApp();
  expect((await emu.call('POST', FIELDS, { app, properties: FORM })).status).toBe(200);
  expect((await emu.call('PUT', STATUS, { app, ...PROCESS })).status).toBe(200);
  draftViews = (await emu.call('GET', VIEWS, { app })).body.views;
});

/** A write, and the key of `errors` the platform's shape puts the refusal at (null: taken). */
type Row = [name: string, method: string, path: string, body: () => object, refusedAt: string | null];

const ROWS: Row[] = [
  // A choice field's options.
  [
    'FIELD.OPTION_LABEL: an added option whose label is not its key',
    'POST',
    FIELDS,
    () => ({
      properties: {
        pick: { type: 'DROP_DOWN', code: 'pick', label: 'P', options: { a: { label: 'A', index: '0' } } },
      },
    }),
    'properties.pick.options.a.label',
  ],
  [
    'FIELD.OPTION_LABEL: an updated option whose label is not its key',
    'PUT',
    FIELDS,
    () => ({ properties: { tags: { options: { a: { label: 'b', index: '0' } } } } }),
    'properties.tags.options.a.label',
  ],
  [
    'FIELD.OPTION_LABEL: a table column option whose label is not its key',
    'PUT',
    FIELDS,
    () => ({
      properties: {
        lines: {
          fields: {
            kind: {
              type: 'RADIO_BUTTON',
              code: 'kind',
              label: 'K',
              options: { x: { label: 'X', index: '0' } },
            },
          },
        },
      },
    }),
    'properties.lines.fields.kind.options.x.label',
  ],
  [
    'taken: options whose labels are their keys',
    'POST',
    FIELDS,
    () => ({
      properties: {
        pick: {
          type: 'MULTI_SELECT',
          code: 'pick',
          label: 'P',
          options: { ...option('In use'), ...option('Spare', 1) },
        },
      },
    }),
    null,
  ],
  // Formulas.
  [
    'FIELD.UNKNOWN: a CALC formula naming no field',
    'POST',
    FIELDS,
    () => ({ properties: { total: calc('total', 'amount * ghost') } }),
    'properties.total.expression',
  ],
  [
    'FIELD.UNKNOWN: an auto-calculated text naming no field',
    'POST',
    FIELDS,
    () => ({
      properties: { note: { type: 'SINGLE_LINE_TEXT', code: 'note', label: 'N', expression: 'ghost & "x"' } },
    }),
    'properties.note.expression',
  ],
  [
    'FIELD.UNKNOWN: a column formula naming no field',
    'PUT',
    FIELDS,
    () => ({ properties: { lines: { fields: { sub: calc('sub', 'qty * ghost') } } } }),
    'properties.lines.fields.sub.expression',
  ],
  [
    'FIELD.UNKNOWN: a changed formula naming no field',
    'PUT',
    FIELDS,
    () => ({ properties: { twice: { expression: 'ghost * 2' } } }),
    'properties.twice.expression',
  ],
  [
    'taken: a formula naming a field the same request adds, and a column inside SUM',
    'POST',
    FIELDS,
    () => ({
      properties: {
        rate: { type: 'NUMBER', code: 'rate', label: 'R' },
        total: calc('total', 'amount * rate + SUM(qty)'),
      },
    }),
    null,
  ],
  [
    "taken: a column formula naming the table's other column, left out of the request",
    'PUT',
    FIELDS,
    () => ({ properties: { lines: { fields: { sub: calc('sub', 'qty * 2') } } } }),
    null,
  ],
  [
    'taken: a formula naming a field by the code the same request renames it to',
    'PUT',
    FIELDS,
    () => ({ properties: { amount: { code: 'price' } } }),
    null,
  ],
  // Filters naming a status.
  [
    // Not recorded for the platform, and apply writes the views before the process (the views
    // row of emulator/handlers/settings/areas.ts): left open, validate alone refuses it.
    'taken: a view filter naming a status the process lacks',
    'PUT',
    VIEWS,
    () => ({
      views: { ...draftViews, Closed: { type: 'LIST', index: '2', filterCond: 'Status in ("Closed")' } },
    }),
    null,
  ],
  [
    'QUERY.OPTION: a per-record notification naming a status the process lacks',
    'PUT',
    '/k/v1/preview/app/notifications/perRecord.json',
    () => ({ notifications: [{ filterCond: 'Status = "Closed"', title: 't', targets: ADMIN }] }),
    'notifications[0].filterCond',
  ],
  [
    'QUERY.OPTION: a reminder naming a status the process lacks',
    'PUT',
    '/k/v1/preview/app/notifications/reminder.json',
    () => ({
      notifications: [
        {
          timing: { code: 'due', daysLater: 0, time: '08:00' },
          filterCond: 'Status not in ("Closed")',
          title: 't',
          targets: ADMIN,
        },
      ],
    }),
    'notifications[0].filterCond',
  ],
  [
    'QUERY.OPTION: a graph filter naming a status the process lacks',
    'PUT',
    '/k/v1/preview/app/reports.json',
    () => ({
      reports: {
        R: {
          chartType: 'PIE',
          name: 'R',
          index: '0',
          groups: [{ code: 'amount' }],
          aggregations: [{ type: 'COUNT' }],
          filterCond: 'Status in ("Closed")',
          sorts: [{ by: 'TOTAL', order: 'DESC' }],
        },
      },
    }),
    'reports.R.filterCond',
  ],
  [
    'QUERY.OPTION: a record permission naming a status the process lacks',
    'PUT',
    '/k/v1/preview/record/acl.json',
    () => ({
      rights: [
        {
          filterCond: 'Status in ("Closed")',
          entities: [{ entity: ADMIN[0]!.entity, viewable: true, editable: true, deletable: true }],
        },
      ],
    }),
    'rights[0].filterCond',
  ],
  [
    "QUERY.OPTION: an action's condition naming a status the written process lacks",
    'PUT',
    STATUS,
    () => ({ actions: [{ ...PROCESS.actions[0], filterCond: 'Status in ("Closed")' }] }),
    'actions[0].filterCond',
  ],
  [
    'taken: a view filter naming the statuses the process has',
    'PUT',
    VIEWS,
    () => ({
      views: { ...draftViews, Open: { type: 'LIST', index: '2', filterCond: 'Status in ("Open", "Done")' } },
    }),
    null,
  ],
  [
    "taken: an action's condition naming a status the same write renames Done to",
    'PUT',
    STATUS,
    () => ({
      states: { ...PROCESS.states, Done: { name: 'Closed', index: '1' } },
      actions: [{ name: 'Finish', from: 'Open', to: 'Closed', filterCond: 'Status not in ("Closed")' }],
    }),
    null,
  ],
  // The layout's rows.
  ['taken: the layout with its table and group as blocks', 'PUT', LAYOUT, () => layoutWith(), null],
  [
    'LAYOUT.BLOCK: a group as an element of a row',
    'PUT',
    LAYOUT,
    () => layoutWith({ type: 'GROUP', code: 'box' }),
    'layout[7].fields[0].type',
  ],
  [
    'LAYOUT.BLOCK: a table as an element of a row',
    'PUT',
    LAYOUT,
    () => layoutWith({ type: 'SUBTABLE', code: 'lines' }),
    'layout[7].fields[0].type',
  ],
  [
    'LAYOUT.NOT_PLACEABLE: the status as an element of a row',
    'PUT',
    LAYOUT,
    () => layoutWith({ type: 'STATUS', code: 'Status' }),
    'layout[7].fields[0].type',
  ],
  [
    'LAYOUT.NOT_PLACEABLE: the assignee as an element of a row',
    'PUT',
    LAYOUT,
    () => layoutWith({ type: 'STATUS_ASSIGNEE', code: 'Assignee' }),
    'layout[7].fields[0].type',
  ],
  // A reminder's timing.
  [
    'SCHEMA.MISSING_KEY: a reminder without daysLater',
    'PUT',
    REMINDER,
    () => reminder({ time: '09:00' }),
    'notifications[0].timing.daysLater',
  ],
  [
    'NOTIFY.TIMING: a reminder with neither hoursLater nor time',
    'PUT',
    REMINDER,
    () => reminder({ daysLater: 0 }),
    'notifications[0].timing',
  ],
  [
    'NOTIFY.TIMING: a reminder 10,001 hours later',
    'PUT',
    REMINDER,
    () => reminder({ code: 'at', daysLater: 0, hoursLater: 10_001 }),
    'notifications[0].timing.hoursLater',
  ],
  [
    'NOTIFY.TIMING: a reminder at a time off the ten-minute steps',
    'PUT',
    REMINDER,
    () => reminder({ daysLater: 0, time: '09:05' }),
    'notifications[0].timing.time',
  ],
  [
    'taken: reminders at the edges (10,000 hours before, 09:50)',
    'PUT',
    REMINDER,
    () => ({
      notifications: [
        ...reminder({ code: 'at', daysLater: -10_000, hoursLater: -10_000 }).notifications,
        ...reminder({ daysLater: 10_000, time: '09:50' }).notifications,
      ],
    }),
    null,
  ],
  // Graphs.
  [
    'REPORT.GROUPS: a pivot table with one group',
    'PUT',
    REPORTS,
    () => ({ reports: { P: graph('PIVOT_TABLE', ['amount']) } }),
    'reports.P.groups',
  ],
  [
    'SCHEMA.MISSING_KEY: a graph added without groups',
    'PUT',
    REPORTS,
    () => ({ reports: { P: { ...graph('PIE', []), groups: undefined } } }),
    'reports.P.groups',
  ],
  [
    'two graphs with one index',
    'PUT',
    REPORTS,
    () => ({ reports: { P: graph('PIE', ['amount']), Q: graph('PIE', ['due'], '0') } }),
    'reports.Q.index',
  ],
  [
    'taken: a pivot table with two groups, beside a graph of its own index',
    'PUT',
    REPORTS,
    () => ({ reports: { P: graph('PIVOT_TABLE', ['amount', 'due']), Q: graph('PIE', ['due'], '1') } }),
    null,
  ],
];

describe('the local service refuses the settings the platform refuses', () => {
  it.each(ROWS)('%s', async (_name, method, path, body, refusedAt) => {
    const res = await emu.call(method, path, { app, ...body() });
    if (refusedAt === null) return expect([res.status, res.body]).toEqual([200, expect.anything()]);
    expect([res.status, res.body.code, Object.keys(res.body.errors ?? {})]).toEqual([
      400,
      'CB_VA01',
      [refusedAt],
    ]);
  });

  it('leaves a filter naming any status open while process management is off, as a record query does', async () => {
    expect((await emu.call('PUT', STATUS, { app, enable: false })).status).toBe(200);
    const notifications = [{ filterCond: 'Status in ("Closed")', title: 't', targets: ADMIN }];
    const res = await emu.call('PUT', '/k/v1/preview/app/notifications/perRecord.json', {
      app,
      notifications,
    });
    expect(res.status).toBe(200);
  });
});
