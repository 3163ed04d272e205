/**
 * Lookups inside a table work per row (platform-facts-verified, "Lookups"): each row's key is
 * searched and copies into that row's mapped fields; a miss is GAIA_LO04 for the whole call; a kept
 * row that does not send its key keeps its copies (a snapshot).
 */
import { describe, expect, it } from 'vitest';
import { useEmulator } from '../harness.js';
import { lookupOf } from '../related-fields.js';
import { appWithFields, addRecords, ok, rec } from './records-helpers.js';

const emu = useEmulator();

async function orderApp(): Promise<{ products: string; orders: string }> {
  const products = await appWithFields(emu, { sku: { type: 'SINGLE_LINE_TEXT' }, price: { type: 'NUMBER' } });
  await addRecords(emu, products, [rec({ sku: 'A-1', price: 5 }), rec({ sku: 'B-2', price: 8 })]);
  const inner = (code: string, p: Record<string, unknown>) => ({ code, label: code, ...p });
  const orders = await appWithFields(emu, {
    lines: {
      type: 'SUBTABLE',
      fields: {
        product: inner('product', {
          type: 'SINGLE_LINE_TEXT',
          lookup: lookupOf(products, 'sku', { price: 'price' }),
        }),
        byNumber: inner('byNumber', {
          type: 'NUMBER',
          lookup: lookupOf(products, 'Record_number', { skuCopy: 'sku' }),
        }),
        price: inner('price', { type: 'NUMBER' }),
        skuCopy: inner('skuCopy', { type: 'SINGLE_LINE_TEXT' }),
      },
    },
  });
  return { products, orders };
}

type Row = { id: string; value: Record<string, { value: unknown }> };

async function rowsOf(app: string, id: string): Promise<Row[]> {
  return (await ok(emu.call('GET', '/k/v1/record.json', { app, id }))).record.lines.value as Row[];
}

describe('lookups inside a table', () => {
  it('copy per row, by a key or by the record number, and refuse a miss with GAIA_LO04', async () => {
    const { products, orders } = await orderApp();
    const line = (values: Record<string, unknown>) => ({ value: rec(values) });
    const [id] = await addRecords(emu, orders, [
      { lines: { value: [line({ product: 'A-1', price: 99 }), line({ product: 'B-2', byNumber: '1' })] } },
    ]);
    const rows = await rowsOf(orders, id!);
    expect(rows.map((r) => [r.value.price!.value, r.value.skuCopy!.value])).toEqual([
      ['5', ''],
      ['8', 'A-1'],
    ]);

    const miss = await emu.call('POST', '/k/v1/records.json', {
      app: orders,
      records: [
        { lines: { value: [line({ product: 'A-1' })] } },
        { lines: { value: [line({ product: 'Z-9' })] } },
      ],
    });
    expect([miss.status, miss.body.code, miss.body.errors]).toEqual([400, 'GAIA_LO04', undefined]);

    // A snapshot: a later price change is not copied into a kept row that does not send its key.
    await ok(emu.call('PUT', '/k/v1/record.json', { app: products, id: 1, record: rec({ price: 50 }) }));
    const kept = rows.map((r) => ({ id: r.id, value: {} }));
    await ok(emu.call('PUT', '/k/v1/record.json', { app: orders, id, record: { lines: { value: kept } } }));
    expect((await rowsOf(orders, id!)).map((r) => r.value.price!.value)).toEqual(['5', '8']);
  });

  it('ignore what a kept row that leaves its key out sends for a copy: the copy stays', async () => {
    const { orders } = await orderApp();
    const [id] = await addRecords(emu, orders, [{ lines: { value: [{ value: rec({ product: 'A-1' }) }] } }]);
    const [row] = await rowsOf(orders, id!);
    const sent = { id: row!.id, value: rec({ price: 99 }) };
    await ok(emu.call('PUT', '/k/v1/record.json', { app: orders, id, record: { lines: { value: [sent] } } }));
    expect((await rowsOf(orders, id!)).map((r) => r.value.price!.value)).toEqual(['5']);
  });
});
