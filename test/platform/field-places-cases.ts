/**
 * One hand-written case per place of the catalogue of field places (src/platform/field-places.ts):
 * a manifest naming a code there, the same setting as the REST write the local service takes, and
 * what each side is expected to do with it, written from the platform's shapes (the official
 * client's app types) and the words where-used has always used, not read from the catalogue.
 */
import type { SettingsKey } from '../../src/platform/index.js';

/** The fields of both apps of the test project (app `a`, and `b` that lookups and copies read). */
export const FIELDS: Record<string, Record<string, unknown>> = {
  subject: { type: 'SINGLE_LINE_TEXT', label: 'Subject' },
  memo: { type: 'SINGLE_LINE_TEXT', label: 'Memo' },
  amount: { type: 'NUMBER', label: 'Amount' },
  due: { type: 'DATE', label: 'Due' },
  notes: { type: 'MULTI_LINE_TEXT', label: 'Notes' },
  owner: { type: 'USER_SELECT', label: 'Owner' },
  lines: { type: 'SUBTABLE', label: 'Lines', fields: { item: { type: 'SINGLE_LINE_TEXT', label: 'Item' } } },
};

/** Where a write goes (after `/k/v1/preview/`), and its body without `app`. */
export interface RestWrite {
  method: 'PUT' | 'POST';
  endpoint: string;
  body: Record<string, unknown>;
}

export interface PlaceCase {
  /** The place: its settings key and path, as the catalogue writes them. */
  key: SettingsKey;
  path: string;
  /** The manifest's parts (beyond name and fields) naming `code` at the place; `rel` names app b. */
  manifest: (code: string) => Record<string, unknown>;
  /** The REST write naming `code` there; `rel` is app b's id. */
  rest: (code: string, rel: string) => RestWrite;
  /** The key of the service's `errors` when `code` names no field; null: the service does not check it. */
  errorKey: string | null;
  /** The manifest path validate reports FIELD.UNKNOWN at; null: validate does not check it. */
  validateAt: string | null;
  /** What where-used lists for the code (`area: where`); null: it lists nothing there. */
  usage: string | null;
  /**
   * A field of a type the place does not take, which validate (FIELD.WRONG_TYPE) and the local
   * service (400 at errorKey) both refuse; absent where the place takes any field, or where only
   * one side checks types yet (another app's fields: the service checks only that they are live).
   */
  wrongType?: string;
  /** Whose field the place names: `a`'s own (a rename in `a` follows it) or `b`'s. */
  of: 'a' | 'b';
}

const put = (endpoint: string, body: Record<string, unknown>): RestWrite => ({
  method: 'PUT',
  endpoint,
  body,
});
const entity = (code: string) => ({ type: 'FIELD_ENTITY', code });

/** A lookup field `k` on app b's `amount`, with one slot given. */
function lookup(rel: unknown, slots: Record<string, unknown>): Record<string, unknown> {
  return {
    type: 'NUMBER',
    label: 'K',
    lookup: {
      relatedApp: rel,
      relatedKeyField: slots.key ?? 'amount',
      fieldMappings: [{ field: slots.field ?? 'memo', relatedField: slots.relatedField ?? 'memo' }],
      lookupPickerFields: [slots.picker ?? 'memo'],
      ...(slots.filter === undefined ? {} : { filterCond: slots.filter }),
      ...(slots.sort === undefined ? {} : { sort: slots.sort }),
    },
  };
}

/** A related-records table `r` on app b, with one slot given. */
function related(rel: unknown, slots: Record<string, unknown>): Record<string, unknown> {
  return {
    type: 'REFERENCE_TABLE',
    label: 'R',
    referenceTable: {
      relatedApp: rel,
      condition: { field: slots.field ?? 'memo', relatedField: slots.relatedField ?? 'memo' },
      displayFields: [slots.column ?? 'memo'],
      ...(slots.filter === undefined ? {} : { filterCond: slots.filter }),
      ...(slots.sort === undefined ? {} : { sort: slots.sort }),
    },
  };
}

/** A REST field definition (`code` inside, a table's columns too). */
function rest(code: string, def: Record<string, unknown>): Record<string, unknown> {
  return { ...def, code };
}

