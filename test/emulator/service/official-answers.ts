/**
 * The answers of the hosted platform's REST API, as the official JavaScript client declares them
 * (node_modules/@kintone/rest-api-client/lib/src/client/types/ and lib/src/KintoneFields/types/,
 * version 6.2.1: every key below is a key of those types, optional only where they say `?`), in
 * the shape language of official-shapes.ts. Strings that carry numbers are `numeric`.
 */
import {
  anyValue,
  arrayOf,
  bool,
  either,
  ifKey,
  mapOf,
  nil,
  nullable,
  numeric,
  obj,
  oneOf,
  opt,
  str,
  tagged,
  type Shape,
} from './official-shapes.js';

const revision = obj({ revision: numeric });
const named = obj({ code: str, name: str });
/** types/entity.d.ts `Entity`. */
const entity = obj({ type: oneOf('USER', 'GROUP', 'ORGANIZATION'), code: str });
const fieldEntity = obj({ type: oneOf('FIELD_ENTITY'), code: str });
const entityOrField = either(entity, fieldEntity);

// --- Form fields: KintoneFields/types/property.d.ts -------------------------------------------

const base = { code: str, label: str, noLabel: bool };
const input = { ...base, required: bool };
const options = mapOf(obj({ label: str, index: numeric }));
const selectEntities = (types: string[]) => arrayOf(obj({ code: str, type: oneOf(...types) }));
const relatedApp = obj({ app: numeric, code: str });
const lookup = obj({
  relatedApp,
  relatedKeyField: str,
  fieldMappings: arrayOf(obj({ field: str, relatedField: str })),
  lookupPickerFields: arrayOf(str),
  filterCond: str,
  sort: str,
});
/** `Lookup`: a text or number field that looks up another app has these keys only. */
const lookupField = (type: string) => obj({ type: oneOf(type), ...input, lookup });
const withLookup = (type: string, plain: Shape) => ifKey('lookup', lookupField(type), plain);
const system = (type: string) => obj({ type: oneOf(type), ...base });
/** `Category`, `Status`, `StatusAssignee`: `enabled`, and no `noLabel`. */
const switchable = (type: string) => obj({ type: oneOf(type), code: str, label: str, enabled: bool });

const inTableProperty: Record<string, Shape> = {
  SINGLE_LINE_TEXT: withLookup(
    'SINGLE_LINE_TEXT',
    obj({
      type: oneOf('SINGLE_LINE_TEXT'),
      ...input,
      defaultValue: str,
      unique: bool,
      minLength: str,
      maxLength: str,
      expression: str,
      hideExpression: bool,
    }),
  ),
  NUMBER: withLookup(
    'NUMBER',
    obj({
      type: oneOf('NUMBER'),
      ...input,
      defaultValue: str,
      unique: bool,
      minValue: str,
      maxValue: str,
      digit: bool,
      displayScale: str,
      unit: str,
      unitPosition: oneOf('BEFORE', 'AFTER'),
    }),
  ),
  CALC: obj({
    type: oneOf('CALC'),
    ...input,
    expression: str,
    hideExpression: bool,
    format: oneOf('NUMBER', 'NUMBER_DIGIT', 'DATETIME', 'DATE', 'TIME', 'HOUR_MINUTE', 'DAY_HOUR_MINUTE'),
    displayScale: str,
    unit: str,
    unitPosition: oneOf('BEFORE', 'AFTER'),
  }),
  MULTI_LINE_TEXT: obj({ type: oneOf('MULTI_LINE_TEXT'), ...input, defaultValue: str }),
  RICH_TEXT: obj({ type: oneOf('RICH_TEXT'), ...input, defaultValue: str }),
  LINK: obj({
    type: oneOf('LINK'),
    ...input,
    defaultValue: str,
    unique: bool,
    minLength: str,
    maxLength: str,
    protocol: oneOf('WEB', 'CALL', 'MAIL'),
  }),
  CHECK_BOX: obj({
    type: oneOf('CHECK_BOX'),
    ...input,
    defaultValue: arrayOf(str),
    options,
    align: oneOf('HORIZONTAL', 'VERTICAL'),
  }),
  RADIO_BUTTON: obj({
    type: oneOf('RADIO_BUTTON'),
    ...input,
    defaultValue: str,
    options,
    align: oneOf('HORIZONTAL', 'VERTICAL'),
  }),
  DROP_DOWN: obj({ type: oneOf('DROP_DOWN'), ...input, defaultValue: str, options }),
  MULTI_SELECT: obj({ type: oneOf('MULTI_SELECT'), ...input, defaultValue: arrayOf(str), options }),
  FILE: obj({ type: oneOf('FILE'), ...input, thumbnailSize: oneOf('50', '150', '250', '500') }),
  DATE: obj({ type: oneOf('DATE'), ...input, defaultValue: str, unique: bool, defaultNowValue: bool }),
  TIME: obj({ type: oneOf('TIME'), ...input, defaultValue: str, defaultNowValue: bool }),
  DATETIME: obj({
    type: oneOf('DATETIME'),
    ...input,
    defaultValue: str,
    unique: bool,
    defaultNowValue: bool,
  }),
  USER_SELECT: obj({
    type: oneOf('USER_SELECT'),
    ...input,
    defaultValue: selectEntities(['USER', 'GROUP', 'ORGANIZATION', 'FUNCTION']),
    entities: selectEntities(['USER', 'GROUP', 'ORGANIZATION']),
  }),
  ORGANIZATION_SELECT: obj({
    type: oneOf('ORGANIZATION_SELECT'),
    ...input,
    defaultValue: selectEntities(['ORGANIZATION', 'FUNCTION']),
    entities: selectEntities(['ORGANIZATION']),
  }),
  GROUP_SELECT: obj({
    type: oneOf('GROUP_SELECT'),
    ...input,
    defaultValue: selectEntities(['GROUP']),
    entities: selectEntities(['GROUP']),
  }),
};

