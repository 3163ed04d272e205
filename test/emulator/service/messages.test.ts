/**
 * Messages in ja and zh beyond the facts file's examples (issue 16, Locale): every error factory
 * of errors.ts, and the main errors a caller meets over HTTP, answered to a Japanese user. The
 * expected ja texts are the facts file's where it lists them (入力内容が正しくありません。,
 * 必須です。, ...) and the platform's known wording otherwise (指定したアプリ（id: N）が見つかりません。).
 */
import { describe, expect, it } from 'vitest';
import { ApiError, errors, invalid, uploadTooLarge } from '../../../src/emulator/errors.js';
import { translate } from '../../../src/emulator/messages/translate.js';
import { useEmulator } from '../harness.js';
import { appWithFields, ok, rec } from '../records/records-helpers.js';

const CJK = /[\u3040-\u30ff\u4e00-\u9fff]/;

describe('every error factory', () => {
  // Listed here, not derived from the table: a factory added without a translation fails this.
  const made: [string, ApiError][] = [
    ['noAuth', errors.noAuth()],
    ['badLogin', errors.badLogin()],
    ['badToken', errors.badToken('X-Cybozu-API-Token')],
    ['tokenNotForApp', errors.tokenNotForApp()],
    ['forbidden()', errors.forbidden()],
    ['forbidden(what)', errors.forbidden('viewing this app')],
    ['appNotFound', errors.appNotFound('999')],
    ['revision', errors.revision('3', '5')],
    ['deploying', errors.deploying('7')],
    ['cannotPublish', errors.cannotPublish('7', 'the field "x" is gone')],
    ['notFoundPath', errors.notFoundPath('GET', '/k/v1/nothing.json')],
    ['badJson', errors.badJson()],
    ['contentType', errors.contentType('text/plain')],
    ['tooLarge', errors.tooLarge(1024)],
    ['tooMany', errors.tooMany()],
    ['uploadTooLarge', uploadTooLarge(1024 * 1024)],
    ['uploadTooLarge(size)', uploadTooLarge(1024 * 1024, 2_000_000)],
    ['invalid', invalid({ x: 'Required.' })],
  ];

  it.each(made)('%s has a ja and a zh wording', (_name, error) => {
    for (const lang of ['ja', 'zh'] as const) {
      const words = translate(error.message, lang);
      expect(words).not.toBe(error.message);
      expect(words).toMatch(CJK);
    }
  });

  it('keeps the varying parts', () => {
    expect(translate(errors.appNotFound('999').message, 'ja')).toBe(
      '指定したアプリ（id: 999）が見つかりません。削除されている可能性があります。',
    );
    expect(translate(errors.revision('3', '5').message, 'zh')).toContain('指定 3，当前 5');
    expect(translate(uploadTooLarge(1024 * 1024, 2_000_000).message, 'ja')).toContain('2000000バイト');
    expect(translate(errors.forbidden().message, 'ja')).toBe('権限がありません。');
  });

  it('translates the messages inside a composed one, and leaves data alone', () => {
    expect(translate('"x" is not an option. Options: "a", "b".', 'ja')).toBe(
      '"x"は選択肢にありません。選択肢："a", "b"。',
    );
    expect(translate('"Required." is not an option. The field has no options.', 'ja')).toBe(
      '"Required."は選択肢にありません。このフィールドには選択肢がありません。',
    );
    expect(
      translate(
        'The file key "k1" was not found; upload the file again with POST /k/v1/file.json and use the new key.',
        'ja',
      ),
    ).toMatch(/^ファイルキー「k1」が見つかりません。/);
    // An unknown inner message stays as it is; its frame is still translated.
    expect(translate('The action "Go" cannot run on record 4: something new.', 'ja')).toBe(
      'アクション「Go」はレコード 4 では実行できません: something new。',
    );
  });
});

