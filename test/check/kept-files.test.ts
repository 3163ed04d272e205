/**
 * `plan --check` when one customization file (or the icon) of an app changes and the others are
 * kept: the copy holds the kept files' keys but not their bytes, and apply's check after the
 * deploy downloads them. Found by test/reliability/user-mistakes.test.ts: the check failed with
 * the copy's 404 GAIA_BL01 ("The file ... was not found"), exit 1, as if the plan were wrong.
 * Each edit below is one a user makes; the check must pass and plan say what changes.
 */
import { appendFileSync, cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '../support/cli.js';
import { runMain } from '../support/main-in-process.js';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('plan --check keeps the files it does not change', () => {
  it.each([
    ['the desktop script', 'apps/customize/asset-register.js', '// one more line\n'],
    ['the mobile script', 'apps/customize/asset-register-mobile.js', '// one more line\n'],
    ['the style sheet', 'apps/customize/asset-register.css', '/* one more line */\n'],
  ])(
    '%s changed, the other files kept: the check passes',
    async (_, file, added) => {
      const dir = mkdtempSync(join(tmpdir(), 'appdeploy-kept-files-'));
      dirs.push(dir);
      cpSync(join(ROOT, 'examples/assets'), dir, { recursive: true });
      expect((await runMain(['apply', '--yes', '-C', dir])).code).toBe(0);
      appendFileSync(join(dir, file), added);
      const checked = await runMain(['plan', '--check', '--format', 'json', '-C', dir]);
      expect(checked.err).toBe('');
      expect(checked.code).toBe(0);
      const plan = JSON.parse(checked.out);
      expect(plan.check).toMatchObject({ outcome: 'passed', apps: 1, deployCalls: 1 });
      expect(plan.apps.map((a: { key: string; action: string }) => `${a.key} ${a.action}`)).toEqual([
        'assets update',
        'maintenance no-op',
      ]);
    },
    60_000,
  );
});
