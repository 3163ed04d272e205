/**
 * The settings one draw writes straight over REST, as someone configuring an app by hand in the
 * platform's screens could leave them: every shape the official client's types allow
 * (node_modules/@kintone/rest-api-client/lib/src/client/types/app/*.d.ts and
 * KintoneFields/types/property.d.ts), picked from a seed. The bodies are the REST bodies, the
 * `app` left for world.ts to fill in; `SIDE` is the app the lookups, related records and copy
 * actions name (`{side}` in a body: its id).
 */
import { APP_RIGHT_FLAGS } from '../../../src/platform/index.js';
import type { Draw } from '../apply-sequences/pick.js';

type Obj = Record<string, any>;

export const SIDE_FIELDS: Obj = {
  side_key: { type: 'SINGLE_LINE_TEXT', code: 'side_key', label: 'Key', unique: true, required: true },
  side_name: { type: 'SINGLE_LINE_TEXT', code: 'side_name', label: 'Name' },
  side_num: { type: 'NUMBER', code: 'side_num', label: 'Num' },
  side_link: { type: 'LINK', code: 'side_link', label: 'From' },
};

/** The people, groups and organizations of the service (test/support/example-directory.ts). */
const USERS = ['admin', 'alice', 'bob'];
const GROUPS = ['sales', 'support', 'it-admins'];
const ORGS = ['finance', 'hq', 'customer-success'];

export interface Shape {
  /** The form's fields (`POST preview/app/form/fields.json`'s properties). */
  fields: Obj;
  /** The form's layout (`PUT preview/app/form/layout.json`), or null to keep one row per field. */
  layout: Obj[] | null;
  /** The settings areas' PUT bodies, by path under /k/v1/preview/ (in write order). */
  bodies: [string, Obj][];
  /** Customize's resources, FILE ones named by a content to upload (world.ts). */
  customize: Obj | null;
  /** An icon uploaded from a file. */
  fileIcon: boolean;
  /** Plug-ins added (installed first). */
  plugins: number;
  /** What was drawn, for the failure's message. */
  said: string[];
}

const options = (d: Draw, n: number): Obj =>
  Object.fromEntries(
    Array.from({ length: n }, (_, i) => {
      const name = d.chance(0.2)
        ? `opt ${i} ${d.pick(['é', '&', '<b>', '  '])}`
        : d.chance(0.2)
          ? `${d.pick(TRICKY)!}${i}`
          : `opt${i}`;
      return [name, { label: name, index: String(i) }];
    }),
  );

/**
 * A name someone may type in the platform's screens that YAML or appdeploy's own syntax could
 * misread: YAML's words and numbers, a `${VAR}`, a colon, a hash, spaces at the ends.
 */
const TRICKY = [
  'null',
  'true',
  'no',
  '123',
  '0x1F',
  '1e3',
  '~',
  'a: b',
  '#hash',
  '${HOME}',
  ' padded ',
  '- dash',
  '[x]',
];

/** A fresh name, one time in four a tricky one (made unique with the counter). */
function nameOf(d: Draw, prefix: string): string {
  if (!d.chance(0.25)) return d.fresh(prefix);
  const tricky = d.pick(TRICKY)!;
  return d.chance(0.5) ? tricky + d.fresh(' ') : d.fresh(tricky);
}

const maybe = (d: Draw, p: number, value: Obj): Obj => (d.chance(p) ? value : {});

/** One user, group, organization entity. */
function directoryEntity(d: Draw, types = ['USER', 'GROUP', 'ORGANIZATION']): Obj {
  const type = d.pick(types)!;
  const code = d.pick(type === 'USER' ? USERS : type === 'GROUP' ? GROUPS : ORGS)!;
  return { type, code };
}

