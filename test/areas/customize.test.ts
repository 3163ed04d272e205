import { describe, expect, it } from 'vitest';
import { customizeArea, type CustomizeCanonical } from '../../src/areas/customize.js';
import type { AppManifest } from '../../src/project/manifest.js';
import { areaSuite, itDiffs } from './contract.js';
import { exportContext, resolveContext, sha256 } from './harness.js';
import { expectValidManifest } from './schema.js';

const files = { 'js/app.js': 'console.log("app");', 'css/app.css': 'body { color: red }' };
/** A URL entry: the manifest and the canonical form spell it the same. */
const libJs = { type: 'URL', url: 'https://cdn.example.com/lib.js' } as const;
const manifest: AppManifest = {
  name: 'Orders',
  customize: {
    desktop: {
      js: [libJs, { type: 'FILE', path: 'js/app.js' }],
      css: [{ type: 'FILE', path: 'css/app.css' }],
    },
    mobile: { js: [{ type: 'FILE', path: 'js/app.js' }] },
  },
};

const appJs = { type: 'FILE', file: { name: 'app.js', sha256: sha256(files['js/app.js']) } } as const;
const appCss = { type: 'FILE', file: { name: 'app.css', sha256: sha256(files['css/app.css']) } } as const;
const expected: CustomizeCanonical = {
  scope: 'ALL',
  desktop: { js: [libJs, appJs], css: [appCss] },
  mobile: { js: [appJs], css: [] },
};

describe('customize: manifest and canonical form', () => {
  it('fills scope and empty lists, and names local files by content', () => {
    expect(customizeArea.fromManifest(manifest, resolveContext({}, files))).toEqual(expected);
    expect(customizeArea.fromManifest({ name: 'x' }, resolveContext())).toBeUndefined();
  });

  it('round-trips through toManifest', () => {
    const exported = customizeArea.toManifest(expected, exportContext());
    expectValidManifest(exported);
    const saved = { 'files/app.js': files['js/app.js'], 'files/app.css': files['css/app.css'] };
    expect(customizeArea.fromManifest({ name: 'x', ...exported }, resolveContext({}, saved))).toEqual(
      expected,
    );
  });
});

describe('customize: diff', () => {
  itDiffs(customizeArea, expected, [
    ['no change', expected, []],
    ['another scope', { ...expected, scope: 'ADMIN' }, [['change', 'scope']]],
    [
      'a file dropped from desktop JS',
      { ...expected, desktop: { ...expected.desktop, js: [appJs] } },
      [['remove', 'desktop', 'js', 0]],
    ],
    [
      'mobile CSS added',
      { ...expected, mobile: { js: [appJs], css: [appCss] } },
      [['add', 'mobile', 'css', 0]],
    ],
  ]);
});

const suite = areaSuite('customize', customizeArea, manifest, expected);

suite.appliesCleanly({
  title: 'uploads the files, applies, and a fresh diff against live is empty',
  desired: { ...expected, scope: 'ADMIN', mobile: { js: [appJs], css: [appCss] } },
  files,
});
