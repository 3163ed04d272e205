/**
 * A project of two apps for the record-types test: `every`, with one field of every type a
 * manifest may declare (lookups on text and on a record number, a calculated field of each
 * format, a text field that calculates itself, a table with a column of every type a table may
 * hold, decorations, a related-records table, process management, codes that are Japanese or
 * reserved words), and `side`, the app its lookups read. Written as data: the test renders it to
 * YAML.
 */
import { lookupField } from '../support/fields.js';

const options = { A: { label: 'A', index: 0 }, B: { label: 'B', index: 1 } };

/** A field of every input type a table may hold too (the client's `KintoneRecordField.InSubtable`), codes after `prefix`. */
const inputs = (prefix: string): Record<string, Record<string, unknown>> =>
  Object.fromEntries(
    Object.entries({
      text: { type: 'SINGLE_LINE_TEXT', label: 'Text' },
      num: { type: 'NUMBER', label: 'Num' },
      multi: { type: 'MULTI_LINE_TEXT', label: 'Multi' },
      rich: { type: 'RICH_TEXT', label: 'Rich' },
      link: { type: 'LINK', label: 'Link', protocol: 'WEB' },
      check: { type: 'CHECK_BOX', label: 'Check', options },
      radio: { type: 'RADIO_BUTTON', label: 'Radio', options, defaultValue: 'A' },
      drop: { type: 'DROP_DOWN', label: 'Drop', options },
      msel: { type: 'MULTI_SELECT', label: 'MSel', options },
      file: { type: 'FILE', label: 'File' },
      date: { type: 'DATE', label: 'Date' },
      time: { type: 'TIME', label: 'Time' },
      dt: { type: 'DATETIME', label: 'DT' },
      user: { type: 'USER_SELECT', label: 'User' },
      org: { type: 'ORGANIZATION_SELECT', label: 'Org' },
      grp: { type: 'GROUP_SELECT', label: 'Grp' },
    }).map(([code, field]) => [`${prefix}${code}`, field]),
  );

/** The table's columns: every type a table may hold, a calculated one and a lookup with its copy. */
export const COLUMNS: Record<string, Record<string, unknown>> = {
  ...inputs('c_'),
  c_calc: { type: 'CALC', label: 'Calc', expression: 'c_num * 2' },
  c_key: lookupField('Side key', 'side', 'side_key', { copies: { c_copied: 'side_name' } }),
  c_copied: { type: 'SINGLE_LINE_TEXT', label: 'Copied' },
};

const calc = (format: string) => ({ type: 'CALC', label: format, expression: 'num', format });

export const EVERY_FIELDS: Record<string, Record<string, unknown>> = {
  ...inputs(''),
  金額: { type: 'NUMBER', label: '金額' },
  class: { type: 'SINGLE_LINE_TEXT', label: 'A reserved word' },
  delete: { type: 'NUMBER', label: 'Another' },
  full: { type: 'SINGLE_LINE_TEXT', label: 'Full', expression: 'text & "!"' },
  calc_number: calc('NUMBER'),
  calc_digit: calc('NUMBER_DIGIT'),
  calc_datetime: calc('DATETIME'),
  calc_date: calc('DATE'),
  calc_time: calc('TIME'),
  calc_hm: calc('HOUR_MINUTE'),
  calc_dhm: calc('DAY_HOUR_MINUTE'),
  key: lookupField('Key', 'side', 'side_key', { copies: { copied: 'side_name' } }),
  copied: { type: 'SINGLE_LINE_TEXT', label: 'Copied' },
  no: { ...lookupField('No', 'side', 'Record_number'), type: 'NUMBER' },
  table: { type: 'SUBTABLE', label: 'Table', fields: COLUMNS },
  box: { type: 'GROUP', label: 'Box' },
  related: {
    type: 'REFERENCE_TABLE',
    label: 'Related',
    referenceTable: {
      relatedApp: { app: 'side' },
      condition: { field: 'text', relatedField: 'side_key' },
      displayFields: ['side_name'],
    },
  },
};

const row = (...codes: string[]) => ({ type: 'ROW', fields: codes.map((code) => ({ code })) });
const decorations = {
  type: 'ROW',
  fields: [{ type: 'LABEL', label: '<b>|*`</b>' }, { type: 'SPACER', elementId: 'gap' }, { type: 'HR' }],
};

export const EVERY = {
  name: 'Every type',
  fields: EVERY_FIELDS,
  layout: [
    ...Object.entries(EVERY_FIELDS)
      .filter(([, f]) => f.type !== 'SUBTABLE' && f.type !== 'GROUP')
      .map(([code]) => row(code)),
    decorations,
    { type: 'SUBTABLE', code: 'table', fields: Object.keys(COLUMNS).map((code) => ({ code })) },
    { type: 'GROUP', code: 'box', layout: [] },
  ],
  process: {
    enable: true,
    states: {
      Open: { index: 0, assignee: { type: 'ONE', entities: [] } },
      Doing: {
        index: 1,
        assignee: { type: 'ONE', entities: [{ entity: { type: 'USER', code: 'admin' } }] },
      },
    },
    actions: [{ name: 'Start', from: 'Open', to: 'Doing' }],
  },
};

export const SIDE = {
  name: 'Side',
  fields: {
    Record_number: { type: 'RECORD_NUMBER', label: 'No.' },
    side_key: { type: 'SINGLE_LINE_TEXT', label: 'Key', unique: true, required: true },
    side_name: { type: 'SINGLE_LINE_TEXT', label: 'Name' },
  },
};