/** The form: every field type, each with options drawn. */
function drawFields(d: Draw, said: string[]): Obj {
  const f: Obj = {};
  const common = (code: string, type: string, extra: Obj = {}) => {
    f[code] = {
      type,
      code,
      label: d.chance(0.15) ? `${code} <label> "q"` : code,
      ...maybe(d, 0.2, { noLabel: true }),
      ...extra,
    };
  };
  common('title', 'SINGLE_LINE_TEXT', {
    ...maybe(d, 0.4, { required: true }),
    ...maybe(d, 0.3, { unique: true }),
    ...maybe(d, 0.3, { minLength: '1', maxLength: String(10 + Math.floor(d.rnd() * 50)) }),
    ...maybe(d, 0.3, { defaultValue: 'hello' }),
  });
  common('auto', 'SINGLE_LINE_TEXT', {
    expression: 'title & "!"',
    ...maybe(d, 0.5, { hideExpression: true }),
  });
  common('num', 'NUMBER', {
    ...maybe(d, 0.5, { digit: true }),
    ...maybe(d, 0.4, { displayScale: String(Math.floor(d.rnd() * 5)) }),
    ...maybe(d, 0.4, { unit: d.pick(['$', '€', 'kg', ' pcs']), unitPosition: d.pick(['BEFORE', 'AFTER']) }),
    ...maybe(d, 0.3, { minValue: '-5', maxValue: '1000' }),
    ...maybe(d, 0.3, { defaultValue: '7' }),
    ...maybe(d, 0.2, { unique: true }),
  });
  const format = d.pick([
    'NUMBER',
    'NUMBER_DIGIT',
    'DATETIME',
    'DATE',
    'TIME',
    'HOUR_MINUTE',
    'DAY_HOUR_MINUTE',
  ])!;
  common('calc', 'CALC', {
    expression: format.startsWith('NUMBER') ? 'num * 2' : 'num * 3600',
    format,
    ...maybe(d, 0.3, { hideExpression: true }),
    ...(format.startsWith('NUMBER')
      ? {
          ...maybe(d, 0.5, { displayScale: String(Math.floor(d.rnd() * 4)) }),
          ...maybe(d, 0.4, { unit: '%', unitPosition: d.pick(['BEFORE', 'AFTER']) }),
        }
      : {}),
  });
  common('memo', 'MULTI_LINE_TEXT', maybe(d, 0.4, { defaultValue: 'line one\nline two' }));
  common('rich', 'RICH_TEXT', maybe(d, 0.4, { defaultValue: '<div><b>bold</b></div>' }));
  common('site', 'LINK', {
    protocol: d.pick(['WEB', 'CALL', 'MAIL']),
    ...maybe(d, 0.3, { minLength: '3', maxLength: '40' }),
  });
  const checkOptions = options(d, 2 + Math.floor(d.rnd() * 3));
  common('checks', 'CHECK_BOX', {
    options: checkOptions,
    align: d.pick(['HORIZONTAL', 'VERTICAL']),
    ...maybe(d, 0.4, { defaultValue: [Object.keys(checkOptions)[0]] }),
  });
  const radioOptions = options(d, 2 + Math.floor(d.rnd() * 3));
  common('radio', 'RADIO_BUTTON', {
    options: radioOptions,
    defaultValue: d.pick(Object.keys(radioOptions)),
    align: d.pick(['HORIZONTAL', 'VERTICAL']),
    ...maybe(d, 0.3, { required: true }),
  });
  const dropOptions = options(d, 1 + Math.floor(d.rnd() * 4));
  common('drop', 'DROP_DOWN', {
    options: dropOptions,
    ...maybe(d, 0.4, { defaultValue: Object.keys(dropOptions).at(-1) }),
  });
  common('multi', 'MULTI_SELECT', { options: options(d, 3) });
  common(
    'due',
    'DATE',
    d.chance(0.3) ? { defaultNowValue: true } : maybe(d, 0.3, { defaultValue: '2024-02-29' }),
  );
  common('at', 'DATETIME', {
    ...(d.chance(0.3) ? { defaultNowValue: true } : {}),
    ...maybe(d, 0.2, { unique: true }),
  });
  common('tm', 'TIME', d.chance(0.3) ? { defaultNowValue: true } : maybe(d, 0.3, { defaultValue: '09:30' }));
  common('attachment', 'FILE', { thumbnailSize: d.pick(['50', '150', '250', '500']) });
  common('owner', 'USER_SELECT', {
    ...maybe(d, 0.4, { entities: [directoryEntity(d), { type: 'USER', code: 'admin' }] }),
    ...maybe(d, 0.4, {
      defaultValue: [
        d.chance(0.5) ? { type: 'FUNCTION', code: 'LOGINUSER()' } : { type: 'USER', code: 'admin' },
      ],
    }),
  });
  common('unit', 'ORGANIZATION_SELECT', {
    ...maybe(d, 0.4, { entities: [{ type: 'ORGANIZATION', code: 'hq' }] }),
    ...maybe(d, 0.3, { defaultValue: [{ type: 'FUNCTION', code: 'PRIMARY_ORGANIZATION()' }] }),
  });
  common('team', 'GROUP_SELECT', maybe(d, 0.4, { entities: [{ type: 'GROUP', code: 'sales' }] }));
  common('side_ref', 'REFERENCE_TABLE', {
    referenceTable: {
      relatedApp: { app: '{side}' },
      condition: { field: 'title', relatedField: 'side_key' },
      ...maybe(d, 0.4, { filterCond: 'side_num > 3' }),
      displayFields: d.chance(0.5) ? ['side_key', 'side_name'] : ['side_num'],
      ...maybe(d, 0.5, { sort: d.pick(['side_num desc', 'side_key asc, side_num desc']) }),
      size: d.pick(['1', '3', '5', '10', '20', '30', '40', '50']),
    },
  });
  common('side_lk', 'SINGLE_LINE_TEXT', {
    lookup: {
      relatedApp: { app: '{side}' },
      relatedKeyField: 'side_key',
      fieldMappings: d.chance(0.6) ? [{ field: 'side_copy', relatedField: 'side_name' }] : [],
      lookupPickerFields: d.chance(0.5) ? ['side_key', 'side_name'] : [],
      ...maybe(d, 0.4, { filterCond: 'side_num >= 1' }),
      ...maybe(d, 0.4, { sort: 'side_num asc' }),
    },
  });
  common('side_copy', 'SINGLE_LINE_TEXT');
  common('grp', 'GROUP', maybe(d, 0.5, { openGroup: true }));
  f.lines = {
    type: 'SUBTABLE',
    code: 'lines',
    label: d.chance(0.3) ? 'Lines' : 'lines',
    fields: {
      line_item: {
        type: 'SINGLE_LINE_TEXT',
        code: 'line_item',
        label: 'Item',
        ...maybe(d, 0.3, { required: true }),
      },
      line_qty: { type: 'NUMBER', code: 'line_qty', label: 'Qty', ...maybe(d, 0.3, { digit: true }) },
      line_sum: { type: 'CALC', code: 'line_sum', label: 'Sum', expression: 'line_qty * 2' },
    },
  };
  said.push(`calc format ${format}`);
  return f;
}

