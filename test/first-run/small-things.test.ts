/**
 * Small things a careful user notices (issue 33 item 13), met through the built CLI: a bad flag
 * value says so in one sentence and points at --help instead of printing the whole help after
 * it; a JSON error's hint is one line, not the terminal's folded lines. (Ctrl-C and the lock:
 * interrupt.test.ts; a failed check's last line: test/check/render.test.ts; "network..":
 * test/render/apply-result.test.ts; "Reverted 1 app: its settings": status-revert.test.ts.)
 */
import { describe, expect, it } from 'vitest';
import { appdeploy } from '../support/cli.js';
import { useTempDir } from '../support/temp-dir.js';

const dir = useTempDir('small-things');

describe('small things', () => {
  it('a bad flag value: one error that starts as a sentence, and a pointer to --help, not the help', async () => {
    const run = await appdeploy(['plan', '--concurrency', 'many'], dir());
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(
      "Error: option '--concurrency <n>' argument 'many' is invalid. Give a whole number from 1 to 100: the hosted platform answers 429 beyond 100 requests in flight per domain.\n" +
        'Run the command with --help for its options.\n',
    );
  });

  it('--help says what the README says: init writes example records; -C defaults to the folder above too', async () => {
    // README, "A five-minute tour" and "Commands": init writes records/tasks.yaml; without -C a
    // command uses the nearest folder above with appdeploy.yaml (the command says so).
    const init = await appdeploy(['init', '--help'], dir());
    expect(init.stdout).toContain('example records for seed');
    for (const command of [
      'validate',
      'plan',
      'apply',
      'status',
      'revert',
      'restore',
      'seed',
      'export',
      'types',
      'docs',
    ]) {
      const help = (await appdeploy([command, '--help'], dir())).stdout.replace(/\s+/g, ' ');
      expect(help, command).toMatch(
        /-C, --directory <dir> the project directory \(default: the current one, or the nearest folder above it with appdeploy\.yaml[;)]/,
      );
    }
  }, 60_000);

  it('an unknown command: a pointer to the help that lists the commands', async () => {
    const run = await appdeploy(['stauts'], dir());
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(
      "Error: unknown command 'stauts'\n(Did you mean status?)\nRun `npx appdeploy --help` for the commands.\n",
    );
  });

  it('an unknown flag: the same', async () => {
    const run = await appdeploy(['validate', '--bogus'], dir());
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(
      "Error: unknown option '--bogus'\nRun the command with --help for its options.\n",
    );
  });

  it('a JSON error keeps its hint on one line', async () => {
    const run = await appdeploy(['validate', '--format', 'json'], dir());
    expect(run.code).toBe(1);
    const { error } = JSON.parse(run.stdout) as { error: { hint: string } };
    expect(error.hint).toContain('Run in the project directory');
    expect(error.hint).not.toContain('\n');
    expect(error.hint).not.toMatch(/ {2}/);
    // The terminal keeps the folded lines.
    expect(run.stderr).toContain('\n  here: `npx appdeploy init .`');
  });
});