/** `OneOf` of property.d.ts, by `type`. */
export const fieldProperty: Shape = tagged('type', {
  ...inTableProperty,
  RECORD_NUMBER: system('RECORD_NUMBER'),
  CREATOR: system('CREATOR'),
  CREATED_TIME: system('CREATED_TIME'),
  MODIFIER: system('MODIFIER'),
  UPDATED_TIME: system('UPDATED_TIME'),
  CATEGORY: switchable('CATEGORY'),
  STATUS: switchable('STATUS'),
  STATUS_ASSIGNEE: switchable('STATUS_ASSIGNEE'),
  GROUP: obj({ type: oneOf('GROUP'), ...base, openGroup: bool }),
  REFERENCE_TABLE: obj({
    type: oneOf('REFERENCE_TABLE'),
    ...base,
    referenceTable: obj({
      relatedApp,
      condition: obj({ field: str, relatedField: str }),
      filterCond: str,
      displayFields: arrayOf(str),
      sort: str,
      size: oneOf('1', '3', '5', '10', '20', '30', '40', '50'),
    }),
  }),
  SUBTABLE: obj({ type: oneOf('SUBTABLE'), ...base, fields: mapOf(tagged('type', inTableProperty)) }),
});

export const getFormFields = obj({ properties: mapOf(fieldProperty), revision: numeric });

// --- Layout: KintoneFields/types/layout.d.ts, fieldLayout.d.ts ----------------------------------

const width = obj({ width: numeric });
const sized = (type: string, size: Shape = width) => obj({ type: oneOf(type), code: str, size });
const layoutInTable: Record<string, Shape> = Object.fromEntries(
  Object.keys(inTableProperty).map((t) => [
    t,
    sized(
      t,
      ['MULTI_LINE_TEXT', 'RICH_TEXT'].includes(t) ? obj({ width: numeric, innerHeight: numeric }) : width,
    ),
  ]),
);
const layoutField = tagged('type', {
  ...layoutInTable,
  ...Object.fromEntries(
    ['RECORD_NUMBER', 'CREATOR', 'CREATED_TIME', 'MODIFIER', 'UPDATED_TIME'].map((t) => [t, sized(t)]),
  ),
  REFERENCE_TABLE: obj({ type: oneOf('REFERENCE_TABLE'), code: str }),
  LABEL: obj({ type: oneOf('LABEL'), label: str, size: width }),
  HR: obj({ type: oneOf('HR'), size: width }),
  SPACER: obj({ type: oneOf('SPACER'), elementId: str, size: obj({ width: numeric, height: numeric }) }),
});
const row = obj({ type: oneOf('ROW'), fields: arrayOf(layoutField) });
export const getFormLayout = obj({
  layout: arrayOf(
    tagged('type', {
      ROW: row,
      SUBTABLE: obj({ type: oneOf('SUBTABLE'), code: str, fields: arrayOf(tagged('type', layoutInTable)) }),
      GROUP: obj({ type: oneOf('GROUP'), code: str, layout: arrayOf(row) }),
    }),
  ),
  revision: numeric,
});