const FIELD_ENTITY_CODES = ['owner', 'unit', 'team', 'Created_by', 'Updated_by'];

/** An entity of a notification, record ACL or process action: the directory's, or a field. */
function anyEntity(d: Draw, fieldCodes = FIELD_ENTITY_CODES): Obj {
  return d.chance(0.3) ? { type: 'FIELD_ENTITY', code: d.pick(fieldCodes) } : directoryEntity(d);
}

const withSubs = (d: Draw, entity: Obj): Obj =>
  entity.type === 'ORGANIZATION' || (entity.type === 'FIELD_ENTITY' && entity.code === 'unit')
    ? { includeSubs: d.chance(0.5) }
    : {};

function drawViews(d: Draw): Obj {
  const views: Obj = {};
  let index = 0;
  for (let n = 1 + Math.floor(d.rnd() * 4); n > 0; n--) {
    const type = d.pick(['LIST', 'CALENDAR', 'CUSTOM'])!;
    const name = d.chance(0.2) ? d.fresh('Vue «') : nameOf(d, 'View ');
    const base = {
      type,
      name,
      index: String(index++),
      ...maybe(d, 0.4, { filterCond: d.pick(['num > 5', 'title like "a"', 'due = TODAY()']) }),
      ...maybe(d, 0.4, { sort: d.pick(['num desc', 'Record_number asc', 'due asc, num desc']) }),
    };
    if (type === 'LIST') views[name] = { ...base, ...maybe(d, 0.8, { fields: ['title', 'num', 'due'] }) };
    else if (type === 'CALENDAR')
      views[name] = {
        ...base,
        date: d.pick(['due', 'at', 'Created_datetime']),
        title: d.pick(['title', 'num']),
      };
    else
      views[name] = {
        ...base,
        html: d.pick(['<div id="x"></div>', '', '<script>1</script>\n<p>two</p>']),
        pager: d.chance(0.5),
        device: d.pick(['DESKTOP', 'ANY']),
      };
  }
  return views;
}

