/**
 * Round trips of the areas' own toManifest that export relies on: what an area once lost.
 */
import { describe, expect, it } from 'vitest';
import { processArea } from '../../src/areas/process.js';
import type { ResolveContext } from '../../src/areas/types.js';
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
});
