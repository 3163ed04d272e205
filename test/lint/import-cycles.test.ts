import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { describeCycle, importCycles, runtimeImportGraph, typeScriptFiles } from './import-graph.js';

/**
 * No runtime import cycle anywhere in the repository's TypeScript (src/, test/, bench/): a cycle
 * makes load order decide which module sees the other half-initialised (`undefined` exports at
 * import time). Type-only imports are erased by the build, so they are free to point back.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
const fixture = `${root}test/lint/cycle-fixture`;

describe('runtime import cycles', () => {
  it('the check finds a cycle and names it, and ignores imports erased at runtime', () => {
    const cycles = importCycles(runtimeImportGraph(typeScriptFiles(fixture))).map((c) =>
      describeCycle(fixture, c),
    );
    expect(cycles).toEqual(['first.ts -> third.ts -> second.ts -> first.ts']);
  });

  it.each(['src', 'test', 'bench'])('%s/ has none', (folder) => {
    const files = typeScriptFiles(`${root}${folder}`, [fixture]);
    const cycles = importCycles(runtimeImportGraph(files)).map((c) => describeCycle(root, c));
    expect(cycles, 'break each cycle: move what both sides need into a module of its own').toEqual([]);
  });
}, 120_000);
