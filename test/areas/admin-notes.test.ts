import { describe, expect, it } from 'vitest';
import { adminNotesArea } from '../../src/areas/admin-notes.js';
import { exportContext, resolveContext, useAreaEmulator } from './harness.js';
import { expectValidManifest } from './schema.js';

describe('admin notes: manifest and canonical form', () => {
  it.each([
    [
      { content: '<b>Ask Ann</b>', includeInTemplateAndDuplicates: true },
      { content: '<b>Ask Ann</b>', includeInTemplateAndDuplicates: true },
    ],
    [{ content: 'x' }, { content: 'x', includeInTemplateAndDuplicates: false }],
    [{}, { content: '', includeInTemplateAndDuplicates: false }],
  ])('%j', (adminNotes, expected) => {
    const canonical = adminNotesArea.fromManifest({ name: 'x', adminNotes }, resolveContext());
    expect(canonical).toEqual(expected);
    const exported = adminNotesArea.toManifest(canonical!, exportContext());
    expectValidManifest(exported);
    expect(exported).toEqual({ adminNotes });
  });

  it('is not managed when the manifest leaves it out', () => {
    expect(adminNotesArea.fromManifest({ name: 'x' }, resolveContext())).toBeUndefined();
  });
});

describe('admin notes: diff (one value)', () => {
  const notes = { content: 'a', includeInTemplateAndDuplicates: false };

  it('is empty for equal notes, one change at the area otherwise', () => {
    expect(adminNotesArea.diff(notes, notes)).toEqual([]);
    expect(adminNotesArea.unchangedCount(notes, notes, [])).toBe(1);
    const desired = { ...notes, content: 'b' };
    expect(adminNotesArea.diff(desired, notes)).toEqual([
      {
        action: 'change',
        path: [],
        before: notes,
        after: desired,
        details: [{ path: ['content'], before: 'a', after: 'b' }],
      },
    ]);
  });
});

describe('admin notes against the emulator', () => {
  const emu = useAreaEmulator();

  it('writes the draft, deploys, and a fresh diff against live is empty', async () => {
    const app = await emu.newApp();
    const desired = {
      content: '<p>Ask Ann before changing the process</p>',
      includeInTemplateAndDuplicates: false,
    };
    const current = await adminNotesArea.read(emu.readContext(app, 'draft'));
    let revision = current.revision;
    for (const step of adminNotesArea.writes(desired, current.value))
      revision = await step.run(emu.writeContext(app, {}), revision);
    // The draft holds the notes; live does not until the deploy.
    expect(
      adminNotesArea.diff(desired, (await adminNotesArea.read(emu.readContext(app, 'draft'))).value),
    ).toEqual([]);
    expect(
      adminNotesArea.diff(desired, (await adminNotesArea.read(emu.readContext(app, 'live'))).value),
    ).not.toEqual([]);
    await emu.deploy(app);
    expect(
      adminNotesArea.diff(desired, (await adminNotesArea.read(emu.readContext(app, 'live'))).value),
    ).toEqual([]);
  });
});
