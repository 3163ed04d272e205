/** `appdeploy init` through the built CLI: a project that validates, plans and applies at once. */
import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTempDir } from '../support/temp-dir.js';
import { appdeploy, ROOT } from '../support/cli.js';

const dir = useTempDir('init');

describe('appdeploy init', () => {
  it('writes a project that validates, plans, applies and then plans to nothing', async () => {
    const created = await appdeploy(['init', 'tasks'], dir());
    expect(created.code).toBe(0);
    expect(created.stdout).toMatchInlineSnapshot(`
      "Created in tasks:
        appdeploy.yaml
        apps/tasks.yaml
        records/tasks.yaml
        .env.example
        .gitignore

      Next: \`cd tasks && npx appdeploy plan\`, then \`npx appdeploy apply\` (on the local service, no account needed), then \`npx appdeploy seed\` to add the example records of records/tasks.yaml.
      "
    `);
    const project = join(dir(), 'tasks');
    expect(await readFile(join(project, '.gitignore'), 'utf8')).toMatch(/^\.env$[\s\S]*^\.appdeploy\/$/m);
    const config = await readFile(join(project, 'appdeploy.yaml'), 'utf8');
    const manifest = await readFile(join(project, 'apps/tasks.yaml'), 'utf8');
    const records = await readFile(join(project, 'records/tasks.yaml'), 'utf8');
    // Outside any project holding the package there is no schema to point at: no modeline
    // (issue 21 item 17; test/first-run/schema-modelines.test.ts covers the other settings).
    for (const text of [config, manifest, records]) expect(text).not.toContain('yaml-language-server');
    expect(config).toMatch(/^ {2}# staging:$/m);
    expect(config).toMatch(/^ {4}records: \{ file: records\/tasks\.yaml, key: task_id \}$/m);
    expect(manifest).toMatch(
      /^ {2}task_id: \{ type: SINGLE_LINE_TEXT, label: Task ID, unique: true, maxLength: 20 \}$/m,
    );
    expect(records).toMatchInlineSnapshot(`
      "- task_id: T-1
        title: Write the onboarding guide
        due_date: 2026-03-02
        priority: High
        notes: What a new teammate needs on day one.
      - task_id: T-2
        title: Review the open pull requests
        priority: Normal
      - task_id: T-3
        title: Plan the next release
        due_date: 2026-03-16
        priority: Normal
      - task_id: T-4
        title: Tidy up the old branches
        priority: Low
      "
    `);

    expect(await appdeploy(['validate'], project)).toMatchInlineSnapshot(`
      {
        "code": 0,
        "stderr": "",
        "stdout": "appdeploy.yaml: valid (1 app: tasks, environment local)
      ",
      }
    `);
    const planned = await appdeploy(['plan', '--detailed-exitcode'], project);
    expect(planned.code).toBe(2);
    expect(planned.stdout).toMatch(/Plan: \d+ to add, 0 to change, 0 to remove\./);
    expect((await appdeploy(['apply', '--yes'], project)).code).toBe(0);
    expect((await appdeploy(['plan', '--detailed-exitcode'], project)).code).toBe(0);

    // apply wrote no record (issue 37 item 5: apply never seeds): seed adds every one.
    const seeded = await appdeploy(['seed', '--yes'], project);
    expect(seeded).toMatchInlineSnapshot(`
      {
        "code": 0,
        "stderr": "",
        "stdout": "tasks (records/tasks.yaml, by task_id): 4 to add, 0 to change, 0 to delete, 0 unchanged
        + T-1
        + T-2
        + T-3
        + T-4
      Seeded tasks: 4 added, 0 changed, 0 deleted.
      ",
      }
    `);
    expect(await appdeploy(['seed', '--yes'], project)).toEqual({
      code: 0,
      stdout: 'No changes.\n',
      stderr: '',
    });
  }, 120_000);

  it('--locale ja: a Japanese project whose apps get Japanese system fields, and converges', async () => {
    expect((await appdeploy(['init', '--locale', 'ja', 'ja'], dir())).code).toBe(0);
    const project = join(dir(), 'ja');
    expect(await readFile(join(project, 'appdeploy.yaml'), 'utf8')).toMatch(/^locale: ja$/m);
    // The sample view sorts by the record number under its Japanese code, undeclared.
    expect(await readFile(join(project, 'apps/tasks.yaml'), 'utf8')).toMatch(
      /^ {4}sort: レコード番号 desc$/m,
    );
    expect(await readFile(join(project, 'appdeploy.yaml'), 'utf8')).toMatch(
      /^ {4}records: \{ file: records\/tasks\.yaml, key: 管理番号 \}$/m,
    );
    expect((await appdeploy(['validate'], project)).code).toBe(0);
    expect((await appdeploy(['apply', '--yes'], project)).code).toBe(0);
    expect((await appdeploy(['plan', '--detailed-exitcode'], project)).code).toBe(0);
    const seeded = await appdeploy(['seed', '--yes'], project);
    expect(seeded.stdout).toContain('Seeded tasks: 4 added, 0 changed, 0 deleted.\n');
    expect((await appdeploy(['seed', '--yes'], project)).stdout).toBe('No changes.\n');
    const exported = await appdeploy(['export', '--app', 'tasks'], project);
    expect(exported.code).toBe(0);
    // Nothing to write back: the service's app is what the manifest says, Japanese codes and all.
    expect(exported.stderr + exported.stdout).toMatch(/1 unchanged/);
  }, 120_000);

  it('refuses to overwrite anything, naming the files, and writes nothing', async () => {
    // An existing .gitignore is added to, not overwritten (issue 33 item 2,
    // init-existing-repository.test.ts): the file that would be overwritten here is .env.example.
    const project = join(dir(), 'half');
    await mkdir(project);
    await writeFile(join(project, '.gitignore'), 'mine\n');
    await writeFile(join(project, '.env.example'), 'MINE=\n');
    const refused = await appdeploy(['init', 'half'], dir());
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('not overwriting .env.example in half');
    expect(await readFile(join(project, '.gitignore'), 'utf8')).toBe('mine\n');
    expect(await readFile(join(project, '.env.example'), 'utf8')).toBe('MINE=\n');
    expect(existsSync(join(project, 'appdeploy.yaml'))).toBe(false);

    const again = await appdeploy(['init'], join(dir(), 'tasks'));
    expect(again.code).toBe(1);
    expect(again.stderr).toContain(
      'not overwriting appdeploy.yaml, apps/tasks.yaml, records/tasks.yaml, .env.example in .',
    );
  }, 60_000);

  it('points the modelines at the package it runs from when the project holds it', async () => {
    // A project inside this repository (as examples/ are) gets a path to the repository's schema/.
    const inside = join(ROOT, 'test', 'first-run', `.init-${process.pid}`);
    try {
      expect((await appdeploy(['init', inside], ROOT)).code).toBe(0);
      const config = await readFile(join(inside, 'appdeploy.yaml'), 'utf8');
      expect(config.split('\n')[0]).toBe(
        '# yaml-language-server: $schema=../../../schema/project.schema.json',
      );
      const manifest = await readFile(join(inside, 'apps/tasks.yaml'), 'utf8');
      expect(manifest.split('\n')[0]).toBe(
        '# yaml-language-server: $schema=../../../../schema/app.schema.json',
      );
      const records = await readFile(join(inside, 'records/tasks.yaml'), 'utf8');
      expect(records.split('\n')[0]).toBe(
        '# yaml-language-server: $schema=../../../../schema/records.schema.json',
      );
    } finally {
      await rm(inside, { recursive: true, force: true });
    }
  }, 60_000);
});
