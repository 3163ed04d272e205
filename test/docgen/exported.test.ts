/**
 * `appdeploy docs` on a project exported from the local service (issue 24, "Done when"): the crm
 * example applied, exported into a new project through the built CLI, then `docs`. The handbook
 * has a page per exported app, its Mermaid blocks pass the grammar check, its tables are whole,
 * and the overview draws the lookup between the two apps.
 */
import { readFile, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appdeploy, tempDir } from '../support/cli.js';
import { exportedProject } from '../first-run/exported-project.js';
import { checkFlowchart, mermaidBlocks } from './mermaid-grammar.js';

let dir = '';
let target = '';

beforeAll(async () => {
  dir = await tempDir('docs-exported');
  target = await exportedProject('crm', dir);
}, 180_000);

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('appdeploy docs on an exported project', () => {
  it('writes a page per app whose Mermaid parses, and an overview linking the lookup', async () => {
    const run = await appdeploy(['docs'], target);
    expect(run.code, run.stderr).toBe(0);
    const pages = (await readdir(join(target, 'appdeploy-docs'))).sort();
    const manifests = (await readdir(join(target, 'apps'))).filter((f) => f.endsWith('.yaml'));
    expect(pages).toEqual(['index.md', ...manifests.map((f) => f.replace(/\.yaml$/, '.md'))].sort());
    for (const page of pages) {
      const text = await readFile(join(target, 'appdeploy-docs', page), 'utf8');
      for (const block of mermaidBlocks(text)) expect(checkFlowchart(block), page).toEqual([]);
    }
    const index = await readFile(join(target, 'appdeploy-docs', 'index.md'), 'utf8');
    // The deals app looks its customer up in the customers app: an edge in the overview's graph.
    expect(mermaidBlocks(index).join('\n')).toMatch(/n\d+ -->\|"lookup customer_code"\| n\d+/);
    // The customers app's key field is named as used by the deals app's lookup.
    const all = await Promise.all(pages.map((p) => readFile(join(target, 'appdeploy-docs', p), 'utf8')));
    expect(all.join('\n')).toMatch(/^\| `customer_code` \|.*lookup/m);
  });
});
