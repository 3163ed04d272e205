/**
 * `appdeploy docs --env NAME` describes the apps as that environment has them: the users, groups
 * and organizations its maps rename are named as it knows them, and a rule, recipient, assignee
 * or default value that names someone it maps to nothing (`~`) is left out, as apply leaves it
 * out (examples/promotion: `staging` renames alice, bob, sales and hq; `local` maps alice to admin
 * and bob, sales and hq to nothing).
 */
import { cp, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../support/cli.js';
import { runMain } from '../support/main-in-process.js';
import { useTempDir } from '../support/temp-dir.js';

let project = '';
const dir = useTempDir('docs-env', async (d) => {
  project = join(d, 'promotion');
  await cp(join(ROOT, 'examples', 'promotion'), project, {
    recursive: true,
    filter: (source) => !source.includes('.appdeploy'),
  });
});

async function customersPage(env: string): Promise<string> {
  const out = join(dir(), `docs-${env}`);
  const run = await runMain(['docs', '-C', project, '--env', env, '--out', out]);
  expect(run, run.err).toMatchObject({ code: 0 });
  return readFile(join(out, 'customers.md'), 'utf8');
}

describe('appdeploy docs --env', () => {
  it('names people as the environment knows them (staging)', async () => {
    const page = await customersPage('staging');
    expect(page).not.toMatch(/\b(alice|bob)\b|\bgroup sales(?!-)|\borganization hq\b/);
    for (const part of [
      '| `account_manager` | Account manager | USER_SELECT |  |  |  | a.smith |',
      '| `team` | Team | GROUP_SELECT |  |  |  | sales-eu |',
      '| Review | any | user a.smith, user r.jones |',
      '| user a.smith | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ |',
      '| organization head-office |  | ✓ | ✓ | ✓ |  |  |  |',
      '| user r.jones | status changed |',
      '| group sales-eu | record edited |',
    ])
      expect(page).toContain(part);
    const index = await readFile(join(dir(), 'docs-staging', 'index.md'), 'utf8');
    expect(index).toContain(
      'Users, groups and organizations are named as the `staging` environment knows them',
    );
  });

  it('leaves out what names someone the environment maps to nothing (local)', async () => {
    const page = await customersPage('local');
    expect(page).not.toMatch(/\b(alice|bob)\b|\bgroup sales(?!-)|\borganization hq\b/);
    for (const part of [
      '| `account_manager` | Account manager | USER_SELECT |  |  |  | admin |',
      '| Review | any | user admin |',
      '| user admin | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ |',
      '| user admin | record added, comment added |',
    ])
      expect(page).toContain(part);
  });
});
