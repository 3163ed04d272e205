/**
 * validate and the local service judge a manifest's views alike (issue 35), each case run through
 * both: validateProject on the manifest, and the same views written with `PUT
 * /k/v1/preview/app/views.json` to an app holding the manifest's fields.
 * - a LIST view's columns: any field but a container (GROUP, SUBTABLE as a whole,
 *   REFERENCE_TABLE), a table's columns included (the hosted platform's help, "一覧とは": the
 *   types a table-form view can show; src/platform/view-rules.ts). The service took containers
 *   before while validate refused them.
 * - one index given to two views: refused by both (the platform's answer is not recorded; the
 *   order would be left to chance). The service took it before while validate refused it.
 */
import { describe, expect, it } from 'vitest';
import { FIELD_TYPES, SYSTEM_FIELD_CODES } from '../../src/platform/index.js';
import { useEmulator } from '../emulator/harness.js';
import { restProperties, validateProblems } from './agreement-support.js';

const emu = useEmulator();

/** One field of each type a form can hold (REFERENCE_TABLE apart: it needs another app), by code. */
const FIELDS: Record<string, Record<string, unknown>> = {
  text: { type: 'SINGLE_LINE_TEXT', label: 'Text' },
  number: { type: 'NUMBER', label: 'Number' },
  calc: { type: 'CALC', label: 'Calc', expression: 'number * 2' },
  notes: { type: 'MULTI_LINE_TEXT', label: 'Notes' },
  rich: { type: 'RICH_TEXT', label: 'Rich' },
  link: { type: 'LINK', label: 'Link', protocol: 'WEB' },
  check: { type: 'CHECK_BOX', label: 'Check', options: { a: { label: 'a' } } },
  multi: { type: 'MULTI_SELECT', label: 'Multi', options: { a: { label: 'a' } } },
  radio: { type: 'RADIO_BUTTON', label: 'Radio', options: { a: { label: 'a' } }, defaultValue: 'a' },
  drop: { type: 'DROP_DOWN', label: 'Drop', options: { a: { label: 'a' } } },
  date: { type: 'DATE', label: 'Date' },
  datetime: { type: 'DATETIME', label: 'Datetime' },
  time: { type: 'TIME', label: 'Time' },
  file: { type: 'FILE', label: 'File' },
  user: { type: 'USER_SELECT', label: 'User' },
  org: { type: 'ORGANIZATION_SELECT', label: 'Org' },
  group_select: { type: 'GROUP_SELECT', label: 'Group select' },
  box: { type: 'GROUP', label: 'Box' },
  lines: { type: 'SUBTABLE', label: 'Lines', fields: { item: { type: 'SINGLE_LINE_TEXT', label: 'Item' } } },
};

/** A code for each field type, and the table column `item`. */
const COLUMNS: [string, string][] = [
  ...FIELD_TYPES.filter((t) => t !== 'REFERENCE_TABLE').map((type): [string, string] => [
    type,
    (SYSTEM_FIELD_CODES.en as Record<string, string>)[type] ??
      Object.entries(FIELDS).find(([, def]) => def.type === type)![0],
  ]),
  ['a table column', 'item'],
];

/** What the service answers to the views `views` on an app holding FIELDS: 'takes' or its error keys. */
async function serviceSays(views: Record<string, Record<string, unknown>>): Promise<string> {
  const created = await emu.call('POST', '/k/v1/preview/app.json', { name: 'Views' });
  const app = created.body.app as string;
  const fields = await emu.call('POST', '/k/v1/preview/app/form/fields.json', {
    app,
    properties: restProperties(FIELDS),
  });
  expect(fields.status, JSON.stringify(fields.body)).toBe(200);
  const named = Object.fromEntries(Object.entries(views).map(([name, v]) => [name, { ...v, name }]));
  const res = await emu.call('PUT', '/k/v1/preview/app/views.json', { app, views: named });
  return res.status === 200 ? 'takes' : `refuses ${Object.keys(res.body.errors ?? {}).join(', ')}`;
}

async function validateSays(views: Record<string, Record<string, unknown>>): Promise<string> {
  const problems = await validateProblems({ name: 'Views', fields: FIELDS, views }, 'views');
  return problems.length === 0 ? 'takes' : `refuses ${problems.join('; ')}`;
}

const takes = (said: string) => said === 'takes';

describe('a LIST column: validate and the local service agree', () => {
  it.each(COLUMNS)('%s (%s)', async (type, code) => {
    const views = { V: { type: 'LIST', index: 0, fields: [code] } };
    const [service, validate] = [await serviceSays(views), await validateSays(views)];
    const container = ['GROUP', 'SUBTABLE'].includes(type);
    expect({ type, service: takes(service), validate: takes(validate) }, `${service}\n${validate}`).toEqual({
      type,
      service: !container,
      validate: !container,
    });
  });
});

describe('one index on two views: validate and the local service agree', () => {
  it.each([
    ['0 and 0', 0, 0, false],
    ['"1" and 1', '1', 1, false],
    ['0 and 1', 0, 1, true],
  ])('%s', async (_what, first, second, taken) => {
    const views = {
      A: { type: 'LIST', index: first, fields: ['text'] },
      B: { type: 'LIST', index: second, fields: ['number'] },
    };
    const [service, validate] = [await serviceSays(views), await validateSays(views)];
    expect({ service: takes(service), validate: takes(validate) }, `${service}\n${validate}`).toEqual({
      service: taken,
      validate: taken,
    });
  });
});
