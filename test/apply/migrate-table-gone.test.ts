/**
 * A table whose columns all move out of it, the table removed in the same apply
 * (docs/migrations.md, "What you write": a move out of a table): the values the table holds are
 * the migrated columns' values, which the migration keeps, so removing the table loses nothing and
 * needs no --allow-data-loss. A column that stays in the removed table still does.
 */
import { describe, expect, it } from 'vitest';
import { useApplyHarness } from './harness.js';
import { migrationStarted } from './migration-start.js';

const h = useApplyHarness();

const V1 = {
  name: 'Tickets',
  fields: {
    title: { type: 'SINGLE_LINE_TEXT', label: 'Title' },
    log: {
      type: 'SUBTABLE',
      label: 'Log',
      fields: { notes: { type: 'SINGLE_LINE_TEXT', label: 'Notes' } },
    },
  },
};
const V2 = {
  name: 'Tickets',
  fields: {
    title: { type: 'SINGLE_LINE_TEXT', label: 'Title' },
    notes: { type: 'SINGLE_LINE_TEXT', label: 'Notes' },
  },
};

describe('a table whose only column moves out, removed', () => {
  it('loses nothing: no --allow-data-loss, every value at the top level, a fresh plan empty', async () => {
    const { v2, id } = await migrationStarted(h, 'tickets', { from: V1, to: V2 }, [
      { title: { value: 'one' }, log: { value: [{ value: { notes: { value: 'called back' } } }] } },
      { title: { value: 'two' }, log: { value: [] } },
      { title: { value: 'three' }, log: { value: [{ value: { notes: { value: 'closed' } } }] } },
    ]);
    const thePlan = await h.plan(v2);
    expect(thePlan.apps[0]!.risks).toEqual([]);
    const applied = await h.apply(v2, thePlan);
    expect(applied, applied.message).toMatchObject({ outcome: 'applied', exitCode: 0 });
    const { records } = await h.client.records.getRecords({ app: id, query: 'order by $id asc' });
    expect(records.map((r) => [r.title!.value, r.notes?.value ?? ''])).toEqual([
      ['one', 'called back'],
      ['two', ''],
      ['three', 'closed'],
    ]);
    await h.expectConverged(v2);
  });

  it('still asks for --allow-data-loss where a column that holds values stays in the removed table', async () => {
    const withBy = structuredClone(V1) as typeof V1 & {
      fields: { log: { fields: Record<string, unknown> } };
    };
    withBy.fields.log.fields.by = { type: 'SINGLE_LINE_TEXT', label: 'By' };
    const { v2 } = await migrationStarted(h, 'tickets', { from: withBy, to: V2 }, [
      { log: { value: [{ value: { notes: { value: 'n' }, by: { value: 'alice' } } }] } },
    ]);
    const thePlan = await h.plan(v2);
    expect(thePlan.apps[0]!.risks).toMatchObject([{ kind: 'data-loss', field: 'log', records: 1 }]);
  });
});
