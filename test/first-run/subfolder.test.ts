/**
 * A command run in a subfolder of a project (`cd apps && npx appdeploy plan`) acts on the
 * project above, as npm and git look upward, and says which project file it uses; -C names the
 * project folder itself and is never searched upward (issue 33 item 7).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTempDir } from '../support/temp-dir.js';
import { appdeploy } from '../support/cli.js';

let project = '';
const dir = useTempDir('subfolder', async (d) => {
  project = join(d, 'p');
  if ((await appdeploy(['init', 'p'], d)).code !== 0) throw new Error('init failed');
});

describe('a command run in a subfolder of a project', () => {
  it('plans, validates, applies and exports the project above, and names its file', async () => {
    const apps = join(project, 'apps');
    const planned = await appdeploy(['plan', '--detailed-exitcode'], apps);
    expect(planned.stderr).toBe(
      'Note: using ../appdeploy.yaml, the project file of a folder above this one (none here).\n',
    );
    expect(planned.code).toBe(2);
    expect(planned.stdout).toContain('app "tasks" will be created');

    const validated = await appdeploy(['validate', '--format', 'json'], apps);
    expect(validated.code).toBe(0);
    expect(JSON.parse(validated.stdout)).toMatchObject({ valid: true });
    expect(validated.stderr).toContain('Note: using ../appdeploy.yaml');

    expect((await appdeploy(['apply', '--yes'], apps)).code).toBe(0);
    const again = await appdeploy(['plan', '--detailed-exitcode'], apps);
    expect(again.code).toBe(0);

    // Export writes into the project above; the subfolder does not become a project of its own.
    const exported = await appdeploy(['export', '--all'], apps);
    expect(exported.code).toBe(0);
    expect(existsSync(join(apps, 'appdeploy.yaml'))).toBe(false);
    expect((await appdeploy(['plan', '--detailed-exitcode'], project)).code).toBe(0);
  }, 120_000);

  it('with -C, looks only in the folder named', async () => {
    const refused = await appdeploy(['plan', '-C', '.'], join(project, 'apps'));
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/^Error: no appdeploy\.yaml in \.\n/);
  });

  it('outside any project, says it looked above too', async () => {
    const refused = await appdeploy(['plan'], dir());
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/^Error: no appdeploy\.yaml in \. or any folder above it\n/);
  });
});
