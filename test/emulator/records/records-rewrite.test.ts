// What a copy of values (a field migration, issue 36) relies on when it writes records back.
// Table rows: platform-facts-verified "Tables (subtables) in record writes" and cybozu.dev
// "レコード更新におけるテーブル操作のテクニック" (a table left out of the update keeps its rows;
// rows sent replace the rows; a row named by id keeps the cells it leaves out). Revisions:
// kintone.dev Update Records ("If the value does not match, an error will occur and all records
// will not be updated"), spec platform-facts (409 GAIA_CO02).
import { beforeEach, describe, expect, it } from 'vitest';
import { useEmulator } from '../harness.js';
import { USERS, appWithFields, ok, rec } from './records-helpers.js';

const emu = useEmulator({ users: USERS });
let app: string;

beforeEach(async () => {
  app = await appWithFields(emu, {
    t: { type: 'SINGLE_LINE_TEXT' },
    rows: {
      type: 'SUBTABLE',
      fields: {
        a: { type: 'SINGLE_LINE_TEXT', code: 'a', label: 'a' },
        b: { type: 'NUMBER', code: 'b', label: 'b' },
      },
    },
  });
});

interface Row {
  id: string;
  value: { a: { value: string }; b: { value: string } };
}

const read = async (id: string): Promise<Record<string, any>> =>
  (await ok(emu.call('GET', '/k/v1/record.json', { app, id }))).record as Record<string, any>;
const rowsOf = (record: Record<string, any>): [string, string, string][] =>
  (record.rows.value as Row[]).map((r) => [r.id, r.value.a.value, r.value.b.value]);

describe('table rows in an update', () => {
  let id: string;
  let r1: string;
  let r2: string;
  beforeEach(async () => {
    const rows = [{ value: rec({ a: 'x', b: 1 }) }, { value: rec({ a: 'y', b: 2 }) }];
    id = (
      await ok(
        emu.call('POST', '/k/v1/record.json', { app, record: { t: { value: 'T' }, rows: { value: rows } } }),
      )
    ).id as string;
    [r1, r2] = rowsOf(await read(id)).map(([rowId]) => rowId) as [string, string];
  });

  it.each([
    [
      'left out: every row kept as it was',
      () => ({ t: { value: 'T2' } }),
      () => [
        [r1, 'x', '1'],
        [r2, 'y', '2'],
      ],
    ],
    ['an empty list: every row deleted', () => ({ rows: { value: [] } }), () => []],
    [
      'a row named by id: kept under its id, the cells it leaves out kept; the rows not sent deleted',
      () => ({ rows: { value: [{ id: r2, value: rec({ a: 'y2' }) }] } }),
      () => [[r2, 'y2', '2']],
    ],
    [
      'rows in another order: kept in the order sent',
      () => ({
        rows: {
          value: [
            { id: r2, value: {} },
            { id: r1, value: {} },
          ],
        },
      }),
      () => [
        [r2, 'y', '2'],
        [r1, 'x', '1'],
      ],
    ],
  ])('%s', async (_case, record, expected) => {
    await ok(emu.call('PUT', '/k/v1/record.json', { app, id, record: record() }));
    expect(rowsOf(await read(id))).toEqual(expected());
  });

  it('takes a row without an id, or with an id no row of the record has, as a new row with a new id', async () => {
    await ok(
      emu.call('PUT', '/k/v1/record.json', {
        app,
        id,
        record: {
          rows: { value: [{ value: rec({ a: 'new' }) }, { id: '999999', value: rec({ a: 'odd', b: 5 }) }] },
        },
      }),
    );
    const rows = rowsOf(await read(id));
    expect(rows.map(([, a, b]) => [a, b])).toEqual([
      ['new', ''],
      ['odd', '5'],
    ]);
    const ids = rows.map(([rowId]) => rowId);
    expect(new Set([...ids, r1, r2, '999999']).size).toBe(5);
  });
});

describe('revisions and the update time', () => {
  const updatedAt = async (id: string): Promise<number> =>
    Date.parse((await read(id)).Updated_datetime.value as string);

  it('moves Updated_datetime and the revision on every update, one call or many', async () => {
    const { ids } = await ok(
      emu.call('POST', '/k/v1/records.json', { app, records: [rec({ t: 'a' }), rec({ t: 'b' })] }),
    );
    const [one, two] = ids as [string, string];
    const first = await updatedAt(one);
    await ok(emu.call('POST', '/_emulator/clock', { advanceMs: 5 * 60_000 }));
    await ok(emu.call('PUT', '/k/v1/record.json', { app, id: one, record: rec({ t: 'a2' }) }));
    const second = await updatedAt(one);
    expect(second - first).toBeGreaterThanOrEqual(4 * 60_000);
    await ok(emu.call('POST', '/_emulator/clock', { advanceMs: 5 * 60_000 }));
    const res = await ok(
      emu.call('PUT', '/k/v1/records.json', {
        app,
        records: [
          { id: one, revision: 2, record: rec({ t: 'a3' }) },
          { id: two, revision: 1, record: rec({ t: 'b2' }) },
        ],
      }),
    );
    expect(res.records).toEqual([
      { id: one, revision: '3' },
      { id: two, revision: '2' },
    ]);
    expect((await updatedAt(one)) - second).toBeGreaterThanOrEqual(4 * 60_000);
    expect((await updatedAt(two)) - first).toBeGreaterThanOrEqual(9 * 60_000);
  });

  it('refuses a batch with one stale revision with 409 GAIA_CO02, and updates none of it', async () => {
    const { ids } = await ok(
      emu.call('POST', '/k/v1/records.json', { app, records: [rec({ t: 'a' }), rec({ t: 'b' })] }),
    );
    const [one, two] = ids as [string, string];
    await ok(emu.call('PUT', '/k/v1/record.json', { app, id: two, record: rec({ t: 'edited' }) }));
    const res = await emu.call('PUT', '/k/v1/records.json', {
      app,
      records: [
        { id: one, revision: 1, record: rec({ t: 'copy a' }) },
        { id: two, revision: 1, record: rec({ t: 'copy b' }) },
      ],
    });
    expect([res.status, res.body.code]).toEqual([409, 'GAIA_CO02']);
    expect([(await read(one)).t.value, (await read(two)).t.value]).toEqual(['a', 'edited']);
    expect([(await read(one)).$revision.value, (await read(two)).$revision.value]).toEqual(['1', '2']);
  });
});
