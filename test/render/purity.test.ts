import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';

const folder = new URL('../../src/render/', import.meta.url);
const files = readdirSync(folder).filter((name) => name.endsWith('.ts'));
const source = (name: string) => readFileSync(new URL(name, folder), 'utf8');

/** DESIGN: render/ reads plan/ types only, and is pure (no file system, no process, no clock). */
describe('src/render', () => {
  it.each(files)('%s imports only plan/ and its own folder', (name) => {
    const specifiers = [...source(name).matchAll(/^(?:import|export)[^'"]*from\s+'([^']+)'/gm)].map(
      (m) => m[1],
    );
    expect(specifiers.filter((s) => !s!.startsWith('./') && !s!.startsWith('../plan/'))).toEqual([]);
  });

  it.each(files)('%s reads no clock, environment or terminal', (name) => {
    // `process` alone is a fine name here (the process area); its Node members are not.
    expect(source(name)).not.toMatch(
      /\bprocess\.(env|argv|stdout|stderr|exit|cwd|platform)\b|\bnew Date\b|\bDate\.now\b|\bconsole\.|\brequire\(/,
    );
  });
});
