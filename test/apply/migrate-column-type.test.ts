/**
 * A table column whose type changes, staying in its table (docs/migrations.md, "What you write":
 * a type change, the field keeping its code): the values are kept row by row (records/
 * copy-rules.ts withinTable), each row's cell converted, without a choice of rows to make.
 */
import { describe, expect, it } from 'vitest';
import { useApplyHarness } from './harness.js';
import { migrationStarted } from './migration-start.js';

const h = useApplyHarness();

const app = (memo: string) => ({
  name: 'Orders',
  fields: {
    title: { type: 'SINGLE_LINE_TEXT', label: 'Title' },
    items: {
      type: 'SUBTABLE',
      label: 'Items',
      fields: {
        qty: { type: 'SINGLE_LINE_TEXT', label: 'Qty' },
        memo: { type: memo, label: 'Memo' },
      },
    },
  },
});

const row = (qty: string, memo: string) => ({ value: { qty: { value: qty }, memo: { value: memo } } });

describe("a table column's type change", () => {
  it('keeps every cell in its row', async () => {
    const { v2, id } = await migrationStarted(
      h,
      'orders',
      { from: app('MULTI_LINE_TEXT'), to: app('SINGLE_LINE_TEXT') },
      [
        { title: { value: 'one' }, items: { value: [row('1', 'first'), row('2', ''), row('3', 'third')] } },
        { title: { value: 'two' }, items: { value: [] } },
      ],
    );
    const thePlan = await h.plan(v2);
    expect(thePlan.apps[0]!.risks).toEqual([]);
    expect(thePlan.apps[0]!.migrations).toMatchObject([
      {
        from: { code: 'memo', table: 'items' },
        to: { code: 'memo', table: 'items', type: 'SINGLE_LINE_TEXT' },
      },
    ]);
    const applied = await h.apply(v2, thePlan);
    expect(applied, applied.message).toMatchObject({ outcome: 'applied' });
    const { records } = await h.client.records.getRecords({ app: id, query: 'order by $id asc' });
    expect(
      records.map((r) =>
        (r.items!.value as unknown as { value: { qty: { value: string }; memo?: { value: string } } }[]).map(
          (x) => [x.value.qty.value, x.value.memo?.value ?? ''],
        ),
      ),
    ).toEqual([
      [
        ['1', 'first'],
        ['2', ''],
        ['3', 'third'],
      ],
      [],
    ]);
    await h.expectConverged(v2);
  });
});
