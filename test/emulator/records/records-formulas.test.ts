// Formula fields over HTTP, as platform-facts-verified ("Calculated values") records the hosted
// platform: a DATE-format CALC shows a date (2026-04-25 + 86400 is 2026-04-26), single-line text
// fields with an expression are computed on every write (&, IF, YEN, DATE_FORMAT), CONTAINS
// looks into check boxes and table columns, and the created and updated times are operands.
import { describe, expect, it } from 'vitest';
import { useEmulator } from '../harness.js';
import { addRecords, appWithFields, ok, rec } from './records-helpers.js';

const emu = useEmulator();

const options = (...names: string[]) =>
  Object.fromEntries(names.map((name, index) => [name, { label: name, index: String(index) }]));
const text = (expression: string) => ({ type: 'SINGLE_LINE_TEXT', expression, hideExpression: false });

const FIELDS = {
  name: { type: 'SINGLE_LINE_TEXT' },
  price: { type: 'NUMBER' },
  d: { type: 'DATE' },
  at: { type: 'DATETIME' },
  tm: { type: 'TIME' },
  opts: { type: 'CHECK_BOX', options: options('A', 'B', 'C') },
  tags: { type: 'MULTI_SELECT', options: options('red', 'blue') },
  next_day: { type: 'CALC', expression: 'd + 86400', format: 'DATE' },
  an_hour_later: { type: 'CALC', expression: 'at + 3600', format: 'DATETIME' },
  break_end: { type: 'CALC', expression: 'tm + 5400', format: 'TIME' },
  label: text('name & " (" & YEN(price, 0) & ")"'),
  next_day_text: text('DATE_FORMAT(next_day, "YYYY/MM/dd", "Etc/GMT")'),
  local_time: text('DATE_FORMAT(at, "YYYY-MM-dd HH:mm", "Asia/Tokyo")'),
  has_a: text('IF(CONTAINS(opts, "A"), "A chosen", "no A")'),
  is_red: text('IF(CONTAINS(tags, "red"), "red", "")'),
  any_y: text('IF(CONTAINS(item, "y"), "has y", "no y")'),
  broken: text('DATE_FORMAT(d, "YYYY", "Nowhere/Atlantis")'),
  lines: {
    type: 'SUBTABLE',
    fields: {
      item: { type: 'DROP_DOWN', code: 'item', label: 'item', options: options('x', 'y') },
      qty: { type: 'NUMBER', code: 'qty', label: 'qty' },
      line: { ...text('item & " x" & qty'), code: 'line', label: 'line' },
    },
  },
};

const get = async (app: string, id: string): Promise<Record<string, any>> =>
  (await ok(emu.call('GET', '/k/v1/record.json', { app, id }))).record as Record<string, any>;

/** The values of these fields, `{code: value}` (table rows' `line` under `lines`). */
function valuesOf(record: Record<string, any>, codes: string[]): Record<string, unknown> {
  return Object.fromEntries(
    codes.map((code) => [
      code,
      code === 'lines'
        ? (record.lines.value as any[]).map((row): unknown => row.value.line.value)
        : record[code].value,
    ]),
  );
}

type Case = [what: string, input: Record<string, unknown>, expected: Record<string, unknown>];

const cases: Case[] = [
  [
    'a DATE-format CALC shows the next day, and text formats it',
    { d: '2026-04-25' },
    { next_day: '2026-04-26', next_day_text: '2026/04/26', broken: '' },
  ],
  [
    'DATETIME and TIME formats, and a date-time shown in Tokyo',
    { at: '2026-04-25T20:30:00Z', tm: '09:30' },
    { an_hour_later: '2026-04-25T21:30:00Z', break_end: '11:00', local_time: '2026-04-26 05:30' },
  ],
  ['text joined with YEN', { name: 'Widget', price: '1234567.5' }, { label: 'Widget (¥1,234,568)' }],
  [
    'an empty number joins as nothing, an empty date leaves the formulas on it empty',
    { name: 'Free' },
    { label: 'Free (¥0)', next_day: '', next_day_text: '', an_hour_later: '', local_time: '' },
  ],
  [
    'CONTAINS over a check box and a multi-select inside IF',
    { opts: ['B', 'A'], tags: ['red'] },
    { has_a: 'A chosen', is_red: 'red' },
  ],
  ['CONTAINS when nothing is chosen', { opts: ['C'] }, { has_a: 'no A', is_red: '' }],
  [
    'CONTAINS over a table column looks at every row; row formulas see their own row',
    {
      lines: [{ value: rec({ item: 'x', qty: '2' }) }, { value: rec({ item: 'y', qty: '' }) }],
    },
    { any_y: 'has y', lines: ['x x2', 'y x'] },
  ],
  ['CONTAINS over a table without rows', { lines: [] }, { any_y: 'no y', lines: [] }],
];

