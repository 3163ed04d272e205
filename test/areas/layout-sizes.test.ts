/**
 * Layout sizes as the service keeps them: `width`, plus `innerHeight` for multi-line and rich
 * text and `height` for a spacer (the official client's layout types). Apply, then a fresh diff
 * is empty; the canonical form of a service answer holds only those keys.
 */
import { describe, expect, it } from 'vitest';
import { layoutArea } from '../../src/areas/layout.js';
import type { AppManifest } from '../../src/project/manifest.js';
import { resolveContext, useAreaEmulator } from './harness.js';

const manifest: AppManifest = {
  name: 'Sizes',
  fields: {
    notes: { type: 'MULTI_LINE_TEXT', label: 'Notes' },
    body: { type: 'RICH_TEXT', label: 'Body' },
    title: { type: 'SINGLE_LINE_TEXT', label: 'Title' },
  },
  layout: [
    {
      type: 'ROW',
      fields: [
        { code: 'title', size: { width: 200 } },
        { type: 'SPACER', elementId: 'gap', size: { width: 40, height: 30 } },
      ],
    },
    { type: 'ROW', fields: [{ code: 'notes', size: { width: 400, innerHeight: 120 } }] },
    { type: 'ROW', fields: [{ code: 'body', size: { width: 500, innerHeight: 200 } }] },
  ],
};

describe('layout sizes', () => {
  it.each([
    ['MULTI_LINE_TEXT', { width: '1', height: '2', innerHeight: '3' }, { width: '1', innerHeight: '3' }],
    ['SPACER', { width: '1', height: '2', innerHeight: '3' }, { width: '1', height: '2' }],
    ['NUMBER', { width: '1', height: '2', innerHeight: '3' }, { width: '1' }],
  ])('the canonical size of a %s holds only its keys', (type, size, kept) => {
    const element = type === 'SPACER' ? { type, elementId: 'x', size } : { type, code: 'f', size };
    const [row] = layoutArea.fromManifest(
      { name: 'x', layout: [{ type: 'ROW', fields: [element as never] }] },
      resolveContext(),
    )!;
    expect(row!.type === 'GROUP' ? row : row!.fields[0]!.size).toEqual(kept);
  });

  const emu = useAreaEmulator();

  it('applies, and a fresh diff against live is empty', async () => {
    const app = await emu.newApp({
      notes: { type: 'MULTI_LINE_TEXT', code: 'notes', label: 'Notes' },
      body: { type: 'RICH_TEXT', code: 'body', label: 'Body' },
      title: { type: 'SINGLE_LINE_TEXT', code: 'title', label: 'Title' },
    });
    const desired = layoutArea.fromManifest(manifest, resolveContext())!;
    const live = await emu.apply(layoutArea, app, desired);
    expect(layoutArea.diff(desired, live)).toEqual([]);
    const { layout } = await emu.client().form.getLayout({ app, copy: 'live' });
    expect((layout[1] as { fields: { size: unknown }[] }).fields[0]!.size).toEqual({
      width: '400',
      innerHeight: '120',
    });
  });

  // The official client's Label and HR (KintoneFields/types/fieldLayout.d.ts) carry no elementId:
  // an app arranged by hand has none on them, and a copy of its layout written by apply must not
  // gain one.
  it('writes a label left without an elementId without one', async () => {
    const app = await emu.newApp({ title: { type: 'SINGLE_LINE_TEXT', code: 'title', label: 'Title' } });
    const desired = layoutArea.fromManifest(
      {
        name: 'x',
        layout: [{ type: 'ROW', fields: [{ code: 'title' }, { type: 'LABEL', label: '<b>Part</b>' }] }],
      },
      resolveContext(),
    )!;
    const live = await emu.apply(layoutArea, app, desired);
    expect(layoutArea.diff(desired, live)).toEqual([]);
    const { layout } = await emu.client().form.getLayout({ app, copy: 'live' });
    expect((layout[0] as { fields: unknown[] }).fields[1]).toEqual({ type: 'LABEL', label: '<b>Part</b>' });
  });
});
