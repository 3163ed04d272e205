import { describe, expect, it } from 'vitest';
import { viewsArea } from '../../src/areas/views.js';
import type { AppManifest } from '../../src/project/manifest.js';
import { exportNewApp } from './contract.js';
import { exportContext, resolveContext, useAreaEmulator } from './harness.js';
import { expectValidManifest } from './schema.js';

const manifest: AppManifest = {
  name: 'Orders',
  views: {
    Calendar: { type: 'CALENDAR', date: 'Created_datetime', title: 'Record_number', index: 2 },
    Open: {
      type: 'LIST',
      fields: ['Record_number', 'Created_by'],
      filterCond: 'Record_number > 10',
      sort: 'Record_number asc',
      index: 0,
    },
    Board: { type: 'CUSTOM', html: '<div id="board"></div>', pager: false, index: 1 },
  },
};

const expected = {
  Open: {
    type: 'LIST',
    index: '0',
    filterCond: 'Record_number > 10',
    sort: 'Record_number asc',
    fields: ['Record_number', 'Created_by'],
  },
  Board: {
    type: 'CUSTOM',
    index: '1',
    filterCond: '',
    sort: '',
    html: '<div id="board"></div>',
    pager: false,
    device: 'DESKTOP',
  },
  Calendar: {
    type: 'CALENDAR',
    index: '2',
    filterCond: '',
    sort: '',
    date: 'Created_datetime',
    title: 'Record_number',
  },
};

describe('views: manifest and canonical form', () => {
  it('orders by index, fills the defaults, keeps the type-specific keys', () => {
    const canonical = viewsArea.fromManifest(manifest, resolveContext());
    expect(canonical).toEqual(expected);
    expect(Object.keys(canonical!)).toEqual(['Open', 'Board', 'Calendar']);
  });

  it('takes the map order when no index is given', () => {
    const canonical = viewsArea.fromManifest(
      { name: 'x', views: { B: { type: 'LIST' }, A: { type: 'LIST' } } },
      resolveContext(),
    );
    expect(canonical).toEqual({
      B: { type: 'LIST', index: '0', filterCond: '', sort: '', fields: [] },
      A: { type: 'LIST', index: '1', filterCond: '', sort: '', fields: [] },
    });
  });

  it('is not managed when the manifest leaves views out', () => {
    expect(viewsArea.fromManifest({ name: 'x' }, resolveContext())).toBeUndefined();
  });

  it('round-trips through toManifest (order as the map, defaults left out)', () => {
    const canonical = viewsArea.fromManifest(manifest, resolveContext())!;
    const exported = viewsArea.toManifest(canonical, exportContext());
    expectValidManifest(exported);
    expect(Object.keys(exported.views!)).toEqual(['Open', 'Board', 'Calendar']);
    expect(exported.views!.Board).toEqual({ type: 'CUSTOM', html: '<div id="board"></div>', pager: false });
    expect(viewsArea.fromManifest({ name: 'x', ...exported }, resolveContext())).toEqual(canonical);
  });
});

describe('views: diff', () => {
  const current = viewsArea.fromManifest(manifest, resolveContext())!;

  it.each([
    ['no change', manifest.views!, []],
    [
      'a changed sort',
      { ...manifest.views!, Open: { ...manifest.views!.Open!, sort: 'Record_number desc' } },
      [['change', 'Open']],
    ],
    [
      'a removed view',
      { Open: manifest.views!.Open!, Board: manifest.views!.Board! },
      [['remove', 'Calendar']],
    ],
    ['an added view', { ...manifest.views!, New: { type: 'LIST' as const, index: 3 } }, [['add', 'New']]],
  ])('%s', (_name, views, changes) => {
    const desired = viewsArea.fromManifest({ name: 'x', views }, resolveContext())!;
    const found = viewsArea.diff(desired, current);
    expect(found.map((c) => [c.action, ...c.path])).toEqual(changes);
    expect(viewsArea.unchangedCount(desired, current, found)).toBe(
      Object.keys(desired).length - found.filter((c) => c.action !== 'remove').length,
    );
  });

  it('a changed sort is exactly that change', () => {
    const desired = { ...current, Open: { ...current.Open!, sort: 'Record_number desc' } };
    expect(viewsArea.diff(desired, current)).toEqual([
      {
        action: 'change',
        path: ['Open'],
        before: current.Open,
        after: desired.Open,
        details: [{ path: ['sort'], before: 'Record_number asc', after: 'Record_number desc' }],
      },
    ]);
  });
});

describe('views against the emulator', () => {
  const emu = useAreaEmulator();

  it('applies, and a fresh diff against live is empty', async () => {
    const app = await emu.newApp();
    const desired = viewsArea.fromManifest(manifest, resolveContext())!;
    const live = await emu.apply(viewsArea, app, desired);
    expect(viewsArea.diff(desired, live)).toEqual([]);
    expect(Object.keys(live)).toEqual(['Open', 'Board', 'Calendar']);
  });

  // A name that is a whole number goes first in a JavaScript object: its index, not the object's
  // order, is its place. Found by the export fidelity sweep (seed 324).
  it('writes views named like whole numbers at their index', async () => {
    const app = await emu.newApp();
    const desired = viewsArea.fromManifest(
      { name: 'x', views: { Mine: { type: 'LIST', index: 0 }, '1237': { type: 'LIST', index: 1 } } },
      resolveContext(),
    )!;
    await emu.apply(viewsArea, app, desired);
    const { views } = await emu.client().settings.getViews({ app, copy: 'live' });
    expect([views.Mine!.index, views['1237']!.index]).toEqual(['0', '1']);
  });

  it("exports a new app's views as a valid manifest", async () => {
    expect(await exportNewApp(emu, viewsArea)).toEqual({
      views: { 'All records': { type: 'LIST', sort: 'Record_number desc', fields: ['Record_number'] } },
    });
  });
});