describe('formula fields over HTTP', () => {
  it.each(cases)('%s', async (_what, input, expected) => {
    const app = await appWithFields(emu, FIELDS);
    const [id] = await addRecords(emu, app, [rec(input)]);
    expect(valuesOf(await get(app, id!), Object.keys(expected))).toEqual(expected);
  });

  it('computes text expressions again on update and ignores values sent for them', async () => {
    const app = await appWithFields(emu, FIELDS);
    const [id] = await addRecords(emu, app, [rec({ name: 'Pen', price: '100', label: 'typed in' })]);
    const added = await get(app, id!);
    expect(added.label).toEqual({ type: 'SINGLE_LINE_TEXT', value: 'Pen (¥100)' });
    await ok(
      emu.call('PUT', '/k/v1/record.json', { app, id, record: rec({ price: '2500', label: 'typed again' }) }),
    );
    expect((await get(app, id!)).label.value).toBe('Pen (¥2,500)');
  });

  it('accepts expression and hideExpression on a single-line text field and returns them', async () => {
    const app = await appWithFields(emu, {
      n: { type: 'NUMBER' },
      s: { ...text('n * 2'), hideExpression: true },
    });
    const fields = await ok(emu.call('GET', '/k/v1/app/form/fields.json', { app }));
    expect(fields.properties.s).toMatchObject({ expression: 'n * 2', hideExpression: true });
  });
});

describe('formulas on the created and updated times of a Japanese-locale app', () => {
  it('use the ja system field codes and see the time of the write', async () => {
    const created = await ok(
      emu.call('POST', '/k/v1/preview/app.json', { name: '計算' }, { headers: { 'Accept-Language': 'ja' } }),
    );
    const app = created.app as string;
    const properties = {
      作成日: text('DATE_FORMAT(作成日時, "YYYY-MM-dd HH:mm", "Asia/Tokyo")'),
      更新の一時間後: { type: 'CALC', expression: '更新日時 + 3600', format: 'DATETIME' },
      経過秒: { type: 'CALC', expression: '更新日時 - 作成日時', format: 'NUMBER' },
    };
    const withCodes = Object.fromEntries(
      Object.entries(properties).map(([code, p]) => [code, { code, label: code, ...p }]),
    );
    await ok(emu.call('POST', '/k/v1/preview/app/form/fields.json', { app, properties: withCodes }));
    expect(await emu.deploy([app])).toEqual({ [app]: 'SUCCESS' });

    const [id] = await addRecords(emu, app, [{}]);
    const added = await get(app, id!);
    const createdAt = Date.parse(added.作成日時.value as string);
    const tokyo = new Date(createdAt + 9 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ');
    const hourAfter = (iso: string): string =>
      new Date(Date.parse(iso) + 3_600_000).toISOString().replace(/\.\d{3}Z$/u, 'Z');
    expect(valuesOf(added, ['作成日', '更新の一時間後', '経過秒'])).toEqual({
      作成日: tokyo,
      更新の一時間後: hourAfter(added.更新日時.value as string),
      経過秒: '0',
    });

    await ok(emu.call('POST', '/_emulator/clock', { advanceMs: 86_400_000 }));
    await ok(emu.call('PUT', '/k/v1/record.json', { app, id, record: {} }));
    const updated = await get(app, id!);
    expect(Date.parse(updated.更新日時.value as string) - createdAt).toBeGreaterThanOrEqual(86_400_000);
    expect(valuesOf(updated, ['作成日', '更新の一時間後', '経過秒'])).toEqual({
      作成日: tokyo,
      更新の一時間後: hourAfter(updated.更新日時.value as string),
      // A day later, give or take the wall-clock second the calls themselves took.
      経過秒: String((Date.parse(updated.更新日時.value as string) - createdAt) / 1000),
    });
  });
});