function drawPeriod(d: Draw): Obj {
  const every = d.pick(['YEAR', 'QUARTER', 'MONTH', 'WEEK', 'DAY', 'HOUR'])!;
  // HH:MM, as validate takes it (whether the platform also takes "9:30" is not recorded: see the report).
  const time = d.pick(['00:00', '09:30', '23:30', '12:00']);
  const day = d.pick(['1', '15', '28', '31']);
  switch (every) {
    case 'YEAR':
      return { every, month: d.pick(['1', '6', '12']), dayOfMonth: day, time };
    case 'QUARTER':
      return {
        every,
        pattern: d.pick(['JAN_APR_JUL_OCT', 'FEB_MAY_AUG_NOV', 'MAR_JUN_SEP_DEC']),
        dayOfMonth: d.chance(0.3) ? 'END_OF_MONTH' : day,
        time,
      };
    case 'MONTH':
      return { every, dayOfMonth: d.chance(0.3) ? 'END_OF_MONTH' : day, time };
    case 'WEEK':
      return { every, dayOfWeek: d.pick(['SUNDAY', 'WEDNESDAY', 'SATURDAY']), time };
    case 'DAY':
      return { every, time };
    default:
      return { every, minute: d.pick(['0', '10', '20', '30', '40', '50']) };
  }
}

const CHART_TYPES = ['PIE', 'LINE', 'SPLINE', 'TABLE', 'PIVOT_TABLE', 'BAR', 'COLUMN', 'AREA', 'SPLINE_AREA'];

/** Graphs: round `round` takes the chart types from 3 * round on, so any three rounds meet all nine. */
function drawReports(d: Draw, round: number): Obj {
  const reports: Obj = {};
  let index = 0;
  for (let n = 3; n > 0; n--) {
    const chartType = CHART_TYPES[(3 * round + index) % CHART_TYPES.length]!;
    const withMode = ['BAR', 'COLUMN', 'AREA', 'SPLINE_AREA'].includes(chartType);
    const name = nameOf(d, 'Graph ');
    // A pivot table takes two groups or more (cybozu.dev, Update Graph Settings).
    const groups = [
      d.chance(0.5)
        ? { code: 'drop' }
        : { code: 'due', per: d.pick(['YEAR', 'QUARTER', 'MONTH', 'WEEK', 'DAY']) },
      ...(chartType === 'PIVOT_TABLE' || d.chance(0.4)
        ? [{ code: 'at', per: d.pick(['HOUR', 'MINUTE', 'DAY']) }]
        : []),
      ...(d.chance(0.2) ? [{ code: 'Created_by' }] : []),
    ];
    const aggregation = d.chance(0.5)
      ? { type: 'COUNT' }
      : { type: d.pick(['SUM', 'AVERAGE', 'MAX', 'MIN']), code: d.pick(['num', 'calc']) };
    reports[name] = {
      chartType,
      ...(withMode || d.chance(0.3) ? { chartMode: d.pick(['NORMAL', 'STACKED', 'PERCENTAGE']) } : {}),
      name,
      index: String(index++),
      groups,
      aggregations: [aggregation, ...(d.chance(0.3) ? [{ type: 'COUNT' }] : [])].filter(
        (a, i, all) => all.findIndex((b) => JSON.stringify(b) === JSON.stringify(a)) === i,
      ),
      ...maybe(d, 0.4, { filterCond: 'num > 1' }),
      sorts: d.chance(0.7) ? [{ by: d.pick(['TOTAL', 'GROUP1']), order: d.pick(['ASC', 'DESC']) }] : [],
      ...maybe(d, 0.4, { periodicReport: { active: d.chance(0.6), period: drawPeriod(d) } }),
    };
  }
  return reports;
}

