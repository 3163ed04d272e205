/**
 * A migration into a NUMBER respects the app's number precision (general settings'
 * `numberPrecision`: "Field Entry Limits", kintone Help 040528, cited in platform/conversions):
 * an app keeping 2 decimal places takes "1.25" and not "1.125", which the platform would round.
 * The plan counts the values that do not convert with the app's precision, not a new app's (16
 * digits, 4 places), and apply converts with it too.
 */
import { describe, expect, it } from 'vitest';
import { useApplyHarness } from './harness.js';

const h = useApplyHarness();

const precision = { digits: 16, decimalPlaces: 2, roundingMode: 'HALF_EVEN' };
const V1 = {
  name: 'Prices',
  numberPrecision: precision,
  fields: { price: { type: 'SINGLE_LINE_TEXT', label: 'Price' } },
};
const V2 = { ...V1, fields: { price: { type: 'NUMBER', label: 'Price' } } };
const VALUES = ['1.25', '1.125', '3', '0.5', '2.999'];

describe('a migration into a NUMBER, in an app of 2 decimal places', () => {
  it('counts and leaves out the values with more places than the app keeps', async () => {
    const project = await h.writeProject({ apps: { prices: V1 } });
    expect((await h.apply(project, await h.plan(project))).exitCode).toBe(0);
    const loaded = await h.load(project.root);
    const id = loaded.apps[0]!.id!;
    await h.client.records.addAll(
      id,
      VALUES.map((value) => ({ price: { value } })),
    );
    const v2 = await h.rewriteManifests(loaded, { prices: V2 });
    const thePlan = await h.plan(v2);
    const m = thePlan.apps[0]!.migrations![0]!;
    // "1.125" and "2.999" have three places: with a new app's 4 they would convert.
    expect(m.records!.notConverted.records).toBe(2);
    expect(m.records!.notConverted.samples.map((s) => s.value)).toEqual(['1.125', '2.999']);

    const applied = await h.apply(v2, thePlan, { allowDataLoss: true });
    expect(applied, applied.message).toMatchObject({ outcome: 'applied' });
    const { records } = await h.client.records.getRecords({ app: id, query: 'order by $id asc' });
    expect(records.map((r) => r.price?.value ?? '')).toEqual(['1.25', '', '3', '0.5', '']);
    await h.expectConverged(v2);
  });
});