type Slots = Record<string, string>;

/** A place of a field definition: of the form's field `k`/`r`, or (column) of the table `lines`. */
function definition(
  path: string,
  build: typeof lookup,
  slot: string,
  expect: Pick<PlaceCase, 'errorKey' | 'validateAt' | 'usage' | 'of' | 'wrongType'>,
  column = false,
): PlaceCase {
  const name = build === lookup ? 'k' : 'r';
  const text =
    slot === 'filter'
      ? (c: string) => `${c} = "1"`
      : slot === 'sort'
        ? (c: string) => `${c} asc`
        : (c: string) => c;
  const slots = (code: string): Slots => ({
    ...(column ? { field: 'item' } : {}),
    [slot]: text(code),
  });
  return {
    key: 'fields',
    path,
    manifest: (code) => {
      const def = build({ app: 'b' }, slots(code));
      if (!column) return { fields: { ...FIELDS, [name]: def } };
      const table = FIELDS.lines as { fields: Record<string, unknown> };
      return { fields: { ...FIELDS, lines: { ...FIELDS.lines, fields: { ...table.fields, [name]: def } } } };
    },
    rest: (code, rel) => {
      const def = rest(name, build({ app: rel }, slots(code)));
      if (!column)
        return { method: 'POST', endpoint: 'app/form/fields.json', body: { properties: { [name]: def } } };
      const lines = {
        ...FIELDS.lines,
        code: 'lines',
        fields: { item: rest('item', { type: 'SINGLE_LINE_TEXT', label: 'Item' }), [name]: def },
      };
      return { method: 'PUT', endpoint: 'app/form/fields.json', body: { properties: { lines } } };
    },
    ...expect,
  };
}

/** The places of a field definition, for the form's fields and for a table's columns. */
function definitionCases(item: string, column: boolean): PlaceCase[] {
  const at = column ? 'fields.lines.fields' : 'fields';
  const key = column ? 'properties.lines.fields' : 'properties';
  const calc = (code: string) => ({ type: 'CALC', label: 'C', expression: `${code} * 2` });
  return [
    {
      key: 'fields',
      path: `${item}.expression`,
      manifest: (code) =>
        column
          ? {
              fields: {
                ...FIELDS,
                lines: { ...FIELDS.lines, fields: { ...(FIELDS.lines!.fields as object), c: calc(code) } },
              },
            }
          : { fields: { ...FIELDS, c: calc(code) } },
      rest: (code) => {
        if (!column)
          return {
            method: 'POST',
            endpoint: 'app/form/fields.json',
            body: { properties: { c: rest('c', calc(code)) } },
          };
        const item = rest('item', { type: 'SINGLE_LINE_TEXT', label: 'Item' });
        const lines = { ...FIELDS.lines, code: 'lines', fields: { item, c: rest('c', calc(code)) } };
        return { method: 'PUT', endpoint: 'app/form/fields.json', body: { properties: { lines } } };
      },
      // Both sides read a formula's field names (kintone help 040497: the platform refuses a
      // formula naming a code the app lacks; platform/formula-tokens.ts); where-used does not
      // list them.
      errorKey: `${key}.c.expression`,
      usage: null,
      of: 'a',
      validateAt: `${at}.c.expression`,
    },
    definition(
      `${item}.lookup.relatedKeyField`,
      lookup,
      'key',
      {
        errorKey: `${key}.k.lookup.relatedKeyField`,
        validateAt: `${at}.k.lookup.relatedKeyField`,
        usage: `lookups: a lookup k (key)`,
        of: 'b',
      },
      column,
    ),
    definition(
      `${item}.lookup.fieldMappings[*].field`,
      lookup,
      'field',
      {
        errorKey: `${key}.k.lookup.fieldMappings[0].field`,
        validateAt: `${at}.k.lookup.fieldMappings[0].field`,
        usage: 'lookups: filled by lookup k from memo',
        of: 'a',
      },
      column,
    ),
    definition(
      `${item}.lookup.fieldMappings[*].relatedField`,
      lookup,
      'relatedField',
      {
        errorKey: `${key}.k.lookup.fieldMappings[0].relatedField`,
        validateAt: `${at}.k.lookup.fieldMappings[0].relatedField`,
        usage: `lookups: a lookup k (copied into ${column ? 'item' : 'memo'})`,
        of: 'b',
      },
      column,
    ),
    definition(
      `${item}.lookup.lookupPickerFields[*]`,
      lookup,
      'picker',
      {
        errorKey: `${key}.k.lookup.lookupPickerFields[0]`,
        validateAt: `${at}.k.lookup.lookupPickerFields[0]`,
        usage: 'lookups: a lookup k (picker column)',
        of: 'b',
      },
      column,
    ),
    definition(
      `${item}.lookup.filterCond`,
      lookup,
      'filter',
      {
        errorKey: `${key}.k.lookup.filterCond`,
        validateAt: `${at}.k.lookup.filterCond`,
        usage: 'lookups: a lookup k (filter)',
        of: 'b',
      },
      column,
    ),
    definition(
      `${item}.lookup.sort`,
      lookup,
      'sort',
      {
        errorKey: `${key}.k.lookup.sort`,
        validateAt: `${at}.k.lookup.sort`,
        usage: 'lookups: a lookup k (sort)',
        of: 'b',
      },
      column,
    ),
  ];
}

