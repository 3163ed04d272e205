/**
 * Issue 16 in Japanese: every bullet of platform-facts-verified (records side) over HTTP as a user
 * whose language setting is `ja`, on apps that user created (so their system fields are
 * `レコード番号`, `作成日時`, ...). Codes, error keys and the Japanese messages are the facts
 * file's; where it gives no Japanese wording, only the code and keys are asserted.
 */
import { describe, expect, it } from 'vitest';
import { useEmulator } from '../harness.js';
import { lookupOf } from '../related-fields.js';
import { appWithFields, addRecords, ok, rec } from './records-helpers.js';

// The administrator (every call's default user, and so the creator of every app) speaks ja;
// alice has no language setting ("as the browser").
const ALICE = { login: 'alice', password: 'alice-pw' };
const emu = useEmulator({
  users: [
    { login: 'admin', password: 'admin', admin: true, lang: 'ja' },
    { ...ALICE, admin: false },
  ],
});

const INVALID = '入力内容が正しくありません。';
const REQUIRED = '必須です。';
const DUPLICATE = '値がほかのレコードと重複しています。';
const NOT_A_NUMBER = '数字でなければなりません。';
const OPTIONS = { options: { 甲: { label: '甲', index: '0' }, 乙: { label: '乙', index: '1' } } };
const sub = (fields: Record<string, Record<string, unknown>>) => ({
  type: 'SUBTABLE',
  fields: Object.fromEntries(Object.entries(fields).map(([c, p]) => [c, { code: c, label: c, ...p }])),
});

const keys = (body: { errors?: Record<string, unknown> }) => Object.keys(body.errors ?? {}).sort();
const read = async (app: string, id: string): Promise<any> =>
  (await ok(emu.call('GET', '/k/v1/record.json', { app, id }))).record;
const add = (app: string, record: unknown) => emu.call('POST', '/k/v1/record.json', { app, record });
const put = (app: string, id: string, record: unknown) =>
  emu.call('PUT', '/k/v1/record.json', { app, id, record });
/** Adds a record that must be refused with CB_VA01 and the Japanese top message; its error keys. */
async function refusedKeys(app: string, record: unknown): Promise<string[]> {
  const res = await add(app, record);
  expect([res.status, res.body.code, res.body.message]).toEqual([400, 'CB_VA01', INVALID]);
  return keys(res.body);
}
const query = (app: string, q: string) => emu.call('GET', '/k/v1/records.json', { app, query: q });

