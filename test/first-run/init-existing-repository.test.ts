/**
 * Issue 33 item 2: `init .` in an existing repository. Its .gitignore is not a reason to refuse:
 * init adds the lines the project needs to it (and says so), and refuses only for files it would
 * really overwrite.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTempDir } from '../support/temp-dir.js';
import { appdeploy } from '../support/cli.js';

const dir = useTempDir('init-repo');

/** A repository as a user has it: git's folder, a README and a .gitignore of its own. */
async function repository(name: string, gitignore: string): Promise<string> {
  const repo = join(dir(), name);
  await mkdir(join(repo, '.git'), { recursive: true });
  await writeFile(join(repo, 'README.md'), '# Our apps\n');
  await writeFile(join(repo, '.gitignore'), gitignore);
  return repo;
}

describe('init . in an existing repository', () => {
  it('adds .env and .appdeploy/ to its .gitignore, says so, and the project plans and applies', async () => {
    const repo = await repository('plain', 'node_modules/\ndist');
    const created = await appdeploy(['init', '.'], repo);
    expect(created.stderr).toBe('');
    expect(created.code).toBe(0);
    expect(created.stdout).toBe(
      'Created in .:\n  appdeploy.yaml\n  apps/tasks.yaml\n  records/tasks.yaml\n  .env.example\n' +
        'Added .env, .appdeploy/ to .gitignore.\n' +
        '\nNext: `npx appdeploy plan`, then `npx appdeploy apply` (on the local service, no account needed),' +
        ' then `npx appdeploy seed` to add the example records of records/tasks.yaml.\n',
    );
    expect(await readFile(join(repo, '.gitignore'), 'utf8')).toBe(
      "node_modules/\ndist\n\n# Secrets, and the local service's data.\n.env\n.appdeploy/\n",
    );
    expect(await readFile(join(repo, 'README.md'), 'utf8')).toBe('# Our apps\n');
    expect((await appdeploy(['apply', '--yes'], repo)).code).toBe(0);
    expect((await appdeploy(['plan', '--detailed-exitcode'], repo)).code).toBe(0);
  }, 120_000);

  it('adds only what the .gitignore lacks, and leaves one that has it all as it is', async () => {
    const some = await repository('some', '/.env\n');
    const added = await appdeploy(['init', '.'], some);
    expect(added.code).toBe(0);
    expect(added.stdout).toContain('Added .appdeploy/ to .gitignore.\n');
    expect(await readFile(join(some, '.gitignore'), 'utf8')).toBe(
      "/.env\n\n# Secrets, and the local service's data.\n.appdeploy/\n",
    );

    const all = await repository('all', '.env\n.appdeploy\n');
    const kept = await appdeploy(['init', '.'], all);
    expect(kept.code).toBe(0);
    expect(kept.stdout).toContain('Kept .gitignore: it already ignores .env and .appdeploy/.\n');
    expect(await readFile(join(all, '.gitignore'), 'utf8')).toBe('.env\n.appdeploy\n');
  }, 60_000);

  it('still refuses, and changes nothing, when it would overwrite a file', async () => {
    const repo = await repository('taken', 'node_modules/\n');
    await writeFile(join(repo, 'appdeploy.yaml'), 'apps: {}\n');
    const refused = await appdeploy(['init', '.'], repo);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('Error: not overwriting appdeploy.yaml in .\n');
    expect(await readFile(join(repo, '.gitignore'), 'utf8')).toBe('node_modules/\n');
    expect(await readFile(join(repo, 'appdeploy.yaml'), 'utf8')).toBe('apps: {}\n');
  }, 60_000);
});
