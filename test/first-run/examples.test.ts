/**
 * Every project in examples/ applies cleanly to a fresh local service and then plans to nothing,
 * run as a newcomer would: the folder copied elsewhere, `appdeploy apply --yes`, then
 * `appdeploy plan --detailed-exitcode`, through the built CLI.
 * A plug-in package an example carries (`plugins/*.zip`, named by the manifest's `path`) is
 * installed by apply itself.
 */
import { existsSync, readdirSync } from 'node:fs';
import { cp } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTempDir } from '../support/temp-dir.js';
import { appdeploy, ROOT } from '../support/cli.js';

const EXAMPLES = readdirSync(join(ROOT, 'examples')).filter((name) =>
  existsSync(join(ROOT, 'examples', name, 'appdeploy.yaml')),
);

const dir = useTempDir('examples');

describe('examples/', () => {
  it('holds the examples the README names', () => {
    expect(EXAMPLES).toEqual(expect.arrayContaining(['assets', 'crm', 'helpdesk']));
  });

  it.each(EXAMPLES)(
    '%s: apply --yes on a fresh local service, then plan --detailed-exitcode is 0',
    async (name) => {
      const project = join(dir(), name);
      await cp(join(ROOT, 'examples', name), project, {
        recursive: true,
        filter: (source) => !source.includes('.appdeploy'),
      });
      const applied = await appdeploy(['apply', '--yes'], project);
      expect(applied.stderr).not.toMatch(/failed|Error/);
      expect(applied.code).toBe(0);
      expect(applied.stdout).toMatch(/Applied /);
      const planned = await appdeploy(['plan', '--detailed-exitcode'], project);
      expect(planned.stdout).toContain('No changes.');
      expect(planned.code).toBe(0);
    },
    120_000,
  );
});