describe('validation error keys, in ja', () => {
  it('names scalar and array fields required and empty, with 必須です。', async () => {
    const app = await appWithFields(emu, {
      件名: { type: 'SINGLE_LINE_TEXT', required: true },
      期日: { type: 'DATE', required: true },
      区分: { type: 'RADIO_BUTTON', required: true, ...OPTIONS, defaultValue: '' },
      タグ: { type: 'CHECK_BOX', required: true, ...OPTIONS },
      複数: { type: 'MULTI_SELECT', required: true, ...OPTIONS },
      添付: { type: 'FILE', required: true },
      担当: { type: 'USER_SELECT', required: true },
      部署: { type: 'ORGANIZATION_SELECT', required: true },
      班: { type: 'GROUP_SELECT', required: true },
    });
    expect(await refusedKeys(app, {})).toEqual(
      [
        'record.件名.value',
        'record.期日.value',
        'record.区分.value',
        'record.タグ.values',
        'record.複数.values',
        'record.添付.values',
        'record.担当.values.value',
        'record.部署.values.value',
        'record.班.values.value',
      ].sort(),
    );
    const res = await add(app, {});
    for (const key of keys(res.body))
      expect([key, res.body.errors[key]]).toEqual([key, { messages: [REQUIRED] }]);
  });

  it('names options outside the field: .value for radio and drop-down, .values[i].value per bad item', async () => {
    const app = await appWithFields(emu, {
      区分: { type: 'DROP_DOWN', ...OPTIONS },
      種別: { type: 'RADIO_BUTTON', ...OPTIONS },
      タグ: { type: 'CHECK_BOX', ...OPTIONS },
      複数: { type: 'MULTI_SELECT', ...OPTIONS },
    });
    const record = rec({ 区分: '丙', 種別: '丁', タグ: ['甲', '戊', '乙', '己'], 複数: ['庚'] });
    expect(await refusedKeys(app, record)).toEqual(
      [
        'record.区分.value',
        'record.種別.value',
        'record.タグ.values[1].value',
        'record.タグ.values[3].value',
        'record.複数.values[0].value',
      ].sort(),
    );
  });

  it.each(['abc', '12abc', '1,000'])(
    'names the unparsable number %s in brackets, with 数字でなければなりません。 and 必須です。',
    async (bad) => {
      const app = await appWithFields(emu, { 数量: { type: 'NUMBER' } });
      const res = await add(app, rec({ 数量: bad }));
      expect([res.status, res.body.code, res.body.message, res.body.errors]).toEqual([
        400,
        'CB_VA01',
        INVALID,
        {
          'record[数量].value': { messages: [NOT_A_NUMBER] },
          'record.数量.value': { messages: [REQUIRED] },
        },
      ]);
    },
  );

  it('names table cells by row, bulk items by index, and more than 100 items as records', async () => {
    const app = await appWithFields(emu, {
      件名: { type: 'SINGLE_LINE_TEXT' },
      点数: { type: 'NUMBER', maxValue: '10' },
      明細: sub({ 数量: { type: 'NUMBER', minValue: '1' }, タグ: { type: 'CHECK_BOX', ...OPTIONS } }),
    });
    const table = await add(app, {
      明細: { value: [{ value: rec({ 数量: '5' }) }, { value: rec({ 数量: '0', タグ: ['甲', '丙'] }) }] },
    });
    expect([table.status, table.body.code, table.body.message]).toEqual([400, 'CB_VA01', INVALID]);
    expect(keys(table.body)).toEqual([
      'record.明細.value[1].value.タグ.values[1].value',
      'record.明細.value[1].value.数量.value',
    ]);
    expect(table.body.errors['record.明細.value[1].value.数量.value']).toEqual({
      messages: ['1以上である必要があります。'],
    });

    const bulk = await emu.call('POST', '/k/v1/records.json', {
      app,
      records: [rec({ 点数: '1' }), rec({ 点数: '11' })],
    });
    expect([bulk.status, bulk.body.code, bulk.body.message, bulk.body.errors]).toEqual([
      400,
      'CB_VA01',
      INVALID,
      { 'records[1].点数.value': { messages: ['10以下である必要があります。'] } },
    ]);

    const many = Array.from({ length: 101 }, () => rec({ 件名: 'x' }));
    const tooManyAdded = await emu.call('POST', '/k/v1/records.json', { app, records: many });
    expect([tooManyAdded.status, tooManyAdded.body.code, tooManyAdded.body.errors]).toEqual([
      400,
      'CB_VA01',
      { records: { messages: ['一度に100件までのレコードを追加できます。'] } },
    ]);
    const updates = Array.from({ length: 101 }, (_, i) => ({
      id: String(i + 1),
      record: rec({ 件名: 'y' }),
    }));
    const tooManyUpdated = await emu.call('PUT', '/k/v1/records.json', { app, records: updates });
    expect([tooManyUpdated.status, tooManyUpdated.body.code, tooManyUpdated.body.errors]).toEqual([
      400,
      'CB_VA01',
      { records: { messages: ['一度に100件までのレコードを更新できます。'] } },
    ]);
  });
});

describe('numbers, in ja', () => {
  it('stores numbers normalised, and an unparsable one inside a table as ""', async () => {
    const app = await appWithFields(emu, {
      数値: { type: 'NUMBER' },
      明細: sub({ 数量: { type: 'NUMBER' } }),
    });
    const ids = await addRecords(emu, app, [
      rec({ 数値: '1.5e1' }),
      rec({ 数値: ' 42 ' }),
      { 明細: { value: ['abc', '12abc', '1,000', '2E2'].map((数量) => ({ value: rec({ 数量 }) })) } },
    ]);
    expect((await read(app, ids[0]!)).数値.value).toBe('15');
    expect((await read(app, ids[1]!)).数値.value).toBe('42');
    const rows = (await read(app, ids[2]!)).明細.value as { value: { 数量: { value: string } } }[];
    expect(rows.map((r) => r.value.数量.value)).toEqual(['', '', '', '200']);
  });
});

