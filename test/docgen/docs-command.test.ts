/**
 * `appdeploy docs` through the built CLI, in a copy of an example: the default folder beside
 * appdeploy.yaml, `--out`, the customization's JavaScript found, the same pages twice, and a
 * broken manifest refused with where it is broken.
 */
import { existsSync } from 'node:fs';
import { cp, mkdir, readFile, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appdeploy, ROOT, tempDir } from '../support/cli.js';

let dir = '';
let project = '';

beforeAll(async () => {
  dir = await tempDir('docs');
  project = join(dir, 'assets');
  await cp(join(ROOT, 'examples', 'assets'), project, { recursive: true });
}, 120_000);

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('appdeploy docs', () => {
  // /dev/full answers every write with ENOSPC: a full disk, as the built CLI meets it.
  it.skipIf(!existsSync('/dev/full'))(
    'a full disk: FILE.NO_SPACE naming the page, exit 1, no stack',
    async () => {
      const out = join(dir, 'full');
      await mkdir(out);
      await symlink('/dev/full', join(out, 'index.md'));
      const run = await appdeploy(['docs', '-C', 'assets', '--out', out], dir);
      expect(run).toMatchObject({ code: 1, stdout: '' });
      expect(run.stderr).toBe(
        `Error: ${join(out, 'index.md')} could not be written: no space left on the disk (ENOSPC)\n` +
          '  Free space on that disk, then run the command again: apply, seed and restore go on from where they stopped.\n',
      );
    },
  );

  it('writes index.md and a page per app to appdeploy-docs/ beside the project file', async () => {
    const run = await appdeploy(['docs', '-C', 'assets'], dir);
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(run.stdout).toBe('Wrote 3 pages to assets/appdeploy-docs/ (index.md and one per app).\n');
    expect((await readdir(join(project, 'appdeploy-docs'))).sort()).toEqual([
      'assets.md',
      'index.md',
      'maintenance.md',
    ]);
  });

  it("names the customization's JavaScript files where they use a field", async () => {
    const page = await readFile(join(project, 'appdeploy-docs', 'assets.md'), 'utf8');
    expect(page).toMatch(
      /^\| `warranty_until` \|.*JavaScript: customize\/asset-register\.js:9 \(property access\)/m,
    );
  });

  it('writes the same pages to --out, relative to the current folder', async () => {
    const run = await appdeploy(['docs', '--out', 'handbook'], project);
    expect(run.code).toBe(0);
    for (const name of ['index.md', 'assets.md', 'maintenance.md']) {
      const [a, b] = await Promise.all([
        readFile(join(project, 'handbook', name), 'utf8'),
        readFile(join(project, 'appdeploy-docs', name), 'utf8'),
      ]);
      expect(a, name).toBe(b);
    }
  });

  it('refuses a project that does not validate, listing every problem as validate does', async () => {
    for (const [app, key] of [
      ['maintenance', 'notAnArea'],
      ['assets', 'alsoNotAnArea'],
    ]) {
      const manifest = join(project, 'apps', `${app}.yaml`);
      await writeFile(manifest, `${await readFile(manifest, 'utf8')}\n${key}: 1\n`);
    }
    const run = await appdeploy(['docs', '--out', 'broken'], project);
    expect(run.code).toBe(1);
    // As plan and types do (docs/errors.md): each problem at its place, with its line, not the first alone.
    expect(run.stderr).toMatch(
      /apps\/maintenance\.yaml:\d+:\d+: notAnArea: unknown key "notAnArea"\n.*\| notAnArea: 1/,
    );
    expect(run.stderr).toMatch(/apps\/assets\.yaml:\d+:\d+: alsoNotAnArea: unknown key "alsoNotAnArea"/);
    expect(run.stderr).toContain('2 problems in 2 files.');
    await expect(readdir(join(project, 'broken'))).rejects.toThrow();
  });
});