// --- Views: types/app/view.d.ts ---------------------------------------------------------------

const viewBase = {
  index: numeric,
  builtinType: opt(oneOf('ASSIGNEE')),
  id: numeric,
  name: str,
  filterCond: str,
  sort: str,
};
export const getViews = obj({
  views: mapOf(
    tagged('type', {
      LIST: obj({ type: oneOf('LIST'), ...viewBase, fields: arrayOf(str) }),
      CALENDAR: obj({ type: oneOf('CALENDAR'), ...viewBase, date: str, title: str }),
      CUSTOM: obj({
        type: oneOf('CUSTOM'),
        ...viewBase,
        html: str,
        pager: bool,
        device: oneOf('DESKTOP', 'ANY'),
      }),
    }),
  ),
  revision: numeric,
});
export const updateViews = obj({ views: mapOf(obj({ id: numeric })), revision: numeric });

// --- Apps: types/app/index.d.ts `App` ---------------------------------------------------------

export const app = obj({
  appId: numeric,
  code: str,
  name: str,
  description: str,
  spaceId: nullable(numeric),
  threadId: nullable(numeric),
  createdAt: str,
  creator: named,
  modifiedAt: str,
  modifier: named,
});
export const getApps = obj({ apps: arrayOf(app) });
export const addApp = obj({ app: numeric, revision: numeric });
export const getDeployStatus = obj({
  apps: arrayOf(obj({ app: numeric, status: oneOf('PROCESSING', 'SUCCESS', 'FAIL', 'CANCEL') })),
});
export const empty = obj({});

// --- General settings: types/app/setting.d.ts --------------------------------------------------

export const getAppSettings = obj({
  name: str,
  description: str,
  icon: tagged('type', {
    FILE: obj({
      type: oneOf('FILE'),
      file: obj({ contentType: str, fileKey: str, name: str, size: numeric }),
    }),
    PRESET: obj({ type: oneOf('PRESET'), key: str }),
  }),
  theme: oneOf('WHITE', 'CLIPBOARD', 'BINDER', 'PENCIL', 'CLIPS', 'RED', 'BLUE', 'GREEN', 'YELLOW', 'BLACK'),
  titleField: obj({ selectionMode: oneOf('AUTO', 'MANUAL'), code: str }),
  enableThumbnails: bool,
  enableBulkDeletion: bool,
  enableComments: bool,
  enableDuplicateRecord: bool,
  numberPrecision: obj({
    digits: numeric,
    decimalPlaces: numeric,
    roundingMode: oneOf('HALF_EVEN', 'UP', 'DOWN'),
  }),
  firstMonthOfFiscalYear: numeric,
  enableInlineRecordEditing: bool,
  revision: numeric,
});

// --- Process management: types/app/processManagement.d.ts --------------------------------------

const includeSubs = { includeSubs: bool };
const assigneeEntity = obj({
  entity: either(
    entity,
    obj({ type: oneOf('FIELD_ENTITY', 'CUSTOM_FIELD'), code: str }),
    obj({ type: oneOf('CREATOR'), code: nil }),
  ),
  ...includeSubs,
});
const actionBase = { name: str, from: str, to: str, filterCond: str };
export const getProcessManagement = obj({
  enable: bool,
  states: nullable(
    mapOf(
      obj({
        index: numeric,
        name: str,
        assignee: obj({ type: oneOf('ONE', 'ALL', 'ANY'), entities: arrayOf(assigneeEntity) }),
      }),
    ),
  ),
  actions: nullable(
    arrayOf(
      tagged('type', {
        PRIMARY: obj({ ...actionBase, type: oneOf('PRIMARY') }),
        SECONDARY: obj({
          ...actionBase,
          type: oneOf('SECONDARY'),
          executableUser: obj({ entities: arrayOf(obj({ entity: entityOrField, ...includeSubs })) }),
        }),
      }),
    ),
  ),
  revision: numeric,
});

// --- Access rights: types/app/right.d.ts -------------------------------------------------------