const list = (code: string) => ({ V: { type: 'LIST', index: 0, fields: [code] } });
const calendar = (date: string, title: string) => ({ C: { type: 'CALENDAR', index: 0, date, title } });
const view = (v: Record<string, unknown>) => ({ V: { type: 'LIST', index: 0, fields: ['memo'], ...v } });
/** Two statuses: a FIELD_ENTITY may not be the first's assignee (platform/first-status.ts). */
const states = (code: string) => ({
  Open: { index: 0, assignee: { type: 'ONE', entities: [] } },
  Done: { index: 1, assignee: { type: 'ONE', entities: [{ entity: entity(code) }] } },
});
const action = (a: Record<string, unknown>) => ({
  Open: { index: 0, assignee: { type: 'ONE', entities: [] } },
  Done: { index: 1, assignee: { type: 'ONE', entities: [] } },
  actions: [{ name: 'Go', from: 'Open', to: 'Done', ...a }],
});
const report = (r: Record<string, unknown>) => ({
  G: {
    chartType: 'BAR',
    chartMode: 'NORMAL',
    index: 0,
    groups: [{ code: 'memo' }],
    aggregations: [{ type: 'COUNT' }],
    ...r,
  },
});
const copy = (rel: unknown, m: Record<string, unknown>, more: Record<string, unknown> = {}) => ({
  Copy: {
    index: 0,
    destApp: rel,
    mappings: [{ srcType: 'FIELD', srcField: 'memo', destField: 'memo', ...m }],
    entities: [],
    ...more,
  },
});
const processManifest = (p: ReturnType<typeof action>) => {
  const { actions, ...statuses } = p;
  return { process: { enable: true, states: statuses, actions } };
};
const processRest = (p: ReturnType<typeof action>) => {
  const { actions, ...statuses } = p;
  const named = Object.fromEntries(Object.entries(statuses).map(([n, st]) => [n, { name: n, ...st }]));
  return put('app/status.json', { enable: true, states: named, actions });
};

