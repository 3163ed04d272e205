import { describe, expect, it } from 'vitest';
import { fieldAclArea } from '../../src/areas/field-acl.js';
import type { AppManifest } from '../../src/project/manifest.js';
import { exportContext, resolveContext, useAreaEmulator } from './harness.js';
import { expectValidManifest } from './schema.js';

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

const expected = [
  {
    field: 'price',
    entities: [
      { entity: { type: 'GROUP', code: 'managers' }, includeSubs: false, accessibility: 'WRITE' },
      { entity: { type: 'ORGANIZATION', code: 'sales' }, includeSubs: true, accessibility: 'READ' },
      { entity: { type: 'GROUP', code: 'everyone' }, includeSubs: false, accessibility: 'NONE' },
    ],
  },
];

describe('field ACL: manifest and canonical form', () => {
  it('fills includeSubs and keeps the entities in order', () => {
    expect(fieldAclArea.fromManifest(manifest, resolveContext())).toEqual(expected);
    expect(fieldAclArea.fromManifest({ name: 'x' }, resolveContext())).toBeUndefined();
  });

  it('round-trips through toManifest', () => {
    const exported = fieldAclArea.toManifest(expected, exportContext());
    expectValidManifest(exported);
    expect(exported).toEqual({ fieldAcl: manifest.fieldAcl });
  });
});

describe('field ACL: diff', () => {
  it.each([
    ['no change', expected, []],
    ['a rule added', [...expected, { field: 'title', entities: [] }], [['add', 1]]],
    ['the rule removed', [], [['remove', 0]]],
  ])('%s', (_name, desired, changes) => {
    expect(fieldAclArea.diff(desired, expected).map((c) => [c.action, ...c.path])).toEqual(changes);
  });
});

describe('field ACL against the emulator', () => {
  const emu = useAreaEmulator();

  it('writes the draft, deploys, and a fresh diff against live is empty', async () => {
    const app = await emu.newApp({ price: { type: 'NUMBER', code: 'price', label: 'Price' } });
    const live = await emu.apply(fieldAclArea, app, expected);
    expect(fieldAclArea.diff(expected, live)).toEqual([]);
  });
});
