/**
 * The built CLI, once, end to end on the embedded local service: `apply --yes` creates the apps,
 * writes their ids into appdeploy.yaml, prints the result as JSON, and a plan afterwards is
 * empty; without a terminal and without --yes it refuses.
 */
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { text } from '../support/fields.js';
import { tempProject } from '../support/temp-project.js';
import { appdeploy, ROOT } from '../support/cli.js';
import { stringify } from 'yaml';
import { expectValidResult, manifest } from './harness.js';

const run = (args: string[]) => appdeploy(args, ROOT);

let dir = '';

beforeAll(async () => {
  dir = await tempProject('appdeploy-cli-apply-', {
    'apps/tasks.yaml': stringify(manifest('Tasks', { title: text('Title') })),
    'appdeploy.yaml':
      '# tasks, kept in git\nenvironments:\n  local: {}\napps:\n  tasks: { manifest: apps/tasks.yaml }\n',
  });
}, 120_000);

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('appdeploy apply (built CLI)', () => {
  it('refuses without a terminal unless --yes, then applies with --yes, and plans to nothing after', async () => {
    const refused = await run(['apply', '-C', dir]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/Pass --yes/);

    const applied = await run(['apply', '--yes', '-C', dir, '--format', 'json']);
    expect(applied.stderr).toMatch(/Creating app tasks/);
    expect(applied.code).toBe(0);
    const result = JSON.parse(applied.stdout);
    expectValidResult(result);
    expect(result).toMatchObject({ outcome: 'applied', apps: [{ key: 'tasks', outcome: 'created' }] });
    // The local environment's ids live with its data, not in the committed appdeploy.yaml (issue 21 item 8).
    const config = await readFile(join(dir, 'appdeploy.yaml'), 'utf8');
    expect(config).toBe(
      '# tasks, kept in git\nenvironments:\n  local: {}\napps:\n  tasks: { manifest: apps/tasks.yaml }\n',
    );
    const ids = JSON.parse(await readFile(join(dir, '.appdeploy', 'local', 'ids.json'), 'utf8'));
    expect(ids).toEqual({ local: { tasks: String(result.apps[0].id) } });

    const again = await run(['plan', '--detailed-exitcode', '-C', dir]);
    expect(again.code).toBe(0);
    const nothing = await run(['apply', '--yes', '-C', dir]);
    expect(nothing.code).toBe(0);
    expect(nothing.stdout).toMatch(/No changes/);
  }, 120_000);
});