describe('required, unique, lengths, in ja', () => {
  it('checks required, unique (never on "") and minLength (on "" too) with the Japanese messages', async () => {
    const app = await appWithFields(emu, {
      件名: { type: 'SINGLE_LINE_TEXT', required: true },
      番号: { type: 'SINGLE_LINE_TEXT', unique: true },
      符号: { type: 'SINGLE_LINE_TEXT', minLength: '2' },
    });
    const required = await add(app, rec({ 符号: 'ab' }));
    expect([required.status, required.body.code, required.body.message, required.body.errors]).toEqual([
      400,
      'CB_VA01',
      INVALID,
      { 'record.件名.value': { messages: [REQUIRED] } },
    ]);

    const [first] = await addRecords(emu, app, [
      rec({ 件名: 'a', 番号: 'K-1', 符号: 'ab' }),
      rec({ 件名: 'b', 番号: '', 符号: 'ab' }),
      rec({ 件名: 'c', 番号: '', 符号: 'ab' }),
    ]);
    const duplicate = await add(app, rec({ 件名: 'd', 番号: 'K-1', 符号: 'ab' }));
    expect([duplicate.status, duplicate.body.code, duplicate.body.message, duplicate.body.errors]).toEqual([
      400,
      'CB_VA01',
      INVALID,
      { 'record.番号.value': { messages: [DUPLICATE] } },
    ]);
    expect((await put(app, first!, rec({ 番号: 'K-1' }))).status).toBe(200);

    for (const short of ['', 'x']) {
      const res = await add(app, rec({ 件名: 'e', 符号: short }));
      expect([short, res.status, res.body.code, res.body.message, keys(res.body)]).toEqual([
        short,
        400,
        'CB_VA01',
        INVALID,
        ['record.符号.value'],
      ]);
    }
  });

  it("deploys a field made required later; the empty record's next update is refused with 必須です。", async () => {
    const app = await appWithFields(emu, {
      件名: { type: 'SINGLE_LINE_TEXT' },
      分類: { type: 'SINGLE_LINE_TEXT' },
    });
    const [empty] = await addRecords(emu, app, [rec({ 件名: 'a' })]);
    await ok(
      emu.call('PUT', '/k/v1/preview/app/form/fields.json', {
        app,
        properties: { 分類: { required: true } },
      }),
    );
    expect(await emu.deploy([app])).toEqual({ [app]: 'SUCCESS' });
    expect((await read(app, empty!)).分類.value).toBe('');
    const refused = await put(app, empty!, rec({ 件名: 'a2' }));
    expect([refused.status, refused.body.code, refused.body.message, refused.body.errors]).toEqual([
      400,
      'CB_VA01',
      INVALID,
      { 'record.分類.value': { messages: [REQUIRED] } },
    ]);
    expect((await put(app, empty!, rec({ 件名: 'a2', 分類: 'X' }))).body).toEqual({ revision: '2' });
  });
});

describe('tables in record writes, in ja', () => {
  it('keeps rows when the table is left out, merges a row by id, and [] deletes every row', async () => {
    const app = await appWithFields(emu, {
      件名: { type: 'SINGLE_LINE_TEXT' },
      明細: sub({ 品名: { type: 'SINGLE_LINE_TEXT' }, 数量: { type: 'NUMBER' } }),
    });
    const [id] = await addRecords(emu, app, [
      {
        件名: { value: 't' },
        明細: {
          value: [
            { value: rec({ 品名: 'りんご', 数量: '1' }) },
            { value: rec({ 品名: 'みかん', 数量: '2' }) },
          ],
        },
      },
    ]);
    const rows = (await read(app, id!)).明細.value as { id: string }[];
    await ok(put(app, id!, rec({ 件名: 't2' })));
    expect((await read(app, id!)).明細.value).toEqual(rows);

    await ok(
      put(app, id!, {
        明細: {
          value: [
            { id: rows[1]!.id, value: rec({ 数量: '5' }) },
            { id: '999999', value: rec({ 品名: 'ぶどう' }) },
          ],
        },
      }),
    );
    type Row = { id: string; value: Record<string, { value: string }> };
    const merged = (await read(app, id!)).明細.value as Row[];
    expect(merged.map((r) => [r.value.品名!.value, r.value.数量!.value])).toEqual([
      ['みかん', '5'],
      ['ぶどう', ''],
    ]);
    expect(merged[0]!.id).toBe(rows[1]!.id);
    expect([rows[0]!.id, rows[1]!.id, '999999']).not.toContain(merged[1]!.id);

    await ok(put(app, id!, { 明細: { value: [] } }));
    expect((await read(app, id!)).明細.value).toEqual([]);
  });
});