const rights = (rule: Shape) => obj({ rights: arrayOf(rule), revision: numeric });
export const getAppAcl = rights(
  obj({
    entity: either(entity, obj({ type: oneOf('CREATOR'), code: nil })),
    ...includeSubs,
    appEditable: bool,
    recordViewable: bool,
    recordAddable: bool,
    recordEditable: bool,
    recordDeletable: bool,
    recordImportable: bool,
    recordExportable: bool,
  }),
);
export const getRecordAcl = rights(
  obj({
    entities: arrayOf(
      obj({ entity: entityOrField, viewable: bool, editable: bool, deletable: bool, ...includeSubs }),
    ),
    filterCond: str,
  }),
);
export const getFieldAcl = rights(
  obj({
    code: str,
    entities: arrayOf(
      obj({ accessibility: oneOf('READ', 'WRITE', 'NONE'), entity: entityOrField, ...includeSubs }),
    ),
  }),
);
/** `EvaluatedRecordRight`. */
export const evaluateRecordsAcl = obj({
  rights: arrayOf(
    obj({
      id: numeric,
      record: obj({ viewable: bool, editable: bool, deletable: bool }),
      fields: mapOf(obj({ viewable: bool, editable: bool })),
    }),
  ),
});

// --- Customization: types/app/customize.d.ts ---------------------------------------------------

const resource = tagged('type', {
  URL: obj({ type: oneOf('URL'), url: str }),
  FILE: obj({ type: oneOf('FILE'), file: obj({ fileKey: str, name: str, contentType: str, size: numeric }) }),
});
const resources = obj({ js: arrayOf(resource), css: arrayOf(resource) });
export const getAppCustomize = obj({
  scope: oneOf('ALL', 'ADMIN', 'NONE'),
  desktop: resources,
  mobile: resources,
  revision: numeric,
});

// --- Notifications: types/app/notification.d.ts ------------------------------------------------

const target = obj({ entity: entityOrField, ...includeSubs });
export const getGeneralNotifications = obj({
  notifications: arrayOf(
    obj({
      entity: entityOrField,
      ...includeSubs,
      recordAdded: bool,
      recordEdited: bool,
      commentAdded: bool,
      statusChanged: bool,
      fileImported: bool,
    }),
  ),
  notifyToCommenter: bool,
  revision: numeric,
});
/**
 * `PerRecordNotificationForResponse` also names a `revision` inside each notification; the kintone
 * documentation of Get Per Record Notification Settings has none there (only beside
 * `notifications`), so it is left optional: the evidence conflicts.
 */
export const getPerRecordNotifications = obj({
  notifications: arrayOf(
    obj({ filterCond: str, title: str, targets: arrayOf(target), revision: opt(numeric) }),
  ),
  revision: numeric,
});
export const getReminderNotifications = obj({
  notifications: arrayOf(
    obj({
      timing: either(
        obj({ code: str, daysLater: numeric, hoursLater: numeric }),
        obj({ code: str, daysLater: numeric, time: str }),
      ),
      filterCond: str,
      title: str,
      targets: arrayOf(target),
    }),
  ),
  timezone: str,
  revision: numeric,
});

// --- Graphs: types/app/report.d.ts -------------------------------------------------------------

const withMode = ['BAR', 'COLUMN', 'AREA', 'SPLINE_AREA'];
const reportBase = {
  id: numeric,
  name: str,
  index: numeric,
  groups: arrayOf(
    obj({ code: str, per: oneOf('YEAR', 'QUARTER', 'MONTH', 'WEEK', 'DAY', 'HOUR', 'MINUTE') }),
  ),
  aggregations: arrayOf(
    either(obj({ type: oneOf('COUNT') }), obj({ type: oneOf('SUM', 'AVERAGE', 'MAX', 'MIN'), code: str })),
  ),
  filterCond: str,
  sorts: arrayOf(obj({ by: oneOf('TOTAL', 'GROUP1', 'GROUP2', 'GROUP3'), order: oneOf('ASC', 'DESC') })),
  periodicReport: nullable(obj({ active: bool, period: anyValue })),
};
export const getReports = obj({
  reports: mapOf(
    tagged(
      'chartType',
      Object.fromEntries(
        ['PIE', 'LINE', 'SPLINE', 'TABLE', 'PIVOT_TABLE', ...withMode].map((t) => [
          t,
          obj({
            chartType: oneOf(t),
            ...(withMode.includes(t) ? { chartMode: oneOf('NORMAL', 'STACKED', 'PERCENTAGE') } : {}),
            ...reportBase,
          }),
        ]),
      ),
    ),
  ),
  revision: numeric,
});
export const updateReports = obj({ reports: mapOf(obj({ id: numeric })), revision: numeric });

// --- Copy-record actions: types/app/action.d.ts ------------------------------------------------