/** The places of the settings beyond the form. */
const SETTINGS_CASES: PlaceCase[] = [
  {
    key: 'layout',
    path: 'layout[*].code',
    manifest: (code) => ({ layout: [{ type: 'SUBTABLE', code, fields: [] }] }),
    rest: (code) => put('app/form/layout.json', { layout: [{ type: 'SUBTABLE', code, fields: [] }] }),
    errorKey: 'layout[0].code',
    validateAt: 'layout[0].code',
    usage: 'layout: row 1',
    of: 'a',
  },
  {
    key: 'layout',
    path: 'layout[*].fields[*].code',
    manifest: (code) => ({ layout: [{ type: 'ROW', fields: [{ type: 'SINGLE_LINE_TEXT', code }] }] }),
    rest: (code) =>
      put('app/form/layout.json', {
        layout: [{ type: 'ROW', fields: [{ type: 'SINGLE_LINE_TEXT', code }] }],
      }),
    errorKey: 'layout[0].fields[0].code',
    validateAt: 'layout[0].fields[0].code',
    usage: 'layout: row 1',
    of: 'a',
  },
  {
    key: 'layout',
    path: 'layout[*].layout[*].fields[*].code',
    manifest: (code) => ({
      fields: { ...FIELDS, box: { type: 'GROUP', label: 'Box' } },
      layout: [
        {
          type: 'GROUP',
          code: 'box',
          layout: [{ type: 'ROW', fields: [{ type: 'SINGLE_LINE_TEXT', code }] }],
        },
      ],
    }),
    rest: (code) =>
      put('app/form/layout.json', {
        layout: [
          {
            type: 'GROUP',
            code: 'box',
            layout: [{ type: 'ROW', fields: [{ type: 'SINGLE_LINE_TEXT', code }] }],
          },
        ],
      }),
    errorKey: 'layout[0].layout[0].fields[0].code',
    validateAt: 'layout[0].layout[0].fields[0].code',
    usage: 'layout: row 1, group box row 1',
    of: 'a',
  },
  {
    key: 'views',
    path: 'views.*.fields[*]',
    manifest: (code) => ({ views: list(code) }),
    rest: (code) => put('app/views.json', { views: { V: { ...list(code).V, name: 'V' } } }),
    errorKey: 'views.V.fields[0]',
    validateAt: 'views.V.fields[0]',
    usage: 'views: view "V" (column)',
    of: 'a',
    wrongType: 'lines',
  },
  {
    key: 'views',
    path: 'views.*.date',
    manifest: (code) => ({ views: calendar(code, 'memo') }),
    rest: (code) => put('app/views.json', { views: { C: { ...calendar(code, 'memo').C, name: 'C' } } }),
    errorKey: 'views.C.date',
    validateAt: 'views.C.date',
    usage: 'views: view "C" (calendar date)',
    of: 'a',
    wrongType: 'memo',
  },
  {
    key: 'views',
    path: 'views.*.title',
    manifest: (code) => ({ views: calendar('due', code) }),
    rest: (code) => put('app/views.json', { views: { C: { ...calendar('due', code).C, name: 'C' } } }),
    errorKey: 'views.C.title',
    validateAt: 'views.C.title',
    usage: 'views: view "C" (calendar title)',
    of: 'a',
    wrongType: 'lines',
  },
  {
    key: 'views',
    path: 'views.*.filterCond',
    manifest: (code) => ({ views: view({ filterCond: `${code} = "1"` }) }),
    rest: (code) =>
      put('app/views.json', { views: { V: { ...view({ filterCond: `${code} = "1"` }).V, name: 'V' } } }),
    errorKey: 'views.V.filterCond',
    validateAt: 'views.V.filterCond',
    usage: 'views: view "V" (filter)',
    of: 'a',
  },
  {
    key: 'views',
    path: 'views.*.sort',
    manifest: (code) => ({ views: view({ sort: `${code} desc` }) }),
    rest: (code) =>
      put('app/views.json', { views: { V: { ...view({ sort: `${code} desc` }).V, name: 'V' } } }),
    errorKey: 'views.V.sort',
    validateAt: 'views.V.sort',
    usage: 'views: view "V" (sort)',
    of: 'a',
  },
  {
    key: 'process',
    path: 'states.*.assignee.entities[*].entity',
    manifest: (code) => ({ process: { enable: true, states: states(code) } }),
    rest: (code) =>
      put('app/status.json', {
        enable: true,
        states: Object.fromEntries(Object.entries(states(code)).map(([n, st]) => [n, { name: n, ...st }])),
      }),
    errorKey: 'states.Done.assignee.entities[0].entity.code',
    validateAt: 'process.states.Done.assignee.entities[0].entity.code',
    usage: 'process: status "Done" (assignee)',
    of: 'a',
    wrongType: 'memo',
  },
  {
    key: 'process',
    path: 'actions[*].filterCond',
    manifest: (code) => processManifest(action({ filterCond: `${code} = "1"` })),
    rest: (code) => processRest(action({ filterCond: `${code} = "1"` })),
    errorKey: 'actions[0].filterCond',
    validateAt: 'process.actions[0].filterCond',
    usage: 'process: action "Go" (filter)',
    of: 'a',
  },
  {
    key: 'process',
    path: 'actions[*].executableUser.entities[*].entity',
    manifest: (code) =>
      processManifest(
        action({ type: 'SECONDARY', executableUser: { entities: [{ entity: entity(code) }] } }),
      ),
    rest: (code) =>
      processRest(action({ type: 'SECONDARY', executableUser: { entities: [{ entity: entity(code) }] } })),
    errorKey: 'actions[0].executableUser.entities[0].entity.code',
    validateAt: 'process.actions[0].executableUser.entities[0].entity.code',
    usage: 'process: action "Go" (who may act)',
    of: 'a',
    wrongType: 'memo',
  },
  {
    key: 'recordAcl',
    path: 'rights[*].filterCond',
    manifest: (code) => ({ recordAcl: [{ filterCond: `${code} = "1"`, entities: [] }] }),
    rest: (code) => put('record/acl.json', { rights: [{ filterCond: `${code} = "1"`, entities: [] }] }),
    errorKey: 'rights[0].filterCond',
    validateAt: 'recordAcl[0].filterCond',
    usage: 'permissions: record permission 1 (filter)',
    of: 'a',
  },
  {
    key: 'recordAcl',
    path: 'rights[*].entities[*].entity',
    manifest: (code) => ({
      recordAcl: [{ filterCond: '', entities: [{ entity: entity(code), viewable: true }] }],
    }),
    rest: (code) =>
      put('record/acl.json', {
        rights: [{ filterCond: '', entities: [{ entity: entity(code), viewable: true }] }],
      }),
    errorKey: 'rights[0].entities[0].entity.code',
    validateAt: 'recordAcl[0].entities[0].entity.code',
    usage: 'permissions: record permission 1 (entity)',
    of: 'a',
    wrongType: 'memo',
  },
  {
    key: 'fieldAcl',
    path: 'rights[*].field',
    manifest: (code) => ({ fieldAcl: [{ field: code, entities: [] }] }),
    rest: (code) => put('field/acl.json', { rights: [{ field: code, entities: [] }] }),
    errorKey: 'rights[0].field',
    validateAt: 'fieldAcl[0].field',
    usage: 'permissions: field permissions',
    of: 'a',
    // Every field the test app has may carry a field permission, its table `lines` included
    // (field-places-sides.test.ts: "a field permission takes a whole table").
  },
  {
    // right.d.ts names the field `code`; a manifest has `field` only (the case above), so
    // validate has nothing here, and where-used reads a manifest.
    key: 'fieldAcl',
    path: 'rights[*].code',
    manifest: () => ({}),
    rest: (code) => put('field/acl.json', { rights: [{ code, entities: [] }] }),
    errorKey: 'rights[0].code',
    validateAt: null,
    usage: null,
    of: 'a',
  },
  {
    key: 'fieldAcl',
    path: 'rights[*].entities[*].entity',
    manifest: (code) => ({
      fieldAcl: [{ field: 'memo', entities: [{ entity: entity(code), accessibility: 'READ' }] }],
    }),
    rest: (code) =>
      put('field/acl.json', {
        rights: [{ field: 'memo', entities: [{ entity: entity(code), accessibility: 'READ' }] }],
      }),
    errorKey: 'rights[0].entities[0].entity.code',
    validateAt: 'fieldAcl[0].entities[0].entity.code',
    usage: 'permissions: field permissions of memo (entity)',
    of: 'a',
    wrongType: 'memo',
  },
  {
    key: 'notificationsGeneral',
    path: 'notifications[*].entity',
    manifest: (code) => ({
      notifications: { general: { notifications: [{ entity: entity(code), recordAdded: true }] } },
    }),
    rest: (code) =>
      put('app/notifications/general.json', { notifications: [{ entity: entity(code), recordAdded: true }] }),
    errorKey: 'notifications[0].entity.code',
    validateAt: 'notifications.general.notifications[0].entity.code',
    usage: 'notifications: general notifications (recipient)',
    of: 'a',
    wrongType: 'memo',
  },
  {
    key: 'notificationsPerRecord',
    path: 'notifications[*].filterCond',
    manifest: (code) => ({
      notifications: {
        perRecord: { notifications: [{ filterCond: `${code} = "1"`, title: 't', targets: [] }] },
      },
    }),
    rest: (code) =>
      put('app/notifications/perRecord.json', {
        notifications: [{ filterCond: `${code} = "1"`, title: 't', targets: [] }],
      }),
    errorKey: 'notifications[0].filterCond',
    validateAt: 'notifications.perRecord.notifications[0].filterCond',
    usage: 'notifications: record notification 1 (filter)',
    of: 'a',
  },
  {
    key: 'notificationsPerRecord',
    path: 'notifications[*].targets[*].entity',
    manifest: (code) => ({
      notifications: {
        perRecord: { notifications: [{ filterCond: '', title: 't', targets: [{ entity: entity(code) }] }] },
      },
    }),
    rest: (code) =>
      put('app/notifications/perRecord.json', {
        notifications: [{ filterCond: '', title: 't', targets: [{ entity: entity(code) }] }],
      }),
    errorKey: 'notifications[0].targets[0].entity.code',
    validateAt: 'notifications.perRecord.notifications[0].targets[0].entity.code',
    usage: 'notifications: record notification 1 (recipient)',
    of: 'a',
    wrongType: 'memo',
  },
  ...reminderCases(),
  {
    key: 'reports',
    path: 'reports.*.groups[*].code',
    manifest: (code) => ({ reports: report({ groups: [{ code }] }) }),
    rest: (code) =>
      put('app/reports.json', { reports: { G: { ...report({ groups: [{ code }] }).G, name: 'G' } } }),
    errorKey: 'reports.G.groups[0].code',
    validateAt: 'reports.G.groups[0].code',
    usage: 'reports: report "G" (group)',
    of: 'a',
    wrongType: 'notes',
  },
  {
    key: 'reports',
    path: 'reports.*.aggregations[*].code',
    manifest: (code) => ({ reports: report({ aggregations: [{ type: 'MAX', code }] }) }),
    rest: (code) =>
      put('app/reports.json', {
        reports: { G: { ...report({ aggregations: [{ type: 'MAX', code }] }).G, name: 'G' } },
      }),
    errorKey: 'reports.G.aggregations[0].code',
    validateAt: 'reports.G.aggregations[0].code',
    usage: 'reports: report "G" (max)',
    of: 'a',
    wrongType: 'memo',
  },
  {
    key: 'reports',
    path: 'reports.*.filterCond',
    manifest: (code) => ({ reports: report({ filterCond: `${code} = "1"` }) }),
    rest: (code) =>
      put('app/reports.json', {
        reports: { G: { ...report({ filterCond: `${code} = "1"` }).G, name: 'G' } },
      }),
    errorKey: 'reports.G.filterCond',
    validateAt: 'reports.G.filterCond',
    usage: 'reports: report "G" (filter)',
    of: 'a',
  },
  {
    key: 'actions',
    path: 'actions.*.mappings[*].srcField',
    manifest: (code) => ({ actions: copy({ app: 'b' }, { srcField: code }) }),
    rest: (code, rel) =>
      put('app/actions.json', {
        actions: { Copy: { ...copy({ app: rel }, { srcField: code }).Copy, name: 'Copy' } },
      }),
    errorKey: 'actions.Copy.mappings[0].srcField',
    validateAt: 'actions.Copy.mappings[0].srcField',
    usage: 'actions: action "Copy" (copied to memo)',
    of: 'a',
    wrongType: 'lines',
  },
  {
    key: 'actions',
    path: 'actions.*.mappings[*].destField',
    manifest: (code) => ({ actions: copy({ app: 'b' }, { destField: code }) }),
    rest: (code, rel) =>
      put('app/actions.json', {
        actions: { Copy: { ...copy({ app: rel }, { destField: code }).Copy, name: 'Copy' } },
      }),
    errorKey: 'actions.Copy.mappings[0].destField',
    validateAt: 'actions.Copy.mappings[0].destField',
    usage: 'actions: a action "Copy" (receives memo)',
    of: 'b',
  },
  {
    key: 'actions',
    path: 'actions.*.filterCond',
    manifest: (code) => ({ actions: copy({ app: 'b' }, {}, { filterCond: `${code} = "1"` }) }),
    rest: (code, rel) =>
      put('app/actions.json', {
        actions: { Copy: { ...copy({ app: rel }, {}, { filterCond: `${code} = "1"` }).Copy, name: 'Copy' } },
      }),
    errorKey: 'actions.Copy.filterCond',
    validateAt: 'actions.Copy.filterCond',
    usage: 'actions: action "Copy" (filter)',
    of: 'a',
  },
];

