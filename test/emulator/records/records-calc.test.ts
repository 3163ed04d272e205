// Calculated fields over HTTP: computed on add and on update, in table rows, and usable in
// queries and sorts.
import { beforeEach, describe, expect, it } from 'vitest';
import { useEmulator } from '../harness.js';
import { addRecords, appWithFields, ok, rec } from './records-helpers.js';

const emu = useEmulator();
let app: string;

beforeEach(async () => {
  app = await appWithFields(emu, {
    price: { type: 'NUMBER' },
    qty: { type: 'NUMBER' },
    total: { type: 'CALC', expression: 'price * qty', format: 'NUMBER_DIGIT', displayScale: '0' },
    lines: {
      type: 'SUBTABLE',
      fields: {
        hours: { type: 'NUMBER', code: 'hours', label: 'hours' },
        cost: { type: 'CALC', code: 'cost', label: 'cost', expression: 'hours * price' },
      },
    },
    costs: { type: 'CALC', expression: 'SUM(cost) / 3' },
  });
});

const get = async (id: string): Promise<any> =>
  (await ok(emu.call('GET', '/k/v1/record.json', { app, id }))).record as unknown;

describe('calculated fields over HTTP', () => {
  it('are computed on add and again on update, rows included', async () => {
    const [id] = await addRecords(emu, app, [
      rec({
        price: '1000',
        qty: '3',
        lines: [{ value: rec({ hours: '2' }) }, { value: rec({ hours: '0.5' }) }],
      }),
    ]);
    const added = await get(id!);
    expect([added.total, added.costs]).toEqual([
      { type: 'CALC', value: '3000' },
      { type: 'CALC', value: '833.3333' },
    ]);
    expect((added.lines.value as any[]).map((row): unknown => row.value.cost)).toEqual([
      { type: 'CALC', value: '2000' },
      { type: 'CALC', value: '500' },
    ]);
    await ok(emu.call('PUT', '/k/v1/record.json', { app, id, record: rec({ price: '10' }) }));
    const updated = await get(id!);
    expect([updated.total.value, updated.costs.value]).toEqual(['30', '8.3333']);
    expect((updated.lines.value as any[]).map((row): unknown => row.value.cost.value)).toEqual(['20', '5']);
  });

  it('can be queried and sorted', async () => {
    await addRecords(emu, app, [
      rec({ price: '10', qty: '1' }),
      rec({ price: '10', qty: '5' }),
      rec({ price: '3', qty: '3' }),
      rec({ price: '', qty: '' }),
    ]);
    const list = await ok(
      emu.call('GET', '/k/v1/records.json', {
        app,
        query: 'total >= 9 order by total desc',
        fields: ['total'],
      }),
    );
    expect((list.records as any[]).map((r): unknown => r.total.value)).toEqual(['50', '10', '9']);
    const byTable = await ok(
      emu.call('GET', '/k/v1/records.json', { app, query: 'cost in (0) or total = 0', fields: ['$id'] }),
    );
    expect((byTable.records as any[]).map((r): unknown => r.$id.value)).toEqual(['4']);
  });
});
