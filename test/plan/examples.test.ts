/**
 * Every example, as a newcomer would use it: planned against a fresh service (every app to be
 * created), applied, and planned again: nothing left to change, in all three renderings.
 */
import { readdir, readFile } from 'node:fs/promises';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { apply } from '../../src/apply/index.js';
import { plan } from '../../src/plan/index.js';
import { renderJson, renderMarkdown, renderText } from '../../src/render/index.js';
import { exampleCopies, loadValid, useService } from './harness.js';
import { applyExitCode, said } from '../support/cli-results.js';

const service = useService();
const copyExample = exampleCopies(service);
const examplesDir = new URL('../../examples/', import.meta.url).pathname;
const examples = (await readdir(examplesDir, { withFileTypes: true }))
  .filter((d) => d.isDirectory() && d.name !== 'github-actions')
  .map((d) => d.name);
const planSchema = new Ajv2020({ allErrors: true, strict: true }).compile(
  JSON.parse(await readFile(new URL('../../schema/plan.schema.json', import.meta.url), 'utf8')),
);

/** A real plan, as `plan --format json` prints it, is what schema/plan.schema.json describes. */
function expectSchemaValid(json: string): void {
  planSchema(JSON.parse(json));
  expect(planSchema.errors ?? []).toEqual([]);
}

describe.each(examples)('examples/%s', (name) => {
  it('applies to a fresh service, and a fresh plan is then empty', async () => {
    const root = await copyExample(name);
    const project = await loadValid(root);
    const first = await plan({ project, client: service.client });
    expect(first.apps.map((a) => a.action)).toEqual(project.apps.map(() => 'create-app'));
    expectSchemaValid(renderJson(first));
    const result = await apply({
      plan: first,
      project,
      client: service.client,
      pollIntervalMs: { initial: 10, max: 50 },
    });
    expect(result.outcome, said(result)).toBe('applied');
    expect(applyExitCode(result)).toBe(0);

    const after = await loadValid(root);
    expect(after.apps.every((a) => a.id !== null)).toBe(true);
    const again = await plan({ project: after, client: service.client });
    const changed = again.apps.flatMap((a) =>
      a.areas
        .filter((area) => area.changes.length > 0)
        .map((area) => ({ app: a.key, area: area.key, changes: area.changes })),
    );
    expect(changed).toEqual([]);
    expect(again.summary).toEqual({ add: 0, change: 0, remove: 0 });
    expect(renderText(again, { color: false })).toContain('No changes.');
    expect(renderMarkdown(again)).toContain('No changes.');
    expect(JSON.parse(renderJson(again)).summary).toEqual({ add: 0, change: 0, remove: 0 });
    expectSchemaValid(renderJson(again));
  });
});
