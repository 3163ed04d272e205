// Deleting a field that another app's lookup or related-records table reads: the hosted platform
// refuses it (kintone help article 040792, "An error message appears and I cannot delete a field":
// GAIA_LO02 for a lookup, GAIA_RE07 for a related-records table).
import { beforeEach, describe, expect, it } from 'vitest';
import { useEmulator } from '../harness.js';
import { lookupOf, referenceTableOf } from '../related-fields.js';

const emu = useEmulator();
const FIELDS = '/k/v1/preview/app/form/fields.json';

const text = (code: string, more: Record<string, unknown> = {}) => ({
  type: 'SINGLE_LINE_TEXT',
  code,
  label: `Label of ${code}`,
  ...more,
});

let master: string;

beforeEach(async () => {
  master = (await emu.call('POST', '/k/v1/preview/app.json', { name: 'Master' })).body.app as string;
  const added = await emu.call('POST', FIELDS, {
    app: master,
    properties: Object.fromEntries(
      ['code', 'name', 'price', 'note', 'other', 'free'].map((c) => [
        c,
        text(c, c === 'code' ? { unique: true } : {}),
      ]),
    ),
  });
  expect(added.status).toBe(200);
  await emu.deploy([master]);
});

/** An app named Reader whose fields read the master app; deployed unless `draftOnly`. */
async function reader(properties: Record<string, unknown>, draftOnly = false): Promise<string> {
  const app = (await emu.call('POST', '/k/v1/preview/app.json', { name: 'Reader' })).body.app as string;
  const res = await emu.call('POST', FIELDS, { app, properties });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  if (!draftOnly) await emu.deploy([app]);
  return app;
}

const LOOKUP_KEY = { ref: text('ref', { lookup: lookupOf(0, 'code', {}) }) };
const LOOKUP_COPY = {
  copied: text('copied'),
  ref: text('ref', { lookup: lookupOf(0, 'code', { copied: 'name' }) }),
};
const LOOKUP_PICKER = {
  ref: text('ref', { lookup: lookupOf(0, 'code', {}, { lookupPickerFields: ['price'] }) }),
};
/** A related-records field `rel` showing `shown` of the records whose `matched` equals `here`. */
const related = (matched: string, shown: string[]) => ({
  here: text('here'),
  rel: {
    type: 'REFERENCE_TABLE',
    code: 'rel',
    label: 'Related',
    referenceTable: referenceTableOf(0, ['here', matched], shown),
  },
});
const RELATED_SHOWN = related('code', ['note']);
const RELATED_KEY = related('other', ['code']);
const LOOKUP_IN_TABLE = {
  rows: {
    type: 'SUBTABLE',
    code: 'rows',
    label: 'Rows',
    fields: { ref: text('ref', { lookup: lookupOf(0, 'code', {}) }) },
  },
};

/** The definitions with the master app's id where the fixtures say 0. */
function pointingAtMaster(properties: Record<string, unknown>): Record<string, unknown> {
  return JSON.parse(JSON.stringify(properties).replaceAll('{"app":0}', `{"app":"${master}"}`)) as Record<
    string,
    unknown
  >;
}

describe('deleting a field another app reads', () => {
  it.each([
    ['the key field of a lookup', LOOKUP_KEY, 'code', 'GAIA_LO02', 'Lookup field "Label of ref"'],
    ['a field a lookup copies', LOOKUP_COPY, 'name', 'GAIA_LO02', 'Lookup field "Label of ref"'],
    ['a field a lookup shows in its picker', LOOKUP_PICKER, 'price', 'GAIA_LO02', 'Lookup field'],
    [
      'a field a related-records table shows',
      RELATED_SHOWN,
      'note',
      'GAIA_RE07',
      'Related Records field "Related"',
    ],
    [
      'the field a related-records table matches on',
      RELATED_KEY,
      'other',
      'GAIA_RE07',
      'Related Records field',
    ],
    [
      'the key field of a lookup inside a table',
      LOOKUP_IN_TABLE,
      'code',
      'GAIA_LO02',
      'Lookup field "Label of ref"',
    ],
  ])('refuses to delete %s, and changes nothing', async (_case, properties, code, errorCode, named) => {
    await reader(pointingAtMaster(properties));
    const before = (await emu.call('GET', FIELDS, { app: master })).body;
    const res = await emu.call('DELETE', FIELDS, { app: master, fields: ['free', code] });
    expect([res.status, res.body.code]).toEqual([400, errorCode]);
    expect(res.body.message).toContain(named);
    expect(res.body.message).toContain('in an app "Reader"');
    expect((await emu.call('GET', FIELDS, { app: master })).body).toEqual(before);
  });

  it("deletes a field no other app reads, and counts the reader's draft as reading", async () => {
    await reader(pointingAtMaster(LOOKUP_KEY), true);
    expect((await emu.call('DELETE', FIELDS, { app: master, fields: ['free'] })).status).toBe(200);
    expect((await emu.call('DELETE', FIELDS, { app: master, fields: ['code'] })).body.code).toBe('GAIA_LO02');
  });

  it('allows the deletion once the reader no longer names the field', async () => {
    const app = await reader(pointingAtMaster(LOOKUP_KEY));
    expect((await emu.call('DELETE', FIELDS, { app, fields: ['ref'] })).status).toBe(200);
    await emu.deploy([app]);
    expect((await emu.call('DELETE', FIELDS, { app: master, fields: ['code'] })).status).toBe(200);
  });

  it('refuses a field renamed in the draft: the reader names its live code', async () => {
    await reader(pointingAtMaster(LOOKUP_KEY));
    expect(
      (await emu.call('PUT', FIELDS, { app: master, properties: { code: { code: 'key' } } })).status,
    ).toBe(200);
    expect((await emu.call('DELETE', FIELDS, { app: master, fields: ['key'] })).body.code).toBe('GAIA_LO02');
  });

  it('words the refusal in the caller language', async () => {
    await reader(pointingAtMaster(LOOKUP_KEY));
    const res = await emu.call(
      'DELETE',
      FIELDS,
      { app: master, fields: ['code'] },
      { headers: { 'Accept-Language': 'ja' } },
    );
    expect(res.body.message).toBe(
      'フィールドを削除できません。「Reader」アプリのルックアップフィールド「Label of ref」から参照されています。参照元のルックアップフィールドの設定を変更するか、または削除してください。',
    );
  });
});
