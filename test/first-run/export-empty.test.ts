/**
 * `export --all` in an empty folder (docs/export.md) reads the folder's own local service, which
 * starts empty: it says so and where apps would come from, writes a .gitignore as init does, and
 * the way it shows (another project's local data, served by `emulator -C`) exports its apps
 * (issue 33 item 8).
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { appdeploy, serveProject, stopServing } from '../support/cli.js';
import { useTempDir } from '../support/temp-dir.js';

const dir = useTempDir('export-empty');

describe('export --all in an empty folder', () => {
  it("says the folder's local service has no apps, and writes a .gitignore as init does", async () => {
    const empty = join(dir(), 'empty');
    await mkdir(empty);
    const run = await appdeploy(['export', '--all'], empty);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe('Exported 0 apps (live, environment local); appdeploy.yaml created.\n');
    expect(run.stderr).toContain(
      "Note: nothing was exported: this project's local service has no apps (a new folder's starts empty).",
    );
    expect(run.stderr).toContain('`npx appdeploy export --all --env staging`');
    expect(run.stderr).toContain('`npx appdeploy emulator -C DIR`');
    expect(await readFile(join(empty, '.gitignore'), 'utf8')).toMatch(/^\.env$[\s\S]*^\.appdeploy\/$/m);
  });

  it("exports another project's local data as the note says: served by emulator -C, named as an environment", async () => {
    const source = join(dir(), 'source');
    expect((await appdeploy(['init', 'source'], dir())).code).toBe(0);
    expect((await appdeploy(['apply', '--yes'], source)).code).toBe(0);
    const { child: server, url: listening } = serveProject(source);
    try {
      const url = await listening;
      const target = join(dir(), 'target');
      await mkdir(target);
      await writeFile(
        join(target, 'appdeploy.yaml'),
        `environments:\n  other: { baseUrl: ${url}, auth: { login: admin, password: admin } }\n`,
      );
      const run = await appdeploy(['export', '--all', '--env', 'other'], target);
      expect(run.stderr).not.toContain('nothing was exported');
      expect(run.code).toBe(0);
      expect(run.stdout).toMatch(/^Exported 1 app \(live, environment other\): 1 created/);
      expect((await appdeploy(['plan', '--env', 'other', '--detailed-exitcode'], target)).code).toBe(0);
    } finally {
      await stopServing(server);
    }
  }, 120_000);
});