function drawProcess(d: Draw): Obj {
  const names = ['Open', nameOf(d, 'Step '), d.fresh('Étape '), 'Done'].slice(0, 2 + Math.floor(d.rnd() * 3));
  const assignee = (first: boolean): Obj => {
    if (first)
      return d.chance(0.5)
        ? { type: 'ONE', entities: [] }
        : { type: 'ONE', entities: [{ entity: { type: 'FIELD_ENTITY', code: 'Created_by' } }] };
    const entities = Array.from({ length: Math.floor(d.rnd() * 3) }, () => {
      const entity = d.chance(0.15)
        ? { type: 'CREATOR' }
        : anyEntity(d, ['owner', 'unit', 'team', 'Created_by']);
      return { entity, ...withSubs(d, entity) };
    });
    return { type: d.pick(['ONE', 'ALL', 'ANY']), entities };
  };
  const states = Object.fromEntries(
    names.map((name, i) => [name, { name, index: String(i), assignee: assignee(i === 0) }]),
  );
  const actions = names.slice(1).map((to, i) => {
    const secondary = d.chance(0.4);
    return {
      name: d.chance(0.2) ? d.fresh('Go → ') : nameOf(d, 'Go '),
      from: names[i]!,
      to,
      ...maybe(d, 0.3, { filterCond: d.pick(['num > 1', 'title != ""']) }),
      ...(secondary
        ? {
            type: 'SECONDARY',
            executableUser: {
              entities: Array.from({ length: 1 + Math.floor(d.rnd() * 2) }, () => {
                const entity = anyEntity(d, ['owner', 'unit', 'Created_by']);
                return { entity, ...withSubs(d, entity) };
              }),
            },
          }
        : d.chance(0.5)
          ? { type: 'PRIMARY' }
          : {}),
    };
  });
  return { enable: d.chance(0.8), states, actions };
}

function drawAppAcl(d: Draw): Obj[] {
  const rights: Obj[] = [];
  const used = new Set<string>();
  for (let n = 1 + Math.floor(d.rnd() * 3); n > 0; n--) {
    const entity = d.chance(0.3) ? { type: 'CREATOR' } : directoryEntity(d);
    const key = JSON.stringify(entity);
    if (used.has(key)) continue;
    used.add(key);
    rights.push({
      entity,
      ...withSubs(d, entity),
      ...Object.fromEntries(APP_RIGHT_FLAGS.map((flag) => [flag, d.chance(0.6)])),
    });
  }
  // Someone keeps managing the app: the service refuses rights that leave no one (platform-facts).
  rights.push({
    entity: { type: 'USER', code: 'admin' },
    ...Object.fromEntries(APP_RIGHT_FLAGS.map((f) => [f, true])),
  });
  return rights;
}

