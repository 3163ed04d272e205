import { describe, expect, it } from 'vitest';
import { recordAclArea, type RecordAclCanonical } from '../../src/areas/record-acl.js';
import type { AppManifest } from '../../src/project/manifest.js';
import { areaSuite } from './contract.js';

const manifest: AppManifest = {
  name: 'Orders',
  recordAcl: [
    {
      filterCond: 'Record_number > 5',
      entities: [
        { entity: { type: 'FIELD_ENTITY', code: 'Created_by' }, viewable: true, editable: true },
        { entity: { type: 'ORGANIZATION', code: 'sales' }, includeSubs: true, viewable: true },
      ],
    },
    { entities: [{ entity: { type: 'GROUP', code: 'everyone' }, viewable: true, deletable: true }] },
  ],
};

const expected: RecordAclCanonical = [
  {
    filterCond: 'Record_number > 5',
    entities: [
      {
        entity: { type: 'FIELD_ENTITY', code: 'Created_by' },
        includeSubs: false,
        viewable: true,
        editable: true,
        deletable: false,
      },
      {
        entity: { type: 'ORGANIZATION', code: 'sales' },
        includeSubs: true,
        viewable: true,
        editable: false,
        deletable: false,
      },
    ],
  },
  {
    filterCond: '',
    entities: [
      {
        entity: { type: 'GROUP', code: 'everyone' },
        includeSubs: false,
        viewable: true,
        editable: false,
        deletable: true,
      },
    ],
  },
];

const suite = areaSuite('record ACL', recordAclArea, manifest, expected);

suite.manifestForm('fills the empty filter and every right left out with false', {
  recordAcl: manifest.recordAcl,
});

describe('record ACL: diff (rules in order)', () => {
  it('is empty for equal rules, and names the one rule that changes', () => {
    expect(recordAclArea.diff(expected, expected)).toEqual([]);
    const desired = [{ ...expected[0]!, filterCond: 'Record_number > 6' }, expected[1]!];
    expect(recordAclArea.diff(desired, expected)).toEqual([
      {
        action: 'change',
        path: [0],
        before: expected[0],
        after: desired[0],
        details: [{ path: ['filterCond'], before: 'Record_number > 5', after: 'Record_number > 6' }],
      },
    ]);
    expect(recordAclArea.unchangedCount(desired, expected, [])).toBe(1);
  });
});

suite.appliesCleanly({ title: 'writes the draft, deploys, and a fresh diff against live is empty' });