export const getAppActions = obj({
  actions: mapOf(
    obj({
      name: str,
      id: numeric,
      index: numeric,
      destApp: obj({ app: numeric, code: str }),
      mappings: arrayOf(
        tagged('srcType', {
          FIELD: obj({ srcType: oneOf('FIELD'), srcField: str, destField: str }),
          RECORD_URL: obj({ srcType: oneOf('RECORD_URL'), destField: str }),
        }),
      ),
      entities: arrayOf(entity),
      filterCond: str,
    }),
  ),
  revision: numeric,
});
export const updateAppActions = obj({ actions: mapOf(obj({ id: numeric })), revision: numeric });

// --- Admin notes, plug-ins: types/app/adminNotes.d.ts, plugin.d.ts -----------------------------

export const getAdminNotes = obj({ content: str, includeInTemplateAndDuplicates: bool, revision: numeric });
export const getPlugins = obj({
  plugins: arrayOf(obj({ id: str, name: str, enabled: bool })),
  revision: numeric,
});
export { revision };

// --- Records: KintoneFields/types/field.d.ts, types/record/index.d.ts ---------------------------

const value = (type: string, v: Shape) => obj({ type: oneOf(type), value: v });
const attachment = obj({ contentType: str, fileKey: str, name: str, size: numeric });
const inTableValue: Record<string, Shape> = {
  SINGLE_LINE_TEXT: value('SINGLE_LINE_TEXT', str),
  NUMBER: value('NUMBER', str),
  CALC: value('CALC', str),
  MULTI_LINE_TEXT: value('MULTI_LINE_TEXT', str),
  RICH_TEXT: value('RICH_TEXT', str),
  LINK: value('LINK', str),
  CHECK_BOX: value('CHECK_BOX', arrayOf(str)),
  RADIO_BUTTON: value('RADIO_BUTTON', str),
  DROP_DOWN: value('DROP_DOWN', nullable(str)),
  MULTI_SELECT: value('MULTI_SELECT', arrayOf(str)),
  FILE: value('FILE', arrayOf(attachment)),
  DATE: value('DATE', nullable(str)),
  TIME: value('TIME', nullable(str)),
  DATETIME: value('DATETIME', str),
  USER_SELECT: value('USER_SELECT', arrayOf(named)),
  ORGANIZATION_SELECT: value('ORGANIZATION_SELECT', arrayOf(named)),
  GROUP_SELECT: value('GROUP_SELECT', arrayOf(named)),
};
export const record = mapOf(
  tagged('type', {
    ...inTableValue,
    __ID__: value('__ID__', numeric),
    __REVISION__: value('__REVISION__', numeric),
    RECORD_NUMBER: value('RECORD_NUMBER', str),
    CREATOR: value('CREATOR', named),
    CREATED_TIME: value('CREATED_TIME', str),
    MODIFIER: value('MODIFIER', named),
    UPDATED_TIME: value('UPDATED_TIME', str),
    CATEGORY: value('CATEGORY', arrayOf(str)),
    STATUS: value('STATUS', str),
    STATUS_ASSIGNEE: value('STATUS_ASSIGNEE', arrayOf(named)),
    SUBTABLE: value('SUBTABLE', arrayOf(obj({ id: numeric, value: mapOf(tagged('type', inTableValue)) }))),
  }),
);
export const getRecord = obj({ record });
export const getRecords = obj({ records: arrayOf(record), totalCount: nullable(numeric) });
export const idAndRevision = obj({ id: numeric, revision: numeric });
/** The raw answer of POST records.json (the client adds `records` itself). */
export const addRecordsRaw = obj({ ids: arrayOf(numeric), revisions: arrayOf(numeric) });
export const updateRecords = obj({
  records: arrayOf(
    either(idAndRevision, obj({ id: numeric, operation: oneOf('INSERT', 'UPDATE'), revision: numeric })),
  ),
});
export const createCursor = obj({ id: str, totalCount: numeric });
export const getRecordsByCursor = obj({ records: arrayOf(record), next: bool });
export const comment = obj({
  id: numeric,
  text: str,
  createdAt: str,
  creator: named,
  mentions: arrayOf(obj({ code: str, type: oneOf('USER', 'GROUP', 'ORGANIZATION') })),
});
export const getRecordComments = obj({ comments: arrayOf(comment), older: bool, newer: bool });
export const addRecordComment = obj({ id: numeric });
export const updateRecordsStatus = obj({ records: arrayOf(idAndRevision) });
export const uploadFile = obj({ fileKey: str });

// --- Errors: the platform's error body (platform-facts.md, Errors) --------------------------------

export const errorBody = obj({
  code: str,
  id: str,
  message: str,
  errors: opt(mapOf(obj({ messages: arrayOf(str) }))),
});
