/**
 * A generated project of two apps: `hub`, with one field of every type the schema knows and
 * every settings area filled in, and `side`, the other app its lookup, reference table and copy
 * action name. Written as data: the test renders it to YAML.
 */
import { readFileSync } from 'node:fs';
import { lookupField } from '../support/fields.js';

const FIELD_TYPES: string[] = (
  JSON.parse(readFileSync(new URL('../../schema/app.schema.json', import.meta.url), 'utf8')) as {
    $defs: { field: { properties: { type: { enum: string[] } } } };
  }
).$defs.field.properties.type.enum;

const options = { Alpha: { label: 'Alpha' }, Beta: { label: 'Beta' }, Gamma: { label: 'Gamma' } };
const everyone = { type: 'GROUP', code: 'everyone' };

/** One field definition per type (system types relabelled under their default codes). */
export const HUB_FIELDS: Record<string, Record<string, unknown>> = {
  Record_number: { type: 'RECORD_NUMBER', label: 'No.' },
  title: { type: 'SINGLE_LINE_TEXT', label: 'Title', required: true, unique: true, maxLength: 64 },
  amount: {
    type: 'NUMBER',
    label: 'Amount',
    digit: true,
    unit: '€',
    unitPosition: 'AFTER',
    minValue: 0,
    displayScale: 2,
  },
  doubled: { type: 'CALC', label: 'Doubled', expression: 'amount * 2', format: 'NUMBER_DIGIT' },
  memo: { type: 'MULTI_LINE_TEXT', label: 'Memo', defaultValue: 'first line\nsecond line' },
  body: { type: 'RICH_TEXT', label: 'Body' },
  site: { type: 'LINK', label: 'Site', protocol: 'WEB' },
  checks: { type: 'CHECK_BOX', label: 'Checks', options, defaultValue: ['Alpha'], align: 'VERTICAL' },
  tags: { type: 'MULTI_SELECT', label: 'Tags', options },
  choice: { type: 'RADIO_BUTTON', label: 'Choice', options, defaultValue: 'Beta' },
  level: { type: 'DROP_DOWN', label: 'Level', options },
  due: { type: 'DATE', label: 'Due' },
  at: { type: 'DATETIME', label: 'At' },
  time: { type: 'TIME', label: 'Time', defaultValue: '09:30' },
  attachment: { type: 'FILE', label: 'Attachment', thumbnailSize: 250 },
  owner: { type: 'USER_SELECT', label: 'Owner', defaultValue: [{ type: 'FUNCTION', code: 'LOGINUSER()' }] },
  unit: { type: 'ORGANIZATION_SELECT', label: 'Unit' },
  team: { type: 'GROUP_SELECT', label: 'Team' },
  lines: {
    type: 'SUBTABLE',
    label: 'Lines',
    fields: {
      line_item: { type: 'SINGLE_LINE_TEXT', label: 'Item' },
      line_qty: { type: 'NUMBER', label: 'Qty' },
    },
  },
  side_ref: {
    type: 'REFERENCE_TABLE',
    label: 'Side records',
    referenceTable: {
      relatedApp: { app: 'side' },
      condition: { field: 'title', relatedField: 'side_key' },
      displayFields: ['side_key', 'side_name'],
      sort: 'side_key asc',
      size: 5,
    },
  },
  side_key: lookupField('Side key', 'side', 'side_key', {
    copies: { side_name: 'side_name' },
    picker: ['side_key', 'side_name'],
  }),
  side_name: { type: 'SINGLE_LINE_TEXT', label: 'Side name' },
  extra: { type: 'GROUP', label: 'Extra', openGroup: true },
  Created_by: { type: 'CREATOR', label: 'Author' },
  Created_datetime: { type: 'CREATED_TIME', label: 'Written' },
  Updated_by: { type: 'MODIFIER', label: 'Editor' },
  Updated_datetime: { type: 'UPDATED_TIME', label: 'Edited' },
  // The fields API cannot change these three (Update Form Fields documentation): their labels
  // are the service's.
  Status: { type: 'STATUS', label: 'Status' },
  Assignee: { type: 'STATUS_ASSIGNEE', label: 'Assignee' },
  Categories: { type: 'CATEGORY', label: 'Categories' },
};

const row = (...codes: string[]) => ({ type: 'ROW', fields: codes.map((code) => ({ code })) });