function drawRecordAcl(d: Draw): Obj[] {
  return Array.from({ length: Math.floor(d.rnd() * 3) }, () => ({
    ...maybe(d, 0.7, { filterCond: d.pick(['num > 10', 'title like "x"', '']) }),
    entities: Array.from({ length: 1 + Math.floor(d.rnd() * 3) }, () => {
      const entity = anyEntity(d, ['owner', 'unit', 'team', 'Created_by']);
      const viewable = d.chance(0.7);
      return {
        entity,
        viewable,
        editable: viewable && d.chance(0.5),
        deletable: viewable && d.chance(0.3),
        ...withSubs(d, entity),
      };
    }).filter(
      (e, i, all) => all.findIndex((x) => JSON.stringify(x.entity) === JSON.stringify(e.entity)) === i,
    ),
  }));
}

function drawFieldAcl(d: Draw): Obj[] {
  const codes = ['num', 'title', 'memo', 'owner'].filter(() => d.chance(0.4));
  return codes.map((code) => ({
    code,
    entities: [
      ...(d.chance(0.4) ? [{ entity: { type: 'FIELD_ENTITY', code: 'owner' }, accessibility: 'WRITE' }] : []),
      ...(() => {
        const entity = directoryEntity(d);
        return [{ entity, accessibility: d.pick(['READ', 'WRITE', 'NONE']), ...withSubs(d, entity) }];
      })(),
      { entity: { type: 'GROUP', code: 'everyone' }, accessibility: d.pick(['READ', 'NONE']) },
    ],
  }));
}

function drawGeneral(d: Draw): Obj {
  const notifications = Array.from({ length: Math.floor(d.rnd() * 3) }, () => {
    const entity = anyEntity(d);
    return {
      entity,
      ...withSubs(d, entity),
      ...Object.fromEntries(
        ['recordAdded', 'recordEdited', 'commentAdded', 'statusChanged', 'fileImported'].map((k) => [
          k,
          d.chance(0.5),
        ]),
      ),
    };
  }).filter((e, i, all) => all.findIndex((x) => JSON.stringify(x.entity) === JSON.stringify(e.entity)) === i);
  return { notifications, notifyToCommenter: d.chance(0.5) };
}

const targets = (d: Draw): Obj[] =>
  Array.from({ length: 1 + Math.floor(d.rnd() * 2) }, () => {
    const entity = anyEntity(d);
    return { entity, ...withSubs(d, entity) };
  }).filter((e, i, all) => all.findIndex((x) => JSON.stringify(x.entity) === JSON.stringify(e.entity)) === i);

function drawPerRecord(d: Draw): Obj {
  return {
    notifications: Array.from({ length: Math.floor(d.rnd() * 3) }, () => ({
      filterCond: d.pick(['num > 100', 'title = "x"', '']),
      ...maybe(d, 0.7, { title: d.pick(['Big', 'Watch <this>', '']) }),
      targets: targets(d),
    })),
  };
}

function drawReminder(d: Draw): Obj {
  return {
    ...maybe(d, 0.6, { timezone: d.pick(['Asia/Tokyo', 'UTC', 'America/Los_Angeles', 'Europe/Paris']) }),
    notifications: Array.from({ length: Math.floor(d.rnd() * 3) }, () => ({
      // A date takes a time of day, a date and time an offset in hours (validate's rule; the
      // documentation does not say which a date and time field takes: see the report).
      timing: d.chance(0.5)
        ? {
            code: 'due',
            daysLater: String(Math.floor(d.rnd() * 10) - 5),
            time: d.pick(['08:00', '08:30', '23:50']),
          }
        : {
            code: d.pick(['at', 'Created_datetime', 'Updated_datetime'])!,
            daysLater: String(Math.floor(d.rnd() * 10) - 5),
            hoursLater: String(Math.floor(d.rnd() * 5)),
          },
      ...maybe(d, 0.5, { filterCond: 'num > 0' }),
      ...maybe(d, 0.7, { title: 'Due soon' }),
      targets: targets(d),
    })),
  };
}