describe('lookups, in ja', () => {
  async function apps(): Promise<{ products: string; orders: string }> {
    const products = await appWithFields(emu, {
      品番: { type: 'SINGLE_LINE_TEXT' },
      単価: { type: 'NUMBER' },
    });
    await addRecords(emu, products, [rec({ 品番: 'A-1', 単価: 5 }), rec({ 品番: 'B-2', 単価: 8 })]);
    const orders = await appWithFields(emu, {
      商品: {
        type: 'SINGLE_LINE_TEXT',
        lookup: lookupOf(products, '品番', { 価格: '単価' }),
      },
      商品番号: {
        type: 'NUMBER',
        lookup: lookupOf(products, 'レコード番号', { 品番写し: '品番' }),
      },
      価格: { type: 'NUMBER' },
      品番写し: { type: 'SINGLE_LINE_TEXT' },
    });
    return { products, orders };
  }

  it("copies on add, keyed by a field or by the related app's レコード番号", async () => {
    const { orders } = await apps();
    const [id] = await addRecords(emu, orders, [rec({ 商品: 'A-1', 価格: 99, 商品番号: '2' })]);
    const record = await read(orders, id!);
    expect([record.価格.value, record.品番写し.value]).toEqual(['5', 'B-2']);
  });

  it('refuses a key with no match with GAIA_LO04, no errors, worded in Japanese', async () => {
    const { orders } = await apps();
    const res = await add(orders, rec({ 商品: 'Z-9' }));
    expect([res.status, res.body.code, res.body.errors]).toEqual([400, 'GAIA_LO04', undefined]);
    // The facts file gives only the English wording; the answer must not be it, and must name both parts.
    expect(res.body.message).not.toMatch(/does not exist in the datasource app/);
    expect(res.body.message).toMatch(/[\u3040-\u30ff]/);
    expect(res.body.message).toContain('Z-9');
    expect(res.body.message).toContain('商品');
    const bulk = await emu.call('POST', '/k/v1/records.json', {
      app: orders,
      records: [rec({ 商品: 'A-1' }), rec({ 商品番号: '99' })],
    });
    expect([bulk.status, bulk.body.code]).toEqual([400, 'GAIA_LO04']);
  });
});

describe('queries, in ja', () => {
  async function app(): Promise<string> {
    const id = await appWithFields(emu, {
      件名: { type: 'SINGLE_LINE_TEXT' },
      タグ: { type: 'CHECK_BOX', ...OPTIONS },
      明細: sub({ 品名: { type: 'SINGLE_LINE_TEXT' } }),
    });
    await addRecords(emu, id, [
      {
        件名: { value: '一' },
        明細: { value: [{ value: rec({ 品名: 'a' }) }, { value: rec({ 品名: 'b' }) }] },
      },
      { 件名: { value: '二' }, 明細: { value: [{ value: rec({ 品名: 'c' }) }] } },
      { 件名: { value: '三' }, 明細: { value: [] } },
    ]);
    return id;
  }

  it.each([
    ['件名 = ', 'CB_VA01'],
    ["件名 = 'x'", 'CB_VA01'],
    ['件名 = "a\tb"', 'CB_VA01'],
    ['品名 = "a"', 'GAIA_IQ07'],
    ['品名 != "a"', 'GAIA_IQ07'],
    ['タグ in ("丙")', 'GAIA_IQ10'],
    ['存在しない = "x"', 'GAIA_IQ11'],
  ])('refuses %j with %s', async (q, code) => {
    const res = await query(await app(), q);
    expect([res.status, res.body.code]).toEqual([400, code]);
    if (code === 'CB_VA01') {
      expect(res.body.message).toBe(INVALID);
      expect(Object.keys(res.body.errors)).toEqual(['query']);
    }
  });

  it('reads the Japanese system codes, and not in over a table matches only records with rows lacking the value', async () => {
    const id = await app();
    const fields = await ok(emu.call('GET', '/k/v1/app/form/fields.json', { app: id }));
    for (const code of ['レコード番号', '作成者', '作成日時', '更新者', '更新日時'])
      expect(Object.keys(fields.properties)).toContain(code);
    type Listed = Record<string, { value: string }>;
    const byNumber = await ok(query(id, 'レコード番号 > 0 order by 作成日時 desc, レコード番号 desc'));
    expect((byNumber.records as Listed[]).map((r) => [r.レコード番号!.value, r.件名!.value])).toEqual([
      ['3', '三'],
      ['2', '二'],
      ['1', '一'],
    ]);
    const notIn = await ok(query(id, '品名 not in ("a")'));
    expect((notIn.records as Listed[]).map((r) => r.件名!.value)).toEqual(['二']);
  });
});

