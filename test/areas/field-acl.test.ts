import { describe } from 'vitest';
import { fieldAclArea, type FieldAclCanonical } from '../../src/areas/field-acl.js';
import type { AppManifest } from '../../src/project/manifest.js';
import { areaSuite, itDiffs } from './contract.js';

const manifest: AppManifest = {
  name: 'Orders',
  fieldAcl: [
    {
      field: 'price',
      entities: [
        { entity: { type: 'GROUP', code: 'managers' }, accessibility: 'WRITE' },
        { entity: { type: 'ORGANIZATION', code: 'sales' }, includeSubs: true, accessibility: 'READ' },
        { entity: { type: 'GROUP', code: 'everyone' }, accessibility: 'NONE' },
      ],
    },
  ],
};

const expected: FieldAclCanonical = [
  {
    field: 'price',
    entities: [
      { entity: { type: 'GROUP', code: 'managers' }, includeSubs: false, accessibility: 'WRITE' },
      { entity: { type: 'ORGANIZATION', code: 'sales' }, includeSubs: true, accessibility: 'READ' },
      { entity: { type: 'GROUP', code: 'everyone' }, includeSubs: false, accessibility: 'NONE' },
    ],
  },
];

const suite = areaSuite('field ACL', fieldAclArea, manifest, expected);

suite.manifestForm('fills includeSubs and keeps the entities in order', { fieldAcl: manifest.fieldAcl });

describe('field ACL: diff', () => {
  itDiffs(fieldAclArea, expected, [
    ['no change', expected, []],
    ['a rule added', [...expected, { field: 'title', entities: [] }], [['add', 1]]],
    ['the rule removed', [], [['remove', 0]]],
  ]);
});

suite.appliesCleanly({
  title: 'writes the draft, deploys, and a fresh diff against live is empty',
  fields: { price: { type: 'NUMBER', code: 'price', label: 'Price' } },
});
