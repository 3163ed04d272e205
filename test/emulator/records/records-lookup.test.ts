/** Lookups on record add and update, as platform-facts-verified ("Lookups") describes them. */
import { describe, expect, it } from 'vitest';
import { useEmulator } from '../harness.js';
import { lookupOf } from '../related-fields.js';
import { appWithFields, addRecords, ok, rec } from './records-helpers.js';

const emu = useEmulator();

async function apps(): Promise<{ products: string; orders: string }> {
  const products = await appWithFields(emu, {
    sku: { type: 'SINGLE_LINE_TEXT' },
    price: { type: 'NUMBER' },
    tags: { type: 'CHECK_BOX', options: { new: { label: 'new', index: '0' } } },
  });
  await addRecords(emu, products, [
    rec({ sku: 'A-1', price: 5, tags: ['new'] }),
    rec({ sku: 'B-2', price: 8 }),
  ]);
  const orders = await appWithFields(emu, {
    product: {
      type: 'SINGLE_LINE_TEXT',
      lookup: lookupOf(products, 'sku', { unitPrice: 'price', labels: 'tags' }),
    },
    byNumber: {
      type: 'NUMBER',
      lookup: lookupOf(products, 'Record_number', { skuCopy: 'sku' }),
    },
    unitPrice: { type: 'NUMBER' },
    labels: { type: 'CHECK_BOX', options: { new: { label: 'new', index: '0' } } },
    skuCopy: { type: 'SINGLE_LINE_TEXT' },
    note: { type: 'SINGLE_LINE_TEXT' },
  });
  return { products, orders };
}

const read = async (app: string, id: string): Promise<any> =>
  (await ok(emu.call('GET', '/k/v1/record.json', { app, id }))).record;

describe('lookups', () => {
  it('copy the mapped fields from the matching record, whatever the request sent for them', async () => {
    const { orders } = await apps();
    const [id] = await addRecords(emu, orders, [rec({ product: 'A-1', unitPrice: 99, byNumber: '2' })]);
    const record = await read(orders, id!);
    expect([record.unitPrice.value, record.labels.value, record.skuCopy.value]).toEqual([
      '5',
      ['new'],
      'B-2',
    ]);
  });

  it('refuse a key the related app does not have with 400 GAIA_LO04, in bulk writes too', async () => {
    const { orders } = await apps();
    const single = await emu.call('POST', '/k/v1/record.json', {
      app: orders,
      record: rec({ product: 'Z-9' }),
    });
    expect([single.status, single.body.code, single.body.errors]).toEqual([400, 'GAIA_LO04', undefined]);
    expect(single.body.message).toBe(
      'A value Z-9 in the field product does not exist in the datasource app for lookup, or you do not have permission to view the app or the field.',
    );
    const batch = await emu.call('POST', '/k/v1/records.json', {
      app: orders,
      records: [rec({ product: 'A-1' }), rec({ product: 'nope' })],
    });
    expect([batch.status, batch.body.code]).toEqual([400, 'GAIA_LO04']);
    expect((await ok(emu.call('GET', '/k/v1/records.json', { app: orders }))).records).toEqual([]);
  });

  it('keep their copies on an update that leaves the key out, copy again when it names the key, empty them for an empty key', async () => {
    const { products, orders } = await apps();
    const [id] = await addRecords(emu, orders, [rec({ product: 'A-1' })]);
    // A snapshot: a later change in the related app is not copied by itself.
    await ok(emu.call('PUT', '/k/v1/record.json', { app: products, id: 1, record: rec({ price: 6 }) }));
    await ok(emu.call('PUT', '/k/v1/record.json', { app: orders, id, record: rec({ note: 'x' }) }));
    expect((await read(orders, id!)).unitPrice.value).toBe('5');
    await ok(emu.call('PUT', '/k/v1/record.json', { app: orders, id, record: rec({ product: 'A-1' }) }));
    expect((await read(orders, id!)).unitPrice.value).toBe('6');
    await ok(emu.call('PUT', '/k/v1/record.json', { app: orders, id, record: rec({ product: '' }) }));
    const emptied = await read(orders, id!);
    expect([emptied.unitPrice.value, emptied.labels.value]).toEqual(['', []]);
  });

  it('ignore what an update that leaves the key out sends for a copy: the copy stays', async () => {
    const { orders } = await apps();
    const [id] = await addRecords(emu, orders, [rec({ product: 'A-1', byNumber: '2' })]);
    await ok(
      emu.call('PUT', '/k/v1/record.json', {
        app: orders,
        id,
        record: rec({ unitPrice: 99, skuCopy: 'mine', note: 'x' }),
      }),
    );
    const record = await read(orders, id!);
    expect([record.unitPrice.value, record.skuCopy.value, record.note.value]).toEqual(['5', 'B-2', 'x']);
  });
});
