/**
 * What README.md and docs/ say a user meets, tried with the built CLI (issue 33 item 11): the
 * files they cite are in a clone, validate's JSON when there is no project, a command on a project
 * that does not validate lists every problem, and what init writes.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { readdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { appdeploy, ROOT } from '../support/cli.js';
import { useTempDir } from '../support/temp-dir.js';

const DOCS = readdirSync(join(ROOT, 'docs')).filter((name) => name.endsWith('.md'));
const PAGES = ['README.md', ...DOCS.map((name) => `docs/${name}`)];
const read = (page: string) => readFileSync(join(ROOT, page), 'utf8');

/** The paragraph of `text` (lines between blank lines) that contains `words`. */
function paragraph(text: string, words: string): string {
  const found = text.split(/\n\s*\n/).find((p) => p.replace(/\s+/g, ' ').includes(words));
  expect(found, `a paragraph with "${words}"`).toBeDefined();
  return found!.replace(/\s+/g, ' ');
}

const dir = useTempDir('docs-true');

describe('README.md and docs/, tried', () => {
  it('cite only files a clone of the repository has', () => {
    const missing: string[] = [];
    for (const page of PAGES) {
      const text = read(page);
      // `folder/file.md` in code spans, and relative Markdown links.
      const cited = [
        ...[...text.matchAll(/`([\w.*-]+\/[\w.*/-]+\.md)`/g)].map((m) => ({ path: m[1]!, from: ROOT })),
        ...[...text.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)]
          .filter((m) => !/^[a-z]+:/.test(m[1]!))
          .map((m) => ({ path: m[1]!, from: dirname(join(ROOT, page)) })),
      ];
      for (const { path, from } of cited) if (!exists(from, path)) missing.push(`${page}: ${path}`);
    }
    expect(missing).toEqual([]);
  });

  it('docs/validate.md: with no project file, validate --format json prints one JSON error', async () => {
    const run = await appdeploy(['validate', '--format', 'json'], dir());
    expect(run.code).toBe(1);
    expect(JSON.parse(run.stdout)).toMatchObject({ error: { code: 'PROJECT.NOT_FOUND' } });
    const said = paragraph(read('docs/validate.md'), 'When no project file is found');
    expect(said).not.toContain('no JSON');
    expect(said).toContain('`--format json` it prints one JSON error');
  });

  it('docs/errors.md: a command on a project that does not validate lists every problem', async () => {
    const project = join(dir(), 'two-problems');
    expect((await appdeploy(['init', 'two-problems'], dir())).code).toBe(0);
    const config = readFileSync(join(project, 'appdeploy.yaml'), 'utf8');
    await writeFile(
      join(project, 'appdeploy.yaml'),
      config.replace(
        /^apps:\n/m,
        'apps:\n  first:\n    manifest: apps/first.yaml\n  second:\n    manifest: apps/second.yaml\n',
      ),
    );
    const planned = await appdeploy(['plan'], project);
    expect(planned.code).toBe(1);
    expect(planned.stderr).toContain('apps/first.yaml');
    expect(planned.stderr).toContain('apps/second.yaml');
    const said = paragraph(read('docs/errors.md'), 'a command that loads a project that does not validate');
    expect(said).not.toMatch(/naming the first\.$/);
    expect(said).toContain('prints every problem');
  });

  it('README: what it says init writes is what init writes', async () => {
    expect((await appdeploy(['init', 'written'], dir())).code).toBe(0);
    const written = await readdir(join(dir(), 'written'));
    expect(written).toContain('.env.example');
    expect(written).not.toContain('.env');
    const said = paragraph(read('README.md'), 'Keep `.env` out of git');
    expect(said).not.toContain('(`init` writes both)');
    expect(said).toContain('`init` writes the `.env.example`');
  });
});

/** Whether `path` (relative to `from`, `*` for any name) names a file or folder that exists. */
function exists(from: string, path: string): boolean {
  if (!path.includes('*')) return existsSync(join(from, path));
  const folder = join(from, dirname(path));
  const name = new RegExp(`^${path.split('/').at(-1)!.replace(/[.]/g, '\\.').replace(/\*/g, '.*')}$`);
  return existsSync(folder) && readdirSync(folder).some((entry) => name.test(entry));
}
