/**
 * Mistakes on the command line that once met an answer short of docs/errors.md's promise (what
 * is wrong, where, what to do next), each found by test/reliability/cli-mistakes.test.ts and fixed
 * in its own commit. Through main(), in this process.
 */
import { describe, expect, it } from 'vitest';
import { runMain } from '../support/main-in-process.js';

const missing = '/nonexistent-appdeploy-project';

describe('a command line commander refuses, under --format json', () => {
  it.each([
    [
      ['plan', '-C', missing, '--format', 'json', 'extra'],
      "too many arguments for 'plan'. Expected 0 arguments but got 1.",
      'Run the command with --help for its options.',
    ],
    [
      ['status', '--format', 'json', '--nosuch'],
      "unknown option '--nosuch'",
      'Run the command with --help for its options.',
    ],
    [
      ['validate', '--format=json', '--env'],
      "option '--env <name>' argument missing",
      'Run the command with --help for its options.',
    ],
    [
      ['plna', '--format', 'json'],
      "unknown command 'plna'\n(Did you mean plan?)",
      'Run `npx appdeploy --help` for the commands.',
    ],
  ])(
    '%j: the message without commander\'s "error:", and the next step as its hint',
    async (args, message, hint) => {
      const result = await runMain(args);
      expect(result.code).toBe(1);
      expect(JSON.parse(result.out)).toEqual({ error: { code: 'USAGE', message, hint, exitCode: 1 } });
      // The text on stderr is commander's, as before.
      expect(result.err).toContain(`\n${hint}\n`);
    },
  );
});
