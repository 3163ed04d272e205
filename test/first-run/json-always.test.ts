/**
 * Issue 33 item 3: `--format json` always answers in JSON. docs/errors.md promises one JSON error
 * object on stdout for a command that fails under `--format json`: a project that does not
 * validate, and an apply with no terminal to ask on and no `--yes`, are failures like any other.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTempDir } from '../support/temp-dir.js';
import { appdeploy } from '../support/cli.js';

const dir = useTempDir('json-always', async (at) => {
  for (const name of ['broken', 'fine']) expect((await appdeploy(['init', name], at)).code).toBe(0);
  // One mistake in an otherwise fresh project: a field type the schema does not know.
  const manifest = join(at, 'broken', 'apps', 'tasks.yaml');
  const text = await readFile(manifest, 'utf8');
  expect(text).toContain('type: MULTI_LINE_TEXT');
  await writeFile(manifest, text.replace('type: MULTI_LINE_TEXT', 'type: MULTILINE_TEXT'));
});

interface JsonError {
  error: { code: string; message: string; hint?: string; exitCode: number };
}

/** stdout is exactly one JSON document: its error. */
function errorOf(stdout: string): JsonError['error'] {
  return (JSON.parse(stdout) as JsonError).error;
}

describe('--format json, for a project that does not validate', () => {
  it.each(['plan', 'status', 'apply', 'apply --yes', 'export --all'])(
    '%s --format json: one JSON error object on stdout, the problems on stderr, exit 1',
    async (command) => {
      const run = await appdeploy([...command.split(' '), '--format', 'json'], join(dir(), 'broken'));
      expect(run.code).toBe(1);
      const error = errorOf(run.stdout);
      expect(error).toMatchObject({ code: 'MANIFEST.INVALID', exitCode: 1 });
      expect(error.message).toMatch(/^apps\/tasks\.yaml:\d+:\d+: /);
      expect(error.hint).toBe('That is the only problem; run `npx appdeploy validate` to list them.');
      // The person watching the log still reads validate's own listing.
      expect(run.stderr).toMatch(/^apps\/tasks\.yaml:\d+:\d+: .*\n[\s\S]*1 problem in 1 file\.\n/);
    },
    60_000,
  );

  it('without --format json, stdout stays empty and the listing is on stderr', async () => {
    const run = await appdeploy(['plan'], join(dir(), 'broken'));
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('1 problem in 1 file.');
  }, 60_000);
});

describe('apply --format json with no terminal and no --yes', () => {
  it('prints one JSON error object on stdout, changes nothing, exits 1', async () => {
    const run = await appdeploy(['apply', '--format', 'json'], join(dir(), 'fine'));
    expect(run.code).toBe(1);
    expect(errorOf(run.stdout)).toEqual({
      code: 'CONFIRM.NO_TERMINAL',
      message: 'apply asks for confirmation, and there is no terminal to ask on.',
      hint: 'Pass --yes to apply.',
      exitCode: 1,
    });
    // The plan shown, and the refusal, went to stderr; nothing was applied.
    expect(run.stderr).toContain('Plan: ');
    expect(run.stderr).toContain('Error: apply asks for confirmation, and there is no terminal to ask on.\n');
    const planned = await appdeploy(['plan', '--detailed-exitcode'], join(dir(), 'fine'));
    expect(planned.code).toBe(2);
  }, 60_000);

  it('as text, says the same on stderr, with nothing on stdout but the plan', async () => {
    const run = await appdeploy(['apply'], join(dir(), 'fine'));
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('Plan: ');
    expect(run.stdout).not.toContain('Error');
    expect(run.stderr).toBe(
      'Error: apply asks for confirmation, and there is no terminal to ask on.\n  Pass --yes to apply.\n',
    );
  }, 60_000);
});