const USERS = [
  { login: 'admin', password: 'admin', admin: true },
  { login: 'kenji', password: 'k-pw', admin: false, lang: 'ja' as const },
];
const KENJI = { login: 'kenji', password: 'k-pw' };
const JA = { headers: { 'Accept-Language': 'ja' } };
const ZH = { headers: { 'Accept-Language': 'zh-CN' } };
const FIELDS = {
  title: { type: 'SINGLE_LINE_TEXT', required: true, maxLength: '5' },
  n: { type: 'NUMBER', maxValue: '10', minValue: '1' },
  key: { type: 'SINGLE_LINE_TEXT', unique: true },
  color: {
    type: 'DROP_DOWN',
    options: { red: { label: 'red', index: '0' }, blue: { label: 'blue', index: '1' } },
  },
  day: { type: 'DATE' },
};

describe('over HTTP, to a Japanese user', () => {
  const emu = useEmulator({ users: USERS });

  /** The answer's message, and the messages of each `errors` key. */
  function words(body: { message: string; errors?: Record<string, { messages: string[] }> }) {
    const errs = Object.fromEntries(Object.entries(body.errors ?? {}).map(([k, v]) => [k, v.messages]));
    return { message: body.message, errors: errs };
  }

  // The route and the body are checked before the caller is known: Accept-Language decides there.
  it('words authentication, routing and body errors in ja', async () => {
    const cases: [string, Promise<{ status: number; body: any }>, number, string][] = [
      [
        'no credential',
        emu.call('GET', '/k/v1/apps.json', undefined, { user: null, ...JA }),
        401,
        'ログインしてください。X-Cybozu-Authorization または X-Cybozu-API-Token ヘッダー（または X-Service-Authorization または X-Service-API-Token）を送信してください。',
      ],
      [
        'wrong password',
        emu.call('GET', '/k/v1/apps.json', undefined, { user: { login: 'kenji', password: 'no' }, ...JA }),
        401,
        'ログイン名またはパスワードが正しくありません。',
      ],
      [
        'app not found',
        emu.call('GET', '/k/v1/app.json', { id: 999 }, { user: KENJI }),
        404,
        '指定したアプリ（id: 999）が見つかりません。削除されている可能性があります。',
      ],
      [
        'unknown API',
        emu.call('GET', '/k/v1/nothing.json', undefined, { user: KENJI, ...JA }),
        404,
        '指定した API（GET /k/v1/nothing.json）は存在しません。',
      ],
      [
        'bad JSON',
        emu.call('POST', '/k/v1/record.json', undefined, {
          user: KENJI,
          rawBody: '{"app": ',
          headers: { 'Content-Type': 'application/json', 'Accept-Language': 'ja' },
        }),
        400,
        '不正なJSON文字列です。',
      ],
    ];
    for (const [name, reply, status, message] of cases) {
      const res = await reply;
      expect([name, res.status, res.body.message]).toEqual([name, status, message]);
    }
  });

  it('words permission, revision, record and process errors in ja', async () => {
    const app = await appWithFields(emu, FIELDS);
    const added = await ok(emu.call('POST', '/k/v1/record.json', { app, record: rec({ title: 't' }) }));
    const noRights = await emu.call(
      'PUT',
      '/k/v1/preview/app/settings.json',
      { app, name: 'x' },
      { user: KENJI },
    );
    expect([noRights.status, noRights.body.code]).toEqual([403, 'CB_NO02']);
    expect(noRights.body.message).toMatch(/^権限がありません/);

    const stale = await emu.call(
      'PUT',
      '/k/v1/record.json',
      { app, id: added.id, revision: 7, record: rec({ title: 'u' }) },
      JA,
    );
    expect([stale.status, stale.body.message]).toEqual([
      409,
      '指定したリビジョンは最新ではありません。ほかのユーザーが変更した可能性があります（指定 7、現在 1）。',
    ]);
    const missing = await emu.call('GET', '/k/v1/record.json', { app, id: 99 }, JA);
    expect([missing.status, missing.body.code, missing.body.message]).toEqual([
      404,
      'GAIA_RE01',
      '指定したレコード（id: 99）が見つかりません。',
    ]);
    const noProcess = await emu.call(
      'PUT',
      '/k/v1/record/status.json',
      { app, id: added.id, action: 'Go' },
      JA,
    );
    expect([noProcess.status, noProcess.body.code, noProcess.body.message]).toEqual([
      400,
      'GAIA_ST02',
      '操作に失敗しました。プロセス管理機能が無効化されています。',
    ]);
  });

  it('words the record validation messages in ja', async () => {
    const app = await appWithFields(emu, FIELDS);
    await ok(emu.call('POST', '/k/v1/record.json', { app, record: rec({ title: 't', key: 'k' }) }));
    const write = async (record: unknown) =>
      words((await emu.call('POST', '/k/v1/record.json', { app, record }, { user: KENJI })).body);
    const cases: [string, unknown, Record<string, string[]>][] = [
      ['required', {}, { 'record.title.value': ['必須です。'] }],
      [
        'length',
        rec({ title: 'abcdefg' }),
        { 'record.title.value': ['5文字以下である必要があります（現在7文字）。'] },
      ],
      [
        'option',
        rec({ title: 't', color: 'green' }),
        { 'record.color.value': ['"green"は選択肢にありません。選択肢："red", "blue"。'] },
      ],
      [
        'number',
        rec({ title: 't', n: 'abc' }),
        { 'record[n].value': ['数字でなければなりません。'], 'record.n.value': ['必須です。'] },
      ],
      ['range', rec({ title: 't', n: '11' }), { 'record.n.value': ['10以下である必要があります。'] }],
      [
        'unique',
        rec({ title: 't', key: 'k' }),
        { 'record.key.value': ['値がほかのレコードと重複しています。'] },
      ],
      [
        'date',
        rec({ title: 't', day: '2024/01/01' }),
        { 'record.day.value': ['日付はYYYY-MM-DDの形式で入力してください。'] },
      ],
    ];
    for (const [name, record, expected] of cases)
      expect([name, await write(record)]).toEqual([
        name,
        { message: '入力内容が正しくありません。', errors: expected },
      ]);
  });

  it('words query errors in ja', async () => {
    const app = await appWithFields(emu, FIELDS);
    const get = (query: string) => emu.call('GET', '/k/v1/records.json', { app, query }, { user: KENJI });
    const unknown = await get('nope = "x"');
    expect([unknown.body.code, unknown.body.errors.query.messages]).toEqual([
      'GAIA_IQ11',
      [
        '指定されたフィールド（code: nope）が見つかりません。フィールドコードを確認してください（大文字と小文字は区別されます）。（query の位置 0）',
      ],
    ]);
    expect(unknown.body.message).toMatch(
      /^query がアプリのフィールドと合いません: 指定されたフィールド（code: nope）/,
    );
    const limit = await get('limit 501');
    expect([limit.body.code, limit.body.message]).toEqual([
      'GAIA_QU01',
      'limit には500以下の値を指定してください。それより多く取得するにはカーソルを使用してください。',
    ]);
  });

  it('words the main errors in zh when asked', async () => {
    const app = await appWithFields(emu, FIELDS);
    const notFound = await emu.call('GET', '/k/v1/app.json', { id: 999 }, ZH);
    expect(notFound.body.message).toBe('未找到指定的应用（id: 999）。该应用可能已被删除。');
    const missing = await emu.call('GET', '/k/v1/record.json', { app, id: 99 }, ZH);
    expect(missing.body.message).toBe('未找到指定的记录（id: 99）。');
    const bad = await emu.call('POST', '/k/v1/record.json', { app, record: rec({ title: 'abcdefg' }) }, ZH);
    expect(words(bad.body)).toEqual({
      message: '输入内容不正确。',
      errors: { 'record.title.value': ['必须最多为5个字符（当前7个字符）。'] },
    });
  });
});