/** A reminder on `due` at 09:00, with one slot given. */
function reminderCases(): PlaceCase[] {
  const rule = (r: Record<string, unknown>) => ({
    timing: { code: 'due', daysLater: 0, time: '09:00' },
    filterCond: '',
    title: 't',
    targets: [],
    ...r,
  });
  const cases: [string, (code: string) => Record<string, unknown>, string, string][] = [
    [
      'notifications[*].timing.code',
      (code) => ({ timing: { code, daysLater: 0, time: '09:00' } }),
      'timing.code',
      'timing',
    ],
    ['notifications[*].filterCond', (code) => ({ filterCond: `${code} = "1"` }), 'filterCond', 'filter'],
    [
      'notifications[*].targets[*].entity',
      (code) => ({ targets: [{ entity: entity(code) }] }),
      'targets[0].entity.code',
      'recipient',
    ],
  ];
  return cases.map(([path, slot, at, what]) => ({
    key: 'notificationsReminder',
    path,
    manifest: (code) => ({
      notifications: { reminder: { timezone: 'UTC', notifications: [rule(slot(code))] } },
    }),
    rest: (code) =>
      put('app/notifications/reminder.json', { timezone: 'UTC', notifications: [rule(slot(code))] }),
    errorKey: `notifications[0].${at}`,
    validateAt: `notifications.reminder.notifications[0].${at}`,
    usage: `notifications: reminder 1 (${what})`,
    of: 'a',
    ...(what === 'filter' ? {} : { wrongType: 'memo' }),
  }));
}

