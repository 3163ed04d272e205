/**
 * Round trips of the areas' own toManifest that export relies on: what an area once lost.
 */
import { describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { processArea } from '../../src/areas/process.js';
import { reportsArea } from '../../src/areas/reports.js';
import { viewsArea } from '../../src/areas/views.js';
import type { Area, ResolveContext } from '../../src/areas/types.js';
import type { AppManifest } from '../../src/project/manifest.js';

const ctx: ResolveContext = {
  appKey: 'subject',
  appId: (key) => `{${key}}`,
  fileHash: () => '',
};

describe('process: toManifest keeps the order of the statuses', () => {
  it('states whose index order is not their name order come back in index order', () => {
    const manifest = {
      name: 'x',
      process: { enable: true, states: { New: {}, Doing: {}, Closed: {} }, actions: [] },
    } as unknown as AppManifest;
    const canonical = processArea.fromManifest(manifest, ctx)!;
    const exported = processArea.toManifest(canonical, { appKey: () => null, filePath: () => null });
    const again = processArea.fromManifest({ name: 'x', ...exported }, ctx)!;
    expect(processArea.diff(again, canonical)).toEqual([]);
  });

  // A name that is a whole number ("1231", typed in the platform's screens) goes first in a
  // JavaScript object, whatever its place: the map's order alone would make it the first status.
  // Found by the export fidelity sweep (test/reliability/export-fidelity.test.ts).
  it('states named like whole numbers keep their order through the manifest (as YAML reads it)', () => {
    const manifest = {
      name: 'x',
      process: {
        enable: true,
        states: { New: { index: 0 }, '1231': { index: 1 }, '7': { index: 2 } },
        actions: [],
      },
    } as unknown as AppManifest;
    const canonical = processArea.fromManifest(manifest, ctx)!;
    const exported = processArea.toManifest(canonical, { appKey: () => null, filePath: () => null });
    const reread = parse(stringify(exported)) as Partial<AppManifest>;
    const again = processArea.fromManifest({ name: 'x', ...reread }, ctx)!;
    expect(processArea.diff(again, canonical)).toEqual([]);
  });
});

describe('views and graphs named like whole numbers keep their order through the manifest', () => {
  const exportCtx = { appKey: () => null, filePath: () => null };
  const count = { chartType: 'PIE', groups: [{ code: 'title' }], aggregations: [{ type: 'COUNT' }] };
  it.each([
    ['views', viewsArea, { views: { Mine: { type: 'LIST', index: 0 }, '1237': { type: 'LIST', index: 1 } } }],
    ['reports', reportsArea, { reports: { Mine: { ...count, index: 0 }, '1237': { ...count, index: 1 } } }],
  ] as const)('%s', (_, area, part) => {
    const canonical = (area as Area).fromManifest({ name: 'x', ...part } as unknown as AppManifest, ctx)!;
    const reread = parse(stringify((area as Area).toManifest(canonical, exportCtx))) as Partial<AppManifest>;
    const again = (area as Area).fromManifest({ name: 'x', ...reread }, ctx)!;
    expect((area as Area).diff(again, canonical)).toEqual([]);
  });
});
