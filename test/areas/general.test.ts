import { describe, expect, it } from 'vitest';
import { generalArea } from '../../src/areas/general.js';
import type { AppManifest } from '../../src/project/manifest.js';
import { exportNewApp } from './contract.js';
import { exportContext, resolveContext, sha256, useAreaEmulator } from './harness.js';
import { expectValidManifest } from './schema.js';

const files = { 'icons/app.png': 'not really a png' };
const manifest: AppManifest = {
  name: 'Orders',
  description: '<b>All orders</b>',
  icon: { type: 'FILE', path: 'icons/app.png' },
  theme: 'RED',
  titleField: { selectionMode: 'MANUAL', code: 'Record_number' },
  numberPrecision: { digits: 12, roundingMode: 'UP' },
  firstMonthOfFiscalYear: 4,
  enableComments: false,
};

describe('general settings: manifest and canonical form', () => {
  it('keeps exactly the keys the manifest gives, numbers as strings, the icon by content', () => {
    expect(generalArea.fromManifest(manifest, resolveContext({}, files))).toEqual({
      name: 'Orders',
      description: '<b>All orders</b>',
      icon: { type: 'FILE', file: { name: 'app.png', sha256: sha256('not really a png') } },
      theme: 'RED',
      titleField: { selectionMode: 'MANUAL', code: 'Record_number' },
      numberPrecision: { digits: '12', roundingMode: 'UP' },
      firstMonthOfFiscalYear: '4',
      enableComments: false,
    });
    expect(generalArea.fromManifest({ name: 'Bare' }, resolveContext())).toEqual({ name: 'Bare' });
  });

  it('round-trips through toManifest to a valid, equivalent manifest', () => {
    const canonical = generalArea.fromManifest(manifest, resolveContext({}, files))!;
    const exported = generalArea.toManifest(canonical, exportContext());
    expectValidManifest(exported);
    expect(exported).toEqual({ ...manifest, icon: { type: 'FILE', path: 'files/app.png' } });
  });
});

describe('general settings: diff', () => {
  const desired = { name: 'Orders', enableComments: false, numberPrecision: { digits: '12' } };
  const service = {
    name: 'Orders',
    description: 'unmanaged',
    enableComments: false,
    enableThumbnails: true,
    numberPrecision: { digits: '12', decimalPlaces: '4', roundingMode: 'HALF_EVEN' },
  };

  it('ignores what the manifest leaves out', () => {
    expect(generalArea.diff(desired, service)).toEqual([]);
    expect(generalArea.unchangedCount(desired, service, [])).toBe(3);
  });

  it('names the one setting that differs', () => {
    expect(generalArea.diff({ ...desired, name: 'Sales' }, service)).toEqual([
      {
        action: 'change',
        path: ['name'],
        before: 'Orders',
        after: 'Sales',
        details: [{ path: [], before: 'Orders', after: 'Sales' }],
      },
    ]);
  });
});

describe('general settings against the emulator', () => {
  const emu = useAreaEmulator();

  it('applies, and a fresh diff against live is empty', async () => {
    const app = await emu.newApp();
    const desired = generalArea.fromManifest(
      { ...manifest, titleField: { selectionMode: 'AUTO' } },
      resolveContext({}, files),
    )!;
    const live = await emu.apply(generalArea, app, desired, files);
    expect(generalArea.diff(desired, live)).toEqual([]);
    // The precision's unmanaged sub-key kept the new app's value.
    expect(live.numberPrecision).toEqual({ digits: '12', decimalPlaces: '4', roundingMode: 'UP' });
    expect(generalArea.writes(desired, live)).toEqual([]);
  });

  it('exports what a new app has as a valid manifest', async () => {
    expect(await exportNewApp(emu, generalArea)).toMatchObject({
      name: 'Area test',
      numberPrecision: { digits: 16 },
      firstMonthOfFiscalYear: 4,
    });
  });
});
