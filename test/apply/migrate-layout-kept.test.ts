/**
 * A field whose type changes keeps its place in the form when the manifest leaves the layout
 * alone (docs/migrations.md, "How apply does it", step 5). The expand adds the new field under its
 * temporary code, in a row of its own at the end of the form (Add Form Fields: each new field in
 * its own layout row, the local service's form-fields.ts), and the swap gives it the old field's
 * code; without more, the field would end up at the bottom of a form nobody asked to change.
 */
import { describe, expect, it } from 'vitest';
import { useApplyHarness } from './harness.js';
import { migrationStarted } from './migration-start.js';

const h = useApplyHarness();

const app = (notes: string, added: Record<string, unknown> = {}) => ({
  name: 'Tickets',
  fields: {
    ...added,
    title: { type: 'SINGLE_LINE_TEXT', label: 'Title' },
    notes: { type: notes, label: 'Notes' },
    owner: { type: 'SINGLE_LINE_TEXT', label: 'Owner' },
    items: {
      type: 'SUBTABLE',
      label: 'Items',
      fields: {
        qty: { type: 'SINGLE_LINE_TEXT', label: 'Qty' },
        memo: { type: notes, label: 'Memo' },
        price: { type: 'SINGLE_LINE_TEXT', label: 'Price' },
        ...(Object.keys(added).length > 0
          ? { discount: { type: 'SINGLE_LINE_TEXT', label: 'Discount' } }
          : {}),
      },
    },
  },
});

async function layoutCodes(id: string): Promise<string[][]> {
  const { layout } = await h.client.form.getLayout({ app: id, copy: 'live' });
  return layout.map((block) =>
    ('fields' in block ? (block.fields as { code?: string; type: string }[]) : []).map(
      (f) => f.code ?? f.type,
    ),
  );
}

describe('a field migrated in place, the layout not in the manifest', () => {
  it('stays where it was in the form, a table column too; what the apply adds goes at the end', async () => {
    const { v2, id } = await migrationStarted(
      h,
      'tickets',
      {
        from: app('MULTI_LINE_TEXT'),
        // The same apply adds a field and a column: the service places them at the end.
        to: app('SINGLE_LINE_TEXT', { due: { type: 'DATE', label: 'Due' } }),
      },
      [{ notes: { value: 'one line' } }],
    );
    const before = await layoutCodes(id);
    expect(before.flat().sort()).toEqual(['memo', 'notes', 'owner', 'price', 'qty', 'title']);
    const applied = await h.apply(v2, await h.plan(v2));
    expect(applied, applied.message).toMatchObject({ outcome: 'applied' });
    expect(await layoutCodes(id)).toEqual([
      ...before.map((row) => (row.includes('qty') ? [...row, 'discount'] : row)),
      ['due'],
    ]);
    await h.expectConverged(v2);
  });
});