function drawActions(d: Draw): Obj {
  const actions: Obj = {};
  let index = 0;
  for (let n = Math.floor(d.rnd() * 3); n > 0; n--) {
    const name = nameOf(d, 'Copy ');
    actions[name] = {
      name,
      index: String(index++),
      destApp: { app: '{side}' },
      mappings: [
        ...(d.chance(0.7) ? [{ srcType: 'FIELD', srcField: 'title', destField: 'side_key' }] : []),
        ...(d.chance(0.5) ? [{ srcType: 'FIELD', srcField: 'num', destField: 'side_num' }] : []),
        ...(d.chance(0.5) ? [{ srcType: 'RECORD_URL', destField: 'side_link' }] : []),
      ],
      entities: Array.from({ length: Math.floor(d.rnd() * 3) }, () => directoryEntity(d)).filter(
        (e, i, all) => all.findIndex((x) => JSON.stringify(x) === JSON.stringify(e)) === i,
      ),
      ...maybe(d, 0.4, { filterCond: 'num > 2' }),
    };
  }
  return actions;
}

function drawSettings(d: Draw): Obj {
  return {
    name: d.chance(0.2) ? 'Hub «copy» & <co>' : 'Hub',
    ...maybe(d, 0.6, {
      description: d.pick(['<p>Hand made.</p>', 'plain', '<div>a<br />b</div>', 'costs ${PRICE} or $${X}']),
    }),
    ...maybe(d, 0.5, { icon: { type: 'PRESET', key: d.pick(['APP72', 'APP39', 'APP1']) } }),
    ...maybe(d, 0.6, {
      theme: d.pick([
        'WHITE',
        'CLIPBOARD',
        'BINDER',
        'PENCIL',
        'CLIPS',
        'RED',
        'BLUE',
        'GREEN',
        'YELLOW',
        'BLACK',
      ]),
    }),
    ...maybe(d, 0.5, {
      titleField: d.chance(0.6)
        ? { selectionMode: 'MANUAL', code: d.pick(['title', 'num', 'due', 'Record_number']) }
        : { selectionMode: 'AUTO' },
    }),
    ...Object.fromEntries(
      [
        'enableThumbnails',
        'enableBulkDeletion',
        'enableComments',
        'enableDuplicateRecord',
        'enableInlineRecordEditing',
      ]
        .filter(() => d.chance(0.4))
        .map((k) => [k, d.chance(0.5)]),
    ),
    ...maybe(d, 0.4, {
      numberPrecision: {
        digits: String(1 + Math.floor(d.rnd() * 30)),
        decimalPlaces: String(Math.floor(d.rnd() * 10)),
        roundingMode: d.pick(['HALF_EVEN', 'UP', 'DOWN']),
      },
    }),
    ...maybe(d, 0.4, { firstMonthOfFiscalYear: String(1 + Math.floor(d.rnd() * 12)) }),
  };
}

function drawCustomize(d: Draw): Obj | null {
  if (!d.chance(0.7)) return null;
  const resources = (ext: string): Obj[] =>
    Array.from({ length: Math.floor(d.rnd() * 3) }, (_, i) =>
      d.chance(0.5)
        ? { type: 'URL', url: `https://cdn.example.com/${d.fresh('lib')}.${ext}` }
        : { type: 'FILE', upload: `${d.fresh('custom')}-${i}.${ext}` },
    );
  const desktop = { js: resources('js'), css: resources('css') };
  const mobile = { js: resources('js'), css: resources('css') };
  // The same script for desktop and phones, uploaded twice (as the platform's screens do).
  const shared = desktop.js.find((r) => r.type === 'FILE');
  if (shared && d.chance(0.5)) mobile.js.push({ ...shared });
  return { scope: d.pick(['ALL', 'ADMIN', 'NONE']), desktop, mobile };
}

/**
 * A layout as a hand-arranged form has it: the fields in rows of one to four, with widths now and
 * then, labels, spacers and borders between them, some in the group, system fields placed or not.
 */
