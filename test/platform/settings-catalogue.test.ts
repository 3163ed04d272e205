import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AREA_KEYS } from '../../src/areas/index.js';
import {
  SETTINGS_CATALOGUE,
  draftPath,
  livePath,
  settingsEndpointAt,
  tokenRefusedCalls,
} from '../../src/platform/index.js';
import { codeOf, filesBelow } from '../support/source-files.js';

const ROOT = join(import.meta.dirname, '..', '..');
const SPEC = readFileSync('/work/shared/spec/rest-interface.md', 'utf8');

/** The endpoint names the official client calls (`endpointName: "app/views"`), each under `/k/v1/`. */
function officialEndpointNames(): Set<string> {
  const file = join(
    ROOT,
    'node_modules',
    '@kintone',
    'rest-api-client',
    'lib',
    'src',
    'client',
    'AppClient.js',
  );
  const source = readFileSync(file, 'utf8');
  return new Set([...source.matchAll(/endpointName: "([^"]+)"/g)].map((m) => m[1]!));
}

/** The spec's App settings table: each row's GET path, its PUT column, and its body column. */
function specSettingsRows(): { live: string; put: string; body: string }[] {
  return SPEC.split('\n')
    .filter((line) => /^\| [^|]+ \| `\/k\/v1\/[^`]+` /.test(line))
    .map((line) => line.split('|').map((cell) => cell.trim()))
    .map((cells) => ({
      live: /`([^`]+)`/.exec(cells[2]!)![1]!,
      put: cells[4]!,
      body: cells[5]!,
    }));
}

describe('the catalogue of settings endpoints', () => {
  it('has one entry per key and per endpoint', () => {
    const keys = SETTINGS_CATALOGUE.map((e) => e.key);
    const endpoints = SETTINGS_CATALOGUE.map((e) => e.endpoint);
    expect(new Set(keys).size).toBe(keys.length);
    expect(new Set(endpoints).size).toBe(endpoints.length);
  });

  it('has an entry for every area of the area table, and no other', () => {
    expect(SETTINGS_CATALOGUE.map((e) => e.key).sort()).toEqual([...AREA_KEYS].sort());
  });

  it.each(SETTINGS_CATALOGUE.map((e) => [e.key, e] as const))(
    '%s: its draft path is the preview of its live path, and finds it back',
    (_key, entry) => {
      expect(livePath(entry)).toBe(`/k/v1/${entry.endpoint}`);
      expect(draftPath(entry)).toBe(`/k/v1/preview/${entry.endpoint}`);
      expect(settingsEndpointAt(entry.endpoint)).toBe(entry);
      expect(settingsEndpointAt(`preview/${entry.endpoint}`)).toBe(entry);
    },
  );

  it('names only endpoints the official client calls', () => {
    const official = officialEndpointNames();
    const missing = SETTINGS_CATALOGUE.filter((e) => !official.has(e.endpoint.replace(/\.json$/, '')));
    expect(missing.map((e) => e.endpoint)).toEqual([]);
  });

  it('publishes on a live PUT exactly where the spec writes the live copy at once', () => {
    const rows = specSettingsRows();
    expect(rows.length).toBeGreaterThan(10);
    for (const row of rows) {
      const entry = SETTINGS_CATALOGUE.find((e) => livePath(e) === row.live);
      expect(entry, row.live).toBeDefined();
      expect([row.live, entry!.livePutPublishes]).toEqual([row.live, row.put.includes('(live, immediate)')]);
      // A body key is the one the spec's row names for the content.
      if (entry!.bodyKey !== null) expect(row.body.startsWith(`\`${entry!.bodyKey}\``), row.live).toBe(true);
    }
  });

  it('sits where the app manifest schema has a place for it', () => {
    const schema = JSON.parse(readFileSync(join(ROOT, 'schema', 'app.schema.json'), 'utf8'));
    for (const entry of SETTINGS_CATALOGUE) {
      let node = schema;
      for (const name of entry.manifest) {
        // A place is a property, or one of the definition a property refers to.
        const referred = schema.$defs?.[String(node.$ref ?? '').replace('#/$defs/', '')];
        node = node.properties?.[name] ?? referred?.properties?.[name];
        expect(node, `${entry.key}: ${entry.manifest.join('.')}`).toBeDefined();
      }
    }
  });

  it('refuses to a token the calls kintone.dev says take no token', () => {
    const refused = Object.fromEntries(
      SETTINGS_CATALOGUE.map((e) => [e.key, tokenRefusedCalls(e)] as const).filter(
        ([, calls]) => calls.length > 0,
      ),
    );
    expect(refused).toEqual({
      views: ['PUT /k/v1/preview/app/views.json'],
      customize: [
        'GET /k/v1/app/customize.json',
        'GET /k/v1/preview/app/customize.json',
        'PUT /k/v1/preview/app/customize.json',
      ],
    });
  });
});

describe('src/ outside platform/', () => {
  it('spells no settings endpoint of the catalogue in its code', () => {
    const src = join(ROOT, 'src');
    const found: string[] = [];
    for (const file of filesBelow(src)) {
      if (!file.endsWith('.ts') || relative(src, file).startsWith('platform')) continue;
      const code = codeOf(readFileSync(file, 'utf8'));
      for (const entry of SETTINGS_CATALOGUE) {
        const escaped = entry.endpoint.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
        if (new RegExp(`(?<![A-Za-z])${escaped}`).test(code))
          found.push(`${relative(ROOT, file)}: ${entry.endpoint}`);
      }
    }
    expect(found).toEqual([]);
  });

  // A cast to the stored settings lets an area left out of a copy compile (issue 35: shadow-read.ts).
  it("builds no copy of an app's settings through a cast", () => {
    const src = join(ROOT, 'src');
    const cast = filesBelow(src)
      .filter((file) => file.endsWith('.ts'))
      .filter((file) => /as unknown as AppSettings\b/.test(codeOf(readFileSync(file, 'utf8'))));
    expect(cast.map((file) => relative(ROOT, file))).toEqual([]);
  });
});
