/**
 * The language of answers and of new apps, chosen as platform-facts-verified ("Locale") records
 * the hosted platform choosing it: the user's setting, else Accept-Language (q-values; `*` or none
 * means the organisation's default), else that default. Messages are the facts file's examples.
 */
import { describe, expect, it } from 'vitest';
import { useEmulator } from '../harness.js';
import { appWithFields, ok, rec } from '../records/records-helpers.js';
import { JA_SYSTEM_CODES } from '../../support/ja-system-codes.js';

const USERS = [
  { login: 'admin', password: 'admin', admin: true },
  { login: 'kenji', password: 'k-pw', admin: false, lang: 'ja' as const },
];
const KENJI = { login: 'kenji', password: 'k-pw' };
const FIELDS = {
  title: { type: 'SINGLE_LINE_TEXT', required: true },
  n: { type: 'NUMBER', maxValue: '10', minValue: '1' },
  key: { type: 'SINGLE_LINE_TEXT', unique: true },
};

describe('with the service default en', () => {
  const emu = useEmulator({ users: USERS });

  async function refusedTitle(
    app: string,
    headers: Record<string, string>,
    user = undefined as typeof KENJI | undefined,
  ) {
    const res = await emu.call(
      'POST',
      '/k/v1/record.json',
      { app, record: {} },
      { headers, ...(user ? { user } : {}) },
    );
    expect(res.status).toBe(400);
    return [res.body.message as string, res.body.errors['record.title.value'].messages[0] as string];
  }

  it('answers the same record write in the language Accept-Language asks for', async () => {
    const app = await appWithFields(emu, FIELDS);
    const cases: [Record<string, string>, string[]][] = [
      [{}, ['Missing or invalid input.', 'Required.']],
      [{ 'Accept-Language': 'ja' }, ['入力内容が正しくありません。', '必須です。']],
      [{ 'Accept-Language': 'ja-JP,ja;q=0.9,en;q=0.8' }, ['入力内容が正しくありません。', '必須です。']],
      [{ 'Accept-Language': 'en;q=0.5, ja;q=0.8' }, ['入力内容が正しくありません。', '必須です。']],
      [{ 'Accept-Language': 'fr, en;q=0.1' }, ['Missing or invalid input.', 'Required.']],
      [{ 'Accept-Language': '*' }, ['Missing or invalid input.', 'Required.']],
      [{ 'Accept-Language': 'zh-CN' }, ['输入内容不正确。', '必填。']],
    ];
    for (const [headers, expected] of cases)
      expect([headers, await refusedTitle(app, headers)]).toEqual([headers, expected]);
  });

  it('words number, range, unique and record-cap messages in ja as the platform does', async () => {
    const app = await appWithFields(emu, FIELDS);
    await ok(emu.call('POST', '/k/v1/record.json', { app, record: rec({ title: 't', key: 'k' }) }));
    const ja = { headers: { 'Accept-Language': 'ja' } };
    const write = (record: unknown) => emu.call('POST', '/k/v1/record.json', { app, record }, ja);
    expect((await write(rec({ title: 't', n: 'abc' }))).body.errors['record[n].value'].messages).toEqual([
      '数字でなければなりません。',
    ]);
    expect((await write(rec({ title: 't', n: '11' }))).body.errors['record.n.value'].messages).toEqual([
      '10以下である必要があります。',
    ]);
    expect((await write(rec({ title: 't', n: '0' }))).body.errors['record.n.value'].messages).toEqual([
      '1以上である必要があります。',
    ]);
    expect((await write(rec({ title: 't', key: 'k' }))).body.errors['record.key.value'].messages).toEqual([
      '値がほかのレコードと重複しています。',
    ]);
    const many = Array.from({ length: 101 }, () => rec({ title: 'x' }));
    const tooMany = await emu.call('POST', '/k/v1/records.json', { app, records: many }, ja);
    expect(tooMany.body.errors.records.messages).toEqual(['一度に100件までのレコードを追加できます。']);
    const tooManyUpdates = Array.from({ length: 101 }, (_, i) => ({
      id: i + 1,
      record: rec({ title: 'x' }),
    }));
    const updates = await emu.call('PUT', '/k/v1/records.json', { app, records: tooManyUpdates }, ja);
    expect(updates.body.errors.records.messages).toEqual(['一度に100件までのレコードを更新できます。']);
  });

  it("follows the user's own language over Accept-Language, and the control API's setting over --user", async () => {
    const app = await appWithFields(emu, FIELDS);
    // A new app lets everyone add records, so Kenji's write reaches the field checks.
    const en = { 'Accept-Language': 'en' };
    expect(await refusedTitle(app, en, KENJI)).toEqual(['入力内容が正しくありません。', '必須です。']);
    await ok(emu.call('PUT', '/_emulator/user-lang', { login: 'kenji', lang: 'zh' }));
    expect(await refusedTitle(app, en, KENJI)).toEqual(['输入内容不正确。', '必填。']);
    await ok(emu.call('PUT', '/_emulator/user-lang', { login: 'kenji', lang: null }));
    expect(await refusedTitle(app, en, KENJI)).toEqual(['Missing or invalid input.', 'Required.']);
    // The User API reports the setting the user signs in with (plan reads it: new apps' codes).
    const users = await ok(emu.call('GET', '/v1/users.json', { codes: ['kenji'] }));
    expect(users.users[0].locale).toBeNull();
    await ok(emu.call('PUT', '/_emulator/user-lang', { login: 'kenji', lang: 'ja' }));
    const again = await ok(emu.call('GET', '/v1/users.json', { codes: ['kenji'] }));
    expect(again.users[0].locale).toBe('ja');
    const bad = await emu.call('PUT', '/_emulator/user-lang', { login: 'kenji', lang: 'fr' });
    expect([bad.status, Object.keys(bad.body.errors)]).toEqual([400, ['lang']]);
  });

  it("gives a new app the system field codes of its creator's language", async () => {
    const created = await ok(
      emu.call(
        'POST',
        '/k/v1/preview/app.json',
        { name: 'ja app' },
        { headers: { 'Accept-Language': 'ja' } },
      ),
    );
    const fields = await ok(emu.call('GET', '/k/v1/preview/app/form/fields.json', { app: created.app }));
    expect(Object.keys(fields.properties).sort()).toEqual([...JA_SYSTEM_CODES].sort());
    const plain = await ok(emu.call('POST', '/k/v1/preview/app.json', { name: 'en app' }));
    const enFields = await ok(emu.call('GET', '/k/v1/preview/app/form/fields.json', { app: plain.app }));
    expect(Object.keys(enFields.properties)).toContain('Record_number');
  });

  it("names a new app's preset statuses in its creator's language (process off)", async () => {
    const cases = [
      [{ 'Accept-Language': 'ja' }, ['未処理', '処理中', '完了']],
      [{}, ['Not started', 'In progress', 'Completed']],
    ] as const;
    for (const [headers, names] of cases) {
      const created = await ok(emu.call('POST', '/k/v1/preview/app.json', { name: 'p' }, { headers }));
      const process = await ok(emu.call('GET', '/k/v1/preview/app/status.json', { app: created.app }));
      expect(process.enable).toBe(false);
      const states = Object.values(process.states as Record<string, { name: string; index: string }>);
      expect(states.sort((a, b) => Number(a.index) - Number(b.index)).map((s) => s.name)).toEqual(names);
      // The preset buttons go from the first status to the last, one step each.
      const steps = (process.actions as { from: string; to: string }[]).map((a) => [a.from, a.to]);
      expect(steps).toEqual([
        [names[0], names[1]],
        [names[1], names[2]],
      ]);
    }
  });
});

describe('with the service default ja (--locale ja)', () => {
  const emu = useEmulator({ locale: 'ja' });

  it('answers in ja without Accept-Language or with *, and in en when asked', async () => {
    const app = await appWithFields(emu, FIELDS);
    for (const headers of [{}, { 'Accept-Language': '*' }])
      expect(
        (await emu.call('POST', '/k/v1/record.json', { app, record: {} }, { headers })).body.message,
      ).toBe('入力内容が正しくありません。');
    const en = await emu.call(
      'POST',
      '/k/v1/record.json',
      { app, record: {} },
      { headers: { 'Accept-Language': 'en-US' } },
    );
    expect(en.body.message).toBe('Missing or invalid input.');
    const fields = await ok(emu.call('GET', '/k/v1/app/form/fields.json', { app }));
    expect(fields.properties['レコード番号']).toMatchObject({ type: 'RECORD_NUMBER', code: 'レコード番号' });
  });
});
