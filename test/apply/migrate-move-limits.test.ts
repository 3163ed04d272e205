/**
 * A move keeps the type, but the text must still fit the new field (docs/migrations.md, the text
 * rule: a length outside minLength and maxLength does not convert): rows joined by `migrate.join`
 * make a longer text than any row, and a new field may be shorter than the old. The plan counts
 * such a record (a data-loss risk) instead of an apply whose copy the platform refuses (found by
 * test/reliability/conversions-oracle.test.ts).
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useApplyHarness } from './harness.js';
import { migrationStarted } from './migration-start.js';

const h = useApplyHarness();

const text = (label: string, extra: Record<string, unknown> = {}) => ({
  type: 'SINGLE_LINE_TEXT',
  label,
  ...extra,
});
const V1 = {
  name: 'Orders',
  fields: {
    memo: text('Memo'),
    items: { type: 'SUBTABLE', label: 'Items', fields: { other: text('Other'), item: text('Item') } },
  },
};
const V2 = {
  name: 'Orders',
  fields: {
    items: {
      type: 'SUBTABLE',
      label: 'Items',
      fields: { other: text('Other'), memo: text('Memo', { maxLength: '3', migrate: { row: 'first' } }) },
    },
    item: text('Item', { maxLength: '12', migrate: { join: ' | ' } }),
  },
};
const rows = (...items: string[]) => ({ value: items.map((item) => ({ value: { item: { value: item } } })) });

describe('a move into or out of a table, the new field shorter than the text', () => {
  it('counts the texts that do not fit, and with --allow-data-loss leaves them out and backs them up', async () => {
    const { v2, id } = await migrationStarted(h, 'orders', { from: V1, to: V2 }, [
      { memo: { value: 'abc' }, items: rows('abcde', 'fghi') },
      { memo: { value: 'abcd' }, items: rows('abcde', 'fghij') },
    ]);
    const thePlan = await h.plan(v2);
    const counts = Object.fromEntries(
      thePlan.apps[0]!.migrations!.map((m) => [m.from.code, m.records!.notConverted]),
    );
    expect(counts).toMatchObject({
      memo: {
        records: 1,
        query: '$id in (2)',
        samples: [{ id: '2', value: 'abcd', reason: 'longer than 3 characters' }],
      },
      item: { records: 1, query: '$id in (2)', samples: [{ id: '2', reason: 'longer than 12 characters' }] },
    });
    const refused = await h.apply(v2, thePlan);
    expect(refused.exitCode).not.toBe(0);

    const applied = await h.apply(v2, await h.plan(v2), { allowDataLoss: true });
    expect(applied, applied.message).toMatchObject({ outcome: 'applied', exitCode: 0 });
    const { records } = await h.client.records.getRecords({ app: id, query: 'order by $id asc' });
    expect(
      records.map((r) => [
        r.item?.value ?? '',
        (r.items!.value as { value: Record<string, { value?: unknown }> }[]).map(
          (row) => row.value.memo?.value ?? '',
        ),
      ]),
    ).toEqual([
      // The table keeps its two rows (`other`); the first receives memo.
      ['abcde | fghi', ['abc', '']],
      ['', ['', '']],
    ]);
    const backup = (await readFile(join(v2.root, applied.backups![0]!.file), 'utf8'))
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { id: string; field: string; value: unknown });
    expect(backup.filter((l) => l.id === '2').map((l) => [l.field, l.value])).toEqual(
      expect.arrayContaining([
        ['memo', 'abcd'],
        ['item', 'abcde'],
        ['item', 'fghij'],
      ]),
    );
    await h.expectConverged(v2);
  });
});
