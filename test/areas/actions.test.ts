import { describe, expect, it } from 'vitest';
import { actionsArea, type ActionsCanonical } from '../../src/areas/actions.js';
import type { AppManifest } from '../../src/project/manifest.js';
import { itDiffs } from './contract.js';
import { exportContext, resolveContext, useAreaEmulator } from './harness.js';
import { expectValidManifest } from './schema.js';

/** A mapping the manifest spells in full: its canonical form is the same. */
const titleToSubject = { srcType: 'FIELD', srcField: 'title', destField: 'subject' } as const;

const manifest: AppManifest = {
  name: 'Orders',
  actions: {
    'To invoice': {
      destApp: { app: 'invoices' },
      mappings: [titleToSubject, { srcType: 'RECORD_URL', destField: 'link' }],
      entities: [{ type: 'GROUP', code: 'everyone' }],
    },
    'To archive': {
      index: 0,
      destApp: { code: 'ARCHIVE' },
      mappings: [],
      entities: [{ type: 'USER', code: 'admin' }],
      filterCond: 'Record_number > 3',
    },
  },
};

const apps = { invoices: '42' };
const expected: ActionsCanonical = {
  'To archive': {
    index: '0',
    destApp: { code: 'ARCHIVE' },
    mappings: [],
    entities: [{ type: 'USER', code: 'admin' }],
    filterCond: 'Record_number > 3',
  },
  'To invoice': {
    index: '1',
    destApp: { app: '42' },
    mappings: [titleToSubject, { srcType: 'RECORD_URL', srcField: '', destField: 'link' }],
    entities: [{ type: 'GROUP', code: 'everyone' }],
    filterCond: '',
  },
};

describe('copy actions: manifest and canonical form', () => {
  it('resolves the destination app, orders by index, fills the defaults', () => {
    const withIndex = {
      ...manifest,
      actions: { ...manifest.actions, 'To invoice': { ...manifest.actions!['To invoice']!, index: 1 } },
    };
    expect(actionsArea.fromManifest(withIndex, resolveContext(apps))).toEqual(expected);
    expect(actionsArea.fromManifest({ name: 'x' }, resolveContext())).toBeUndefined();
  });

  it('round-trips through toManifest (the app by its project key)', () => {
    const exported = actionsArea.toManifest(expected, exportContext(apps));
    expectValidManifest(exported);
    expect(exported.actions!['To invoice']).toEqual(manifest.actions!['To invoice']);
    expect(actionsArea.fromManifest({ name: 'x', ...exported }, resolveContext(apps))).toEqual(expected);
  });
});

describe('copy actions: diff', () => {
  it('takes the service answering {app, code} as the same app named either way', () => {
    const service: ActionsCanonical = {
      'To archive': { ...expected['To archive']!, destApp: { app: '7', code: 'ARCHIVE' } },
      'To invoice': { ...expected['To invoice']!, destApp: { app: '42', code: 'INV' } },
    };
    expect(actionsArea.diff(expected, service)).toEqual([]);
    expect(actionsArea.unchangedCount(expected, service, [])).toBe(2);
  });

  itDiffs(actionsArea, expected, [
    ['no change', expected, []],
    [
      'another destination',
      { ...expected, 'To invoice': { ...expected['To invoice']!, destApp: { app: '43' } } },
      [['change', 'To invoice']],
    ],
    ['an action added', { ...expected, New: { ...expected['To archive']!, index: '2' } }, [['add', 'New']]],
  ]);
});

describe('copy actions against the emulator', () => {
  const emu = useAreaEmulator();

  it('applies, and a fresh diff against live is empty', async () => {
    const invoices = await emu.newApp({
      subject: { type: 'SINGLE_LINE_TEXT', code: 'subject', label: 'Subject' },
      link: { type: 'LINK', code: 'link', label: 'Link', protocol: 'WEB' },
    });
    const app = await emu.newApp({ title: { type: 'SINGLE_LINE_TEXT', code: 'title', label: 'Title' } });
    const desired = actionsArea.fromManifest(
      { name: 'x', actions: { 'To invoice': manifest.actions!['To invoice']! } },
      resolveContext({ invoices }),
    )!;
    const live = await emu.apply(actionsArea, app, desired);
    expect(actionsArea.diff(desired, live)).toEqual([]);
  });
});
