import { describe, expect, it } from 'vitest';
import { reportsArea, type ReportsCanonical } from '../../src/areas/reports.js';
import type { AppManifest } from '../../src/project/manifest.js';
import { areaSuite, expectExportedEquivalent, itDiffs } from './contract.js';
import { resolveContext } from './harness.js';

const manifest: AppManifest = {
  name: 'Orders',
  reports: {
    'By month': {
      chartType: 'COLUMN',
      index: 1,
      groups: [{ code: 'Created_datetime', per: 'MONTH' }],
      aggregations: [{ type: 'COUNT' }],
      sorts: [{ by: 'GROUP1', order: 'ASC' }],
      periodicReport: { active: true, period: { every: 'MONTH', dayOfMonth: 1, time: '08:00' } },
    },
    'Price total': {
      chartType: 'PIE',
      groups: [{ code: 'Created_by' }],
      aggregations: [{ type: 'SUM', code: 'price' }],
      filterCond: 'price > 0',
      index: 0,
    },
  },
};

const expected: ReportsCanonical = {
  'Price total': {
    chartType: 'PIE',
    index: '0',
    groups: [{ code: 'Created_by' }],
    aggregations: [{ type: 'SUM', code: 'price' }],
    filterCond: 'price > 0',
    sorts: [],
  },
  'By month': {
    chartType: 'COLUMN',
    chartMode: 'NORMAL',
    index: '1',
    groups: [{ code: 'Created_datetime', per: 'MONTH' }],
    aggregations: [{ type: 'COUNT' }],
    filterCond: '',
    sorts: [{ by: 'GROUP1', order: 'ASC' }],
    periodicReport: { active: true, period: { every: 'MONTH', dayOfMonth: '1', time: '08:00' } },
  },
};

describe('graphs: manifest and canonical form', () => {
  it('orders by index, fills chartMode where the type has one, no filter or sorts by default', () => {
    const canonical = reportsArea.fromManifest(manifest, resolveContext());
    expect(canonical).toEqual(expected);
    expect(Object.keys(canonical!)).toEqual(['Price total', 'By month']);
    expect(reportsArea.fromManifest({ name: 'x' }, resolveContext())).toBeUndefined();
  });

  it('round-trips through toManifest to an equivalent manifest', () => {
    expectExportedEquivalent(reportsArea, expected);
  });
});

describe('graphs: diff', () => {
  itDiffs(reportsArea, expected, [
    ['no change', expected, []],
    [
      'a mode',
      { ...expected, 'By month': { ...expected['By month']!, chartMode: 'STACKED' } },
      [['change', 'By month']],
    ],
    [
      'a graph removed',
      { 'By month': { ...expected['By month']!, index: '0' } },
      [
        ['change', 'By month'],
        ['remove', 'Price total'],
      ],
    ],
  ]);
});

const suite = areaSuite('graphs', reportsArea, manifest, expected);

suite.appliesCleanly({
  desired: () => reportsArea.fromManifest(manifest, resolveContext())!,
  fields: { price: { type: 'NUMBER', code: 'price', label: 'Price' } },
});