function drawLayout(d: Draw, fields: Obj): Obj[] {
  const element = (code: string): Obj => {
    const type = fields[code]?.type ?? SYSTEM_TYPES[code];
    const tall = type === 'MULTI_LINE_TEXT' || type === 'RICH_TEXT';
    return {
      type,
      code,
      ...maybe(d, 0.4, {
        size: { width: String(100 + Math.floor(d.rnd() * 400)), ...(tall ? { innerHeight: '120' } : {}) },
      }),
    };
  };
  const decoration = (): Obj =>
    d.pick([
      {
        type: 'LABEL',
        label: d.pick(['<b>Part</b>', 'plain', '<div>a<br />b</div>']),
        size: { width: '200' },
      },
      { type: 'SPACER', elementId: d.fresh('gap'), size: { width: '40', height: '30' } },
      { type: 'HR', size: { width: '600' } },
    ])!;
  const codes = Object.keys(fields).filter(
    (c) => !['lines', 'grp'].includes(c) && fields[c].type !== 'GROUP',
  );
  const placed = [...codes, ...Object.keys(SYSTEM_TYPES).filter(() => d.chance(0.3))];
  const inGroup = new Set(placed.filter(() => d.chance(0.2)));
  const rows = (list: string[]): Obj[] => {
    const out: Obj[] = [];
    for (let i = 0; i < list.length;) {
      const n = 1 + Math.floor(d.rnd() * 4);
      const row = list.slice(i, i + n).map(element);
      if (d.chance(0.2)) row.splice(Math.floor(d.rnd() * (row.length + 1)), 0, decoration());
      out.push({ type: 'ROW', fields: row });
      i += n;
    }
    return out;
  };
  const table = {
    type: 'SUBTABLE',
    code: 'lines',
    fields: Object.keys(fields.lines.fields).map((code) => ({ type: fields.lines.fields[code].type, code })),
  };
  const group = { type: 'GROUP', code: 'grp', layout: rows([...inGroup]) };
  const top = rows(placed.filter((c) => !inGroup.has(c)));
  const at = (n: number) => Math.floor(d.rnd() * (n + 1));
  top.splice(at(top.length), 0, table);
  top.splice(at(top.length), 0, group);
  if (d.chance(0.3)) top.splice(at(top.length), 0, { type: 'ROW', fields: [decoration()] });
  return top;
}

const SYSTEM_TYPES: Record<string, string> = {
  Record_number: 'RECORD_NUMBER',
  Created_by: 'CREATOR',
  Created_datetime: 'CREATED_TIME',
  Updated_by: 'MODIFIER',
  Updated_datetime: 'UPDATED_TIME',
};

/** Everything one draw writes; `round` (0, 1, ...) spreads the chart types over the rounds. */
export function drawShape(d: Draw, round: number): Shape {
  const said: string[] = [];
  const fields = drawFields(d, said);
  const process = drawProcess(d);
  const bodies: [string, Obj][] = [
    ['app/settings', drawSettings(d)],
    ['app/status', process],
    ['app/views', { views: drawViews(d) }],
    ['app/reports', { reports: drawReports(d, round) }],
    ['app/acl', { rights: drawAppAcl(d) }],
    ['record/acl', { rights: drawRecordAcl(d) }],
    ['field/acl', { rights: drawFieldAcl(d) }],
    ['app/notifications/general', drawGeneral(d)],
    ['app/notifications/perRecord', drawPerRecord(d)],
    ['app/notifications/reminder', drawReminder(d)],
    ['app/actions', { actions: drawActions(d) }],
    [
      'app/adminNotes',
      { content: d.pick(['', '<p>Notes & <b>more</b></p>']), includeInTemplateAndDuplicates: d.chance(0.5) },
    ],
  ].filter(() => d.chance(0.85)) as [string, Obj][];
  return {
    fields,
    layout: d.chance(0.7) ? drawLayout(d, fields) : null,
    bodies,
    customize: drawCustomize(d),
    fileIcon: d.chance(0.2),
    plugins: d.chance(0.3) ? 1 : 0,
    said,
  };
}
