import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';

const folder = new URL('../../src/render/', import.meta.url);
const files = readdirSync(folder).filter((name) => name.endsWith('.ts'));
const source = (name: string) => readFileSync(new URL(name, folder), 'utf8');

/**
 * DESIGN: render/ reads plan/ types only, and is pure (no file system, no process, no clock). The
 * apply message reads apply/'s result types too (the CLI, plan --check and library callers word an
 * apply alike), and shares the wording leaf (src/wording.ts: durations, plug-in titles) with apply/,
 * and the leaf of the terminal's widths of text (src/text-width.ts) with validate's caret.
 */
describe('src/render', () => {
  it.each(files)(
    '%s imports only plan/, the types of apply/, the wording and text-width leaves and its own folder',
    (name) => {
      const imports = [...source(name).matchAll(/^(?:import|export)([^'"]*)from\s+'([^']+)'/gm)].map((m) => ({
        typeOnly: /^\s*type\b/.test(m[1]!),
        from: m[2]!,
      }));
      const allowed = ({ typeOnly, from }: { typeOnly: boolean; from: string }) =>
        from.startsWith('./') ||
        from.startsWith('../plan/') ||
        from === '../wording.js' ||
        from === '../text-width.js' ||
        (typeOnly && from === '../apply/types.js');
      expect(imports.filter((i) => !allowed(i))).toEqual([]);
    },
  );

  it.each(files)('%s reads no clock, environment or terminal', (name) => {
    // `process` alone is a fine name here (the process area); its Node members are not.
    expect(source(name)).not.toMatch(
      /\bprocess\.(env|argv|stdout|stderr|exit|cwd|platform)\b|\bnew Date\b|\bDate\.now\b|\bconsole\.|\brequire\(/,
    );
  });
});
