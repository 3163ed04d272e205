/**
 * Every example passes the check through the built CLI, as a newcomer runs it: `plan --check`
 * on a fresh local service (every app created on the copy) exits 0 with the check passed in its
 * JSON, and writes nothing (a second plan still creates every app); then `apply --check --yes`
 * checks first, applies, and a fresh plan is empty.
 */
import { cp } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXAMPLE_NAMES, useTempDir } from '../support/examples.js';
import { appdeploy, ROOT } from '../support/cli.js';

const dir = useTempDir('check-examples');

describe('examples/ with --check', () => {
  it.each(EXAMPLE_NAMES)(
    '%s: plan --check passes and writes nothing; apply --check --yes applies',
    async (name) => {
      const project = join(dir(), name);
      await cp(join(ROOT, 'examples', name), project, {
        recursive: true,
        filter: (source) => !source.includes('.appdeploy'),
      });
      const planned = await appdeploy(['plan', '--check', '--format', 'json'], project);
      expect(planned.stderr).not.toMatch(/Error/);
      expect(planned.code).toBe(0);
      const plan = JSON.parse(planned.stdout);
      expect(plan.check).toMatchObject({ outcome: 'passed', environment: 'local', apps: plan.apps.length });
      expect(plan.check.deployCalls).toBeGreaterThanOrEqual(1);
      // Nothing was written to the target: the next plan still creates every app.
      const again = JSON.parse((await appdeploy(['plan', '--format', 'json'], project)).stdout);
      expect(again.apps.map((a: { action: string }) => a.action)).toEqual(plan.apps.map(() => 'create-app'));
      const applied = await appdeploy(['apply', '--check', '--yes'], project);
      expect(applied.code).toBe(0);
      expect(applied.stdout).toContain('Check passed: deploys on a copy of local');
      expect(applied.stdout).toMatch(/Applied /);
      const after = await appdeploy(['plan', '--check', '--detailed-exitcode'], project);
      expect(after.stdout).toContain('No changes.');
      expect(after.code).toBe(0);
    },
    120_000,
  );

  it('refuses --check-records that is not a whole number', async () => {
    const project = join(dir(), 'crm');
    const run = await appdeploy(['plan', '--check', '--check-records', 'many'], project);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('--check-records many: not a whole number');
  });
});
