/**
 * Get Records' query over HTTP as platform-facts-verified ("Query language") records the hosted
 * platform answering: the error codes, double-quoted strings only, `and` over one table's fields
 * holding in one row, and `not in` over a table.
 */
import { describe, expect, it } from 'vitest';
import { useEmulator } from '../harness.js';
import { addRecords, appWithFields, ok, rec } from './records-helpers.js';

const emu = useEmulator();
const OPTIONS = { options: { A: { label: 'A', index: '0' }, B: { label: 'B', index: '1' } } };

function get(app: string, query: string) {
  return emu.call('GET', '/k/v1/records.json', { app, query, fields: ['$id'] });
}

async function idsOf(app: string, query: string): Promise<string[]> {
  const list = await ok(get(app, query));
  return (list.records as { $id: { value: string } }[]).map((r) => r.$id.value).sort();
}

function row(values: Record<string, unknown>) {
  return { value: rec(values) };
}

describe('query error codes', () => {
  it('answers each refused query with the code the platform gives', async () => {
    const app = await appWithFields(emu, {
      title: { type: 'SINGLE_LINE_TEXT' },
      tags: { type: 'CHECK_BOX', ...OPTIONS },
      d: { type: 'DATE' },
      rows: { type: 'SUBTABLE', fields: { item: { type: 'SINGLE_LINE_TEXT', code: 'item', label: 'item' } } },
    });
    const cases: [string, number, string][] = [
      ['title = ', 400, 'CB_VA01'],
      ['title = "a\tb"', 400, 'CB_VA01'],
      ["title = 'x'", 400, 'CB_VA01'],
      ['limit -1', 400, 'CB_VA01'],
      ['limit 501', 400, 'GAIA_QU01'],
      ['offset 10001', 400, 'GAIA_QU02'],
      ['nope = "x"', 400, 'GAIA_IQ11'],
      ['title > "x"', 400, 'GAIA_IQ03'],
      ['item = "x"', 400, 'GAIA_IQ07'],
      ['item != "x"', 400, 'GAIA_IQ07'],
      ['tags in ("Z")', 400, 'GAIA_IQ10'],
      ['d = FROM_TODAY(x, DAYS)', 400, 'GAIA_IQ23'],
      ['d = FROM_TODAY(1, HOURS)', 400, 'GAIA_IQ25'],
      ['d = FROM_TODAY(1)', 400, 'GAIA_IL08'],
    ];
    for (const [query, status, code] of cases) {
      const res = await get(app, query);
      expect([query, res.status, res.body.code]).toEqual([query, status, code]);
    }
    const syntax = await get(app, 'title = ');
    expect(syntax.body.message).toBe('Missing or invalid input.');
    expect(Object.keys(syntax.body.errors)).toEqual(['query']);
  });
});

describe('tables in queries', () => {
  it('holds `and` over one table in the same row, and `not in` only when a row exists and none has the value', async () => {
    const app = await appWithFields(emu, {
      rows: {
        type: 'SUBTABLE',
        fields: {
          item: { type: 'SINGLE_LINE_TEXT', code: 'item', label: 'item' },
          qty: { type: 'NUMBER', code: 'qty', label: 'qty' },
        },
      },
    });
    const [same, split] = await addRecords(emu, app, [
      { rows: { value: [row({ item: 'pen', qty: '5' }), row({ item: 'ink', qty: '1' })] } },
      { rows: { value: [row({ item: 'pen', qty: '1' }), row({ item: 'ink', qty: '5' })] } },
      { rows: { value: [] } },
    ]);
    expect(await idsOf(app, 'item in ("pen") and qty >= 5')).toEqual([same]);
    expect(await idsOf(app, 'item in ("pen") or qty >= 5')).toEqual([same, split].sort());
    expect(await idsOf(app, 'item not in ("pen")')).toEqual([]);
    expect(await idsOf(app, 'item not in ("cap")')).toEqual([same, split].sort());
  });
});
