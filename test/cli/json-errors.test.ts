/**
 * Through main(), as the CLI runs: a command given --format json that fails prints the error as
 * JSON on stdout (and the text on stderr), whether the command threw it or commander refused the
 * command line; without --format json, stdout stays empty.
 */
import { describe, expect, it } from 'vitest';
import { runMain } from '../support/main-in-process.js';

const run = (...args: string[]) => runMain(args);

const missing = '/nonexistent-appdeploy-project';

describe('errors under --format json', () => {
  it.each([
    ['plan', ['plan', '-C', missing, '--format', 'json'], 'PROJECT.NOT_FOUND'],
    ['validate', ['validate', '-C', missing, '--format=json'], 'PROJECT.NOT_FOUND'],
    [
      'apply of a saved plan narrowed by --app',
      ['apply', 'p.json', '--app', 'x', '--format', 'json'],
      'APPLY.APP_WITH_PLANFILE',
    ],
    ['an unknown flag (commander)', ['plan', '--bogus', '--format', 'json'], 'USAGE'],
  ])('%s: {error: {code, message, exitCode}} on stdout, exit 1', async (_, args, code) => {
    const result = await run(...args);
    expect(result.code).toBe(1);
    const parsed = JSON.parse(result.out) as { error: { code: string; message: string; exitCode: number } };
    expect(parsed.error).toMatchObject({ code, exitCode: 1 });
    expect(parsed.error.message.length).toBeGreaterThan(0);
    expect(result.err.length).toBeGreaterThan(0);
  });

  it('without --format json the error is text on stderr only', async () => {
    const result = await run('plan', '-C', missing);
    expect(result.code).toBe(1);
    expect(result.out).toBe('');
    expect(result.err).toMatch(/^Error: .* is not a directory\n/);
  });
});
