import { describe, expect, it } from 'vitest';
import { appAclArea, type AppAclCanonical } from '../../src/areas/app-acl.js';
import type { AppManifest } from '../../src/project/manifest.js';
import { areaSuite, changePaths } from './contract.js';
import { useAreaEmulator } from './harness.js';

const manifest: AppManifest = {
  name: 'Orders',
  appAcl: [
    {
      entity: { type: 'CREATOR', code: null },
      appEditable: true,
      recordViewable: true,
      recordEditable: true,
    },
    { entity: { type: 'ORGANIZATION', code: 'sales' }, includeSubs: true, recordViewable: true },
    { entity: { type: 'GROUP', code: 'everyone' } },
  ],
};

/** The rights of an app ACL rule (kintone "Update App Permissions"), each false when left out. */
const none = {
  appEditable: false,
  recordViewable: false,
  recordAddable: false,
  recordEditable: false,
  recordDeletable: false,
  recordImportable: false,
  recordExportable: false,
};
const expected: AppAclCanonical = [
  {
    entity: { type: 'CREATOR', code: null },
    includeSubs: false,
    ...none,
    appEditable: true,
    recordViewable: true,
    recordEditable: true,
  },
  { entity: { type: 'ORGANIZATION', code: 'sales' }, includeSubs: true, ...none, recordViewable: true },
  { entity: { type: 'GROUP', code: 'everyone' }, includeSubs: false, ...none },
];

const suite = areaSuite('app ACL', appAclArea, manifest, expected);

suite.manifestForm('fills every right left out with false', { appAcl: manifest.appAcl });

describe('app ACL: diff (rules in order)', () => {
  it.each([
    ['no change', expected, []],
    [
      'one right changed',
      [expected[0]!, { ...expected[1]!, recordAddable: true }, expected[2]!],
      [['change', 1]],
    ],
    [
      'two rules swapped (a move is an add and a remove)',
      [expected[1]!, expected[0]!, expected[2]!],
      [
        ['add', 0],
        ['remove', 1],
      ],
    ],
    ['a rule removed', [expected[0]!, expected[2]!], [['remove', 1]]],
  ])('%s', (_name, desired, changes) => {
    expect(changePaths(appAclArea, desired, expected)).toEqual(changes);
  });

  it('one right changed is exactly that change', () => {
    const desired = [expected[0]!, { ...expected[1]!, recordAddable: true }, expected[2]!];
    expect(appAclArea.diff(desired, expected)).toEqual([
      {
        action: 'change',
        path: [1],
        before: expected[1],
        after: desired[1],
        details: [{ path: ['recordAddable'], before: false, after: true }],
      },
    ]);
    expect(appAclArea.unchangedCount(desired, expected, [])).toBe(2);
  });
});

describe('app ACL against the emulator', () => {
  const emu = useAreaEmulator();

  it('writes the draft, and after the deploy a fresh diff against live is empty', async () => {
    const app = await emu.newApp();
    const before = await appAclArea.read(emu.readContext(app, 'live'));
    const draft = emu.readContext(app, 'draft');
    const current = await appAclArea.read(draft);
    let revision = current.revision;
    for (const step of appAclArea.writes(expected, current.value))
      revision = await step.run(emu.writeContext(app, {}), revision);
    // Written to the draft only: live keeps its rules until the deploy.
    expect((await appAclArea.read(emu.readContext(app, 'live'))).value).toEqual(before.value);
    expect(appAclArea.diff(expected, (await appAclArea.read(draft)).value)).toEqual([]);
    await emu.deploy(app);
    expect(appAclArea.diff(expected, (await appAclArea.read(emu.readContext(app, 'live'))).value)).toEqual(
      [],
    );
  });
});
