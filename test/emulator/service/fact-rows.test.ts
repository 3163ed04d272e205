/**
 * Facts recorded on the hosted platform that no other test pinned against the local service, one
 * row each, each citing where it is written: /work/shared/spec/platform-facts-verified.md
 * ("verified"), platform-facts.md, rest-interface.md, or SonicGarden/kintone-emulator's
 * docs/real-kintone-notes.md ("notes", by its heading). Every row sends the real HTTP request to
 * the service on port 0 and compares the whole answer that the fact speaks of.
 */
import { describe, expect, it } from 'vitest';
import { useEmulator } from '../harness.js';
import { REVIEW_PROCESS, USERS, addRecords, appWithFields, ok, rec } from '../records/records-helpers.js';

const emu = useEmulator({ users: USERS });
type Emulator = typeof emu;

const JA = { 'Accept-Language': 'ja' };

interface Row {
  readonly fact: string;
  readonly source: string;
  readonly run: (emu: Emulator) => Promise<unknown>;
  readonly expected: unknown;
}

const RECORDS: readonly Row[] = [
  {
    fact: 'a record of an app with process management (and categories) off carries no STATUS, STATUS_ASSIGNEE or CATEGORY value',
    source:
      'notes: "## プロセス管理が無効なアプリのステータスフィールド" (getRecord keys: レコード番号, 更新者, 作成者, $revision, title, 更新日時, 作成日時, $id)',
    run: async (emu) => {
      const { app } = await ok(emu.call('POST', '/k/v1/preview/app.json', { name: 'ja' }, { headers: JA }));
      const properties = { title: { type: 'SINGLE_LINE_TEXT', code: 'title', label: 'title' } };
      await ok(emu.call('POST', '/k/v1/preview/app/form/fields.json', { app, properties }));
      await emu.deploy([app]);
      const [id] = await addRecords(emu, app, [rec({ title: 't' })]);
      const { record } = await ok(emu.call('GET', '/k/v1/record.json', { app, id }));
      const { records } = await ok(emu.call('GET', '/k/v1/records.json', { app }));
      return [Object.keys(record).sort(), Object.keys(records[0]).sort()];
    },
    expected: [
      ['$id', '$revision', 'title', '作成日時', '作成者', '更新日時', '更新者', 'レコード番号'].sort(),
      ['$id', '$revision', 'title', '作成日時', '作成者', '更新日時', '更新者', 'レコード番号'].sort(),
    ],
  },
];

/**
 * Deploys `change` (a fields PUT of the draft) to an app whose `t` (single-line text) holds
 * `values`; answers the deploy's status and the live `t` after it.
 */
async function deployLength(
  emu: Emulator,
  values: readonly string[],
  change: Record<string, unknown>,
): Promise<unknown> {
  const app = await appWithFields(emu, { t: { type: 'SINGLE_LINE_TEXT' } });
  await addRecords(
    emu,
    app,
    values.map((t) => rec({ t })),
  );
  await ok(emu.call('PUT', '/k/v1/preview/app/form/fields.json', { app, properties: { t: change } }));
  const status = (await emu.deploy([app]))[app];
  const live = (await ok(emu.call('GET', '/k/v1/app/form/fields.json', { app }))).properties.t;
  return [status, live.minLength, live.maxLength];
}

const LENGTHS = 'verified: "## Required, unique, lengths" 2nd bullet, last sentence ("or a tighter length")';