export const PLACE_CASES: PlaceCase[] = [
  {
    key: 'general',
    path: 'titleField.code',
    manifest: (code) => ({ titleField: { selectionMode: 'MANUAL', code } }),
    rest: (code) => put('app/settings.json', { titleField: { selectionMode: 'MANUAL', code } }),
    errorKey: 'titleField.code',
    validateAt: 'titleField.code',
    usage: 'title: record title',
    of: 'a',
    wrongType: 'lines',
  },
  ...definitionCases('properties.*', false),
  ...definitionCases('properties.*.fields.*', true),
  definition('properties.*.referenceTable.condition.field', related, 'field', {
    errorKey: 'properties.r.referenceTable.condition.field',
    validateAt: 'fields.r.referenceTable.condition.field',
    usage: 'related records: r (matches memo)',
    of: 'a',
    wrongType: 'lines',
  }),
  definition('properties.*.referenceTable.condition.relatedField', related, 'relatedField', {
    errorKey: 'properties.r.referenceTable.condition.relatedField',
    validateAt: 'fields.r.referenceTable.condition.relatedField',
    usage: 'related records: a r (matches memo)',
    of: 'b',
  }),
  definition('properties.*.referenceTable.displayFields[*]', related, 'column', {
    errorKey: 'properties.r.referenceTable.displayFields[0]',
    validateAt: 'fields.r.referenceTable.displayFields[0]',
    usage: 'related records: a r (column)',
    of: 'b',
  }),
  definition('properties.*.referenceTable.filterCond', related, 'filter', {
    errorKey: 'properties.r.referenceTable.filterCond',
    validateAt: 'fields.r.referenceTable.filterCond',
    usage: 'related records: a r (filter)',
    of: 'b',
  }),
  definition('properties.*.referenceTable.sort', related, 'sort', {
    errorKey: 'properties.r.referenceTable.sort',
    validateAt: 'fields.r.referenceTable.sort',
    usage: 'related records: a r (sort)',
    of: 'b',
  }),
  ...SETTINGS_CASES,
];