export const HUB = {
  name: 'Hub',
  description: '<p>Every field type and every area.</p>',
  icon: { type: 'FILE', path: 'files/hub.png' },
  theme: 'RED',
  titleField: { selectionMode: 'MANUAL', code: 'title' },
  enableThumbnails: false,
  enableComments: false,
  fields: HUB_FIELDS,
  layout: [
    { type: 'ROW', fields: [{ code: 'Record_number' }, { code: 'title', size: { width: 300 } }] },
    row('amount', 'doubled', 'memo', 'body', 'site'),
    row('checks', 'tags', 'choice', 'level'),
    row('due', 'at', 'time', 'attachment'),
    row('owner', 'unit', 'team'),
    {
      type: 'ROW',
      fields: [{ type: 'LABEL', label: '<b>Side</b>' }, { type: 'SPACER', elementId: 'gap' }, { type: 'HR' }],
    },
    row('side_key', 'side_name'),
    row('side_ref'),
    { type: 'SUBTABLE', code: 'lines', fields: [{ code: 'line_item' }, { code: 'line_qty' }] },
    {
      type: 'GROUP',
      code: 'extra',
      layout: [row('Created_by', 'Created_datetime', 'Updated_by', 'Updated_datetime')],
    },
  ],
  views: {
    Everything: {
      type: 'LIST',
      fields: ['title', 'amount', 'level'],
      sort: 'amount desc',
      filterCond: 'amount > 0',
    },
    Calendar: { type: 'CALENDAR', date: 'due', title: 'title' },
    Board: { type: 'CUSTOM', html: '<div id="board"></div>', pager: true, device: 'ANY' },
  },
  process: {
    enable: true,
    states: {
      // The first status takes ONE with no one or the creator field alone (the hosted platform's rule).
      Open: {
        assignee: { type: 'ONE', entities: [{ entity: { type: 'FIELD_ENTITY', code: 'Created_by' } }] },
      },
      Doing: {
        assignee: {
          type: 'ANY',
          entities: [{ entity: { type: 'FIELD_ENTITY', code: 'owner' } }, { entity: everyone }],
        },
      },
      Done: {},
    },
    actions: [
      { name: 'Start', from: 'Open', to: 'Doing' },
      {
        name: 'Finish',
        from: 'Doing',
        to: 'Done',
        type: 'SECONDARY',
        filterCond: 'amount > 0',
        executableUser: { entities: [{ entity: { type: 'FIELD_ENTITY', code: 'owner' } }] },
      },
    ],
  },
  customize: {
    scope: 'ADMIN',
    desktop: {
      js: [
        { type: 'URL', url: 'https://cdn.example.com/lib.js' },
        { type: 'FILE', path: 'files/hub.js' },
      ],
      css: [{ type: 'FILE', path: 'files/hub.css' }],
    },
    // Not hub.js again: apply uploads a content once and uses its key twice, which the service refuses.
    mobile: { js: [{ type: 'FILE', path: 'files/hub-mobile.js' }] },
  },
  appAcl: [
    {
      entity: { type: 'CREATOR' },
      appEditable: true,
      recordViewable: true,
      recordAddable: true,
      recordEditable: true,
      recordDeletable: true,
    },
    { entity: everyone, recordViewable: true, recordExportable: true },
  ],
  recordAcl: [
    {
      filterCond: 'amount > 100',
      entities: [
        { entity: { type: 'FIELD_ENTITY', code: 'owner' }, viewable: true, editable: true, deletable: false },
        { entity: everyone, viewable: true, editable: false, deletable: false },
      ],
    },
  ],
  fieldAcl: [
    {
      field: 'amount',
      entities: [
        { entity: { type: 'ORGANIZATION', code: 'finance' }, includeSubs: true, accessibility: 'WRITE' },
        { entity: everyone, accessibility: 'READ' },
      ],
    },
  ],
  notifications: {
    general: {
      notifyToCommenter: false,
      notifications: [
        { entity: { type: 'FIELD_ENTITY', code: 'owner' }, recordAdded: true, commentAdded: true },
      ],
    },
    perRecord: {
      notifications: [{ filterCond: 'amount > 1000', title: 'Big one', targets: [{ entity: everyone }] }],
    },
    reminder: {
      timezone: 'Asia/Tokyo',
      notifications: [
        {
          timing: { code: 'due', daysLater: -1, time: '08:00' },
          filterCond: '',
          title: 'Due soon',
          targets: [{ entity: { type: 'FIELD_ENTITY', code: 'owner' } }],
        },
      ],
    },
  },
  reports: {
    'By level': {
      chartType: 'BAR',
      chartMode: 'PERCENTAGE',
      groups: [{ code: 'level' }],
      aggregations: [{ type: 'COUNT' }],
      sorts: [{ by: 'TOTAL', order: 'DESC' }],
    },
    'Amount per month': {
      chartType: 'LINE',
      groups: [{ code: 'due', per: 'MONTH' }],
      aggregations: [{ type: 'SUM', code: 'amount' }],
      sorts: [{ by: 'GROUP1', order: 'ASC' }],
    },
  },
  actions: {
    'Copy to side': {
      destApp: { app: 'side' },
      mappings: [
        { srcType: 'FIELD', srcField: 'title', destField: 'side_key' },
        { srcType: 'RECORD_URL', destField: 'side_link' },
      ],
      entities: [everyone],
    },
  },
  adminNotes: { content: '<p>Generated.</p>', includeInTemplateAndDuplicates: true },
};

export const SIDE = {
  name: 'Side',
  fields: {
    side_key: { type: 'SINGLE_LINE_TEXT', label: 'Key', unique: true, required: true },
    side_name: { type: 'SINGLE_LINE_TEXT', label: 'Name' },
    side_link: { type: 'LINK', label: 'From' },
  },
  layout: [row('side_key', 'side_name', 'side_link')],
};

/** Every type the schema allows appears in HUB_FIELDS (a guard for when the platform gains one). */
export function missingTypes(): string[] {
  const used = new Set<string>();
  for (const field of Object.values(HUB_FIELDS)) {
    used.add(String(field.type));
    for (const inner of Object.values((field.fields ?? {}) as Record<string, { type: string }>))
      used.add(inner.type);
  }
  return FIELD_TYPES.filter((type) => !used.has(type));
}