const DEPLOYS: readonly Row[] = [
  {
    fact: 'a maxLength that a record already breaks fails the deploy, and the live field stays as it was',
    source: LENGTHS,
    run: (emu) => deployLength(emu, ['abc', 'abcdef'], { maxLength: '4' }),
    expected: ['FAIL', '', ''],
  },
  {
    fact: 'a minLength that a record already breaks fails the deploy',
    source: LENGTHS,
    run: (emu) => deployLength(emu, ['abcdef', 'ab'], { minLength: '3' }),
    expected: ['FAIL', '', ''],
  },
  {
    fact: "a table column's maxLength that a row already breaks fails the deploy",
    source: LENGTHS,
    run: async (emu) => {
      const column = { type: 'SINGLE_LINE_TEXT', code: 'c', label: 'c' };
      const app = await appWithFields(emu, { rows: { type: 'SUBTABLE', fields: { c: column } } });
      const rows = ['ab', 'abcdef'].map((c) => ({ value: rec({ c }) }));
      await addRecords(emu, app, [{ rows: { value: rows } }]);
      const properties = { rows: { type: 'SUBTABLE', fields: { c: { ...column, maxLength: '4' } } } };
      await ok(emu.call('PUT', '/k/v1/preview/app/form/fields.json', { app, properties }));
      return (await emu.deploy([app]))[app];
    },
    expected: 'FAIL',
  },
  {
    fact: 'a tighter length that every record keeps deploys',
    source: LENGTHS,
    run: (emu) => deployLength(emu, ['abc', 'abcd'], { minLength: '3', maxLength: '4' }),
    expected: ['SUCCESS', '3', '4'],
  },
];

/** A status action on record 1 of an app with (or without) the review process: [status, code, message] in `lang`. */
async function statusAction(
  emu: Emulator,
  process: boolean,
  action: string,
  lang: 'en' | 'ja',
): Promise<unknown> {
  const app = await appWithFields(
    emu,
    { amount: { type: 'NUMBER' } },
    process ? { process: REVIEW_PROCESS } : {},
  );
  await addRecords(emu, app, [rec({ amount: 5 })]);
  const headers = { 'Accept-Language': lang };
  const res = await emu.call('PUT', '/k/v1/record/status.json', { app, id: 1, action }, { headers });
  return [res.status, res.body.code, res.body.message];
}

const ACTIONS = 'notes: "### アクション実行 API (`updateRecordStatus`) の制約"';

const STATUS_ACTIONS: readonly Row[] = [
  {
    fact: 'an action that does not start from the current status: 400 GAIA_IL03 in the words of the platform (en)',
    source: `${ACTIONS}, 2nd bullet`,
    run: (emu) => statusAction(emu, true, 'Approve', 'en'),
    expected: [
      400,
      'GAIA_IL03',
      'Failed to update the status. The settings or the status itself may have been changed by someone.',
    ],
  },
  {
    fact: 'an action that does not start from the current status: 400 GAIA_IL03 in the words of the platform (ja)',
    source: `${ACTIONS}, 2nd bullet`,
    run: (emu) => statusAction(emu, true, 'Approve', 'ja'),
    expected: [
      400,
      'GAIA_IL03',
      'ステータスの変更に失敗しました。ほかのユーザーがステータス、またはステータスの設定を変更した可能性があります。',
    ],
  },
  {
    fact: 'a status action on an app whose process management is off: 400 GAIA_ST02 in the words of the platform (en)',
    source: `${ACTIONS}, 3rd bullet`,
    run: (emu) => statusAction(emu, false, 'Submit', 'en'),
    expected: [400, 'GAIA_ST02', 'Your request failed. The process management feature has been disabled.'],
  },
  {
    fact: 'a status action on an app whose process management is off: 400 GAIA_ST02 in the words of the platform (ja)',
    source: `${ACTIONS}, 3rd bullet`,
    run: (emu) => statusAction(emu, false, 'Submit', 'ja'),
    expected: [400, 'GAIA_ST02', '操作に失敗しました。プロセス管理機能が無効化されています。'],
  },
];

describe.each([
  ['records', RECORDS],
  ['deploys', DEPLOYS],
  ['status actions', STATUS_ACTIONS],
] as const)('%s', (_area, rows) => {
  it.each(rows.map((row) => [row.fact, row] as const))('%s', async (_fact, row) => {
    expect(await row.run(emu), row.source).toEqual(row.expected);
  });
});
