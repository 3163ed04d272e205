/**
 * A command loads only the code it runs (issue 25): `--help` loads no command's implementation,
 * `validate` none of the plan engine, apply, export, the client or the local service. Checked on
 * the built CLI with a module hook that lists every file it loads; and the table `--help` reads
 * (commands/index.ts) says of each command what commander itself says once it is loaded.
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Command, Help } from 'commander';
import { describe, expect, it } from 'vitest';
import { commands } from '../../src/cli/commands/index.js';
import { ROOT, runCommand } from '../support/cli.js';

// Prints the URL of every module of dist/ and node_modules/ the process loads, one a line, on stderr.
const HOOK = `data:text/javascript,${encodeURIComponent(`
  import { register } from 'node:module';
  register('data:text/javascript,' + encodeURIComponent(\`
    import { writeSync } from 'node:fs';
    export async function load(url, context, next) {
      if (url.startsWith('file:')) writeSync(2, 'LOADED ' + url + '\\\\n');
      return next(url, context);
    }
  \`));
`)}`;

/**
 * The files of dist/ that running the CLI with `args` loads, as tsc built them (dist/cli/main.js:
 * the bundle, dist/cli/bin.js, keeps each dynamic import a chunk of its own, but names chunks
 * by no rule a test can lean on).
 */
async function loaded(args: string[]): Promise<string[]> {
  const main = pathToFileURL(join(ROOT, 'dist/cli/main.js')).href;
  const script = `const { main } = await import(${JSON.stringify(main)}); process.exitCode = await main(['node', 'appdeploy', ...process.argv.slice(1)]);`;
  const run = await runCommand(
    process.execPath,
    ['--import', HOOK, '--input-type=module', '-e', script, '--', ...args],
    ROOT,
  );
  expect(run.code).toBe(0);
  return run.stderr
    .split('\n')
    .flatMap((line) => (line.startsWith('LOADED ') ? [line.slice('LOADED '.length)] : []))
    .map((url) => url.slice(url.indexOf('/dist/') >= 0 ? url.indexOf('/dist/') + 1 : 0));
}

describe('what a command loads', () => {
  it.each([
    [
      ['--help'],
      [
        'dist/project/index',
        'dist/project/load',
        'dist/plan/',
        'dist/apply/index',
        'dist/export/',
        'dist/emulator/',
        'dist/client/index',
        'yaml',
        'ajv',
      ],
    ],
    [
      ['validate', '-C', 'examples/helpdesk'],
      [
        'dist/plan/',
        'dist/apply/index',
        'dist/export/',
        'dist/emulator/',
        'dist/client/index',
        'dist/render/',
        'undici',
      ],
    ],
  ])(
    '%j loads none of %j',
    async (args, unwanted) => {
      const files = await loaded(args);
      expect(files.some((file) => file.startsWith('dist/cli/'))).toBe(true);
      for (const part of unwanted) expect(files.filter((file) => file.includes(part))).toEqual([]);
    },
    60_000,
  );
});

describe('the command table', () => {
  it.each(commands.map((entry) => [entry.name, entry] as const))(
    '%s: --help lists it with the term commander gives it loaded',
    async (name, entry) => {
      const program = new Command('appdeploy');
      (await entry.load())(program, { out: () => undefined, err: () => undefined });
      const command = program.commands.find((c) => c.name() === name);
      expect(command && new Help().subcommandTerm(command)).toBe(entry.term);
    },
  );
});
