import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * The handbook generator and the where-used index are pure (manifests in, pages or an index out):
 * the CLI reads and writes the files. Each folder may import its own files and those listed.
 */
const FOLDERS: [string, RegExp][] = [
  // platform/ imports nothing (pure): the order of indexed maps is its rule (eslint.boundaries.js
  // lets docgen import it, as its title says).
  [
    'docgen',
    /^(\.\/|\.\.\/project\/index\.js$|\.\.\/query\/index\.js$|\.\.\/usage\/index\.js$|\.\.\/platform\/index\.js$)/,
  ],
  // The where-used index walks the catalogue of field places (platform/ imports nothing: pure too).
  ['usage', /^(\.\/|\.\.\/project\/index\.js$|\.\.\/query\/index\.js$|\.\.\/platform\/index\.js$)/],
];

describe.each(FOLDERS)('src/%s', (name, allowed) => {
  const folder = new URL(`../../src/${name}/`, import.meta.url);
  const files = readdirSync(folder).filter((file) => file.endsWith('.ts'));
  const source = (file: string) => readFileSync(new URL(file, folder), 'utf8');

  it.each(files)(
    "%s imports only project/ types, the query parser, the platform's facts, usage/ and its own folder",
    (file) => {
      const specifiers = [...source(file).matchAll(/^(?:import|export)[^'"]*from\s+'([^']+)'/gm)].map(
        (m) => m[1] ?? '',
      );
      expect(specifiers.filter((s) => !allowed.test(s))).toEqual([]);
    },
  );

  it.each(files)('%s reads no file, clock, environment or terminal', (file) => {
    expect(source(file)).not.toMatch(
      /\bprocess\.(env|argv|stdout|stderr|exit|cwd|platform)\b|\bnew Date\b|\bDate\.now\b|\bconsole\.|\brequire\(|'node:/,
    );
  });
});