describe('guest spaces, in ja', () => {
  it('answers GAIA_IL23 for a guest app through /k/v1/ and CB_NO02 for another app through the guest path', async () => {
    const members = [{ entity: { type: 'USER', code: 'admin' }, isAdmin: true }];
    const space = (
      await ok(emu.call('POST', '/k/v1/template/space.json', { id: 1, name: 'S', members, isGuest: true }))
    ).id as string;
    const thread = (await ok(emu.call('GET', '/k/v1/space.json', { id: space }))).threadIds[0] as string;
    const guestApp = (await ok(emu.call('POST', '/k/v1/preview/app.json', { name: 'ゲスト', space, thread })))
      .app as string;
    expect(await emu.deploy([guestApp], false, `/k/guest/${space}/v1`)).toEqual({ [guestApp]: 'SUCCESS' });
    const plainApp = await appWithFields(emu, { 件名: { type: 'SINGLE_LINE_TEXT' } });

    const viaPlain = await emu.call('GET', '/k/v1/records.json', { app: guestApp });
    expect([viaPlain.status, viaPlain.body.code]).toEqual([400, 'GAIA_IL23']);
    const viaGuest = await emu.call('GET', `/k/guest/${space}/v1/records.json`, { app: guestApp });
    expect(viaGuest.status).toBe(200);
    const outside = await emu.call('GET', `/k/guest/${space}/v1/records.json`, { app: plainApp });
    expect([outside.status, outside.body.code]).toEqual([403, 'CB_NO02']);
  });
});

describe('calculated values with Japanese field codes', () => {
  it('gives the next day for a DATE-format CALC of 受付日 + 86400 and concatenates text with &', async () => {
    const app = await appWithFields(emu, {
      受付日: { type: 'DATE' },
      氏名: { type: 'SINGLE_LINE_TEXT' },
      翌日: { type: 'CALC', expression: '受付日 + 86400', format: 'DATE' },
      宛名: { type: 'SINGLE_LINE_TEXT', expression: '氏名 & "様"', hideExpression: false },
    });
    const [id] = await addRecords(emu, app, [rec({ 受付日: '2026-04-25', 氏名: '山田' })]);
    const record = await read(app, id!);
    expect([record.翌日.value, record.宛名.value]).toEqual(['2026-04-26', '山田様']);
  });
});

describe('the language of the answer', () => {
  it('answers the same write in ja or en by Accept-Language for a user without a setting', async () => {
    const app = await appWithFields(emu, { 件名: { type: 'SINGLE_LINE_TEXT', required: true } });
    const cases: [string, string, string][] = [
      ['ja', INVALID, REQUIRED],
      ['ja-JP,ja;q=0.9,en;q=0.8', INVALID, REQUIRED],
      ['en', 'Missing or invalid input.', 'Required.'],
      ['en-US,en;q=0.9,ja;q=0.5', 'Missing or invalid input.', 'Required.'],
    ];
    for (const [lang, message, required] of cases) {
      const res = await emu.call(
        'POST',
        '/k/v1/record.json',
        { app, record: {} },
        { user: ALICE, headers: { 'Accept-Language': lang } },
      );
      expect([lang, res.status, res.body.code, res.body.message, res.body.errors]).toEqual([
        lang,
        400,
        'CB_VA01',
        message,
        { 'record.件名.value': { messages: [required] } },
      ]);
    }
  });
});

describe('other record answers, in ja', () => {
  it('refuses deleting unknown ids with GAIA_RE01, and totalCount is null unless asked', async () => {
    const app = await appWithFields(emu, { 件名: { type: 'SINGLE_LINE_TEXT' } });
    await addRecords(emu, app, [rec({ 件名: 'a' }), rec({ 件名: 'b' })]);
    const gone = await emu.call('DELETE', '/k/v1/records.json', { app, ids: [1, 42] });
    expect(gone.body.code).toBe('GAIA_RE01');
    expect((await read(app, '1')).件名.value).toBe('a');
    expect((await ok(emu.call('GET', '/k/v1/records.json', { app }))).totalCount).toBeNull();
    expect((await ok(emu.call('GET', '/k/v1/records.json', { app, totalCount: true }))).totalCount).toBe('2');
  });
});
