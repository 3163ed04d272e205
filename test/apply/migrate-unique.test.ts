/**
 * A migration into a unique field: the platform refuses a record whose value another record holds
 * there (platform-facts-verified "Required, unique, lengths"; `""` never counts), so two records
 * whose values convert to the same one cannot both be copied. The plan blocks it, names them, and
 * says what to do, instead of an apply that fails in the copy (found by
 * test/reliability/conversions-oracle.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { useApplyHarness } from './harness.js';
import { migrationStarted } from './migration-start.js';

const h = useApplyHarness();

const V1 = { name: 'Codes', fields: { code: { type: 'MULTI_LINE_TEXT', label: 'Code' } } };
const single = (extra: Record<string, unknown>) => ({
  name: 'Codes',
  fields: { code: { type: 'SINGLE_LINE_TEXT', label: 'Code', unique: true, ...extra } },
});
const values = (...texts: string[]) => texts.map((value) => ({ code: { value } }));

describe('a migration into a unique field', () => {
  it('is blocked where two records convert to one value, a default given to several among them', async () => {
    const { v2 } = await migrationStarted(
      h,
      'codes',
      { from: V1, to: single({ migrate: { default: 'n/a' } }) },
      values('a', 'A', '', '', 'a', 'two\nlines', 'more\nlines'),
    );
    const thePlan = await h.plan(v2);
    expect(thePlan.apps[0]!.migrations![0]!.records!.duplicates).toEqual({
      records: 4,
      query: '$id in (1, 5, 6, 7)',
    });
    expect(thePlan.apps[0]!.risks.filter((r) => r.kind === 'blocked')).toEqual([
      {
        kind: 'blocked',
        area: 'fields',
        path: ['code'],
        reason:
          'field "code" is unique, and 4 records\' values convert to a value another of them also converts to ($id in (1, 5, 6, 7)): the platform refuses a second record holding a value, so the copy would fail',
        instead:
          'make those values distinct first, or leave `unique` off the new field in this apply and add it in a later one',
      },
    ]);
    const refused = await h.apply(v2, thePlan, { allowDataLoss: true });
    expect(refused.exitCode).not.toBe(0);
  });

  it('converts and converges where every value is distinct (empty ones alike)', async () => {
    const { v2, id } = await migrationStarted(
      h,
      'codes',
      { from: V1, to: single({}) },
      values('a', 'A', '', '', 'b'),
    );
    const thePlan = await h.plan(v2);
    expect(thePlan.apps[0]!.migrations![0]!.records!.duplicates).toBeUndefined();
    expect(thePlan.apps[0]!.risks).toEqual([]);
    const applied = await h.apply(v2, thePlan);
    expect(applied, applied.message).toMatchObject({ outcome: 'applied', exitCode: 0 });
    const { records } = await h.client.records.getRecords({ app: id, query: 'order by $id asc' });
    expect(records.map((r) => r.code?.value ?? '')).toEqual(['a', 'A', '', '', 'b']);
    await h.expectConverged(v2);
  });
});
