import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const folder = new URL('../../src/docgen/', import.meta.url);
const files = readdirSync(folder).filter((name) => name.endsWith('.ts'));
const source = (name: string) => readFileSync(new URL(name, folder), 'utf8');

/** The generator is pure (manifests in, pages out): the CLI command reads and writes the files. */
describe('src/docgen', () => {
  it.each(files)('%s imports only project/ types, the query parser and its own folder', (name) => {
    const specifiers = [...source(name).matchAll(/^(?:import|export)[^'"]*from\s+'([^']+)'/gm)].map(
      (m) => m[1] ?? '',
    );
    expect(
      specifiers.filter((s) => !/^(\.\/|\.\.\/project\/index\.js$|\.\.\/query\/index\.js$)/.test(s)),
    ).toEqual([]);
  });

  it.each(files)('%s reads no file, clock, environment or terminal', (name) => {
    expect(source(name)).not.toMatch(
      /\bprocess\.(env|argv|stdout|stderr|exit|cwd|platform)\b|\bnew Date\b|\bDate\.now\b|\bconsole\.|\brequire\(|'node:/,
    );
  });
});
