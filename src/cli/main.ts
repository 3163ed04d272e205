import { readFileSync } from 'node:fs';
import { Command } from 'commander';
import { processIo, type Io } from './io.js';
import { commands } from './commands/index.js';
import { reportError } from './report-error.js';
import { choiceOf, type ProjectFlags } from './project-flags.js';

export { reportError };

/** Builds the command tree. Each command registers itself and sets `state.exitCode` when it ends. */
export function buildProgram(io: Io, state: { exitCode: number }): Command {
  const program = new Command('appdeploy')
    .description(
      'Keep Application Data Service apps in git: validate, plan, apply, and a local service to try it on.',
    )
    .version(VERSION)
    .showHelpAfterError()
    .showSuggestionAfterError()
    .exitOverride()
    .configureOutput({ writeOut: (s) => io.out(s), writeErr: (s) => io.err(s) });
  for (const register of commands) register(program, io, state);
  // Without a command: the help, and a non-zero exit so scripts notice. With an unknown one,
  // commander says so and suggests the nearest command (showSuggestionAfterError, on by default),
  // which it does only when the program itself has no action to hand the word to.
  return program;
}

/** Runs the CLI and returns the exit code; the only place errors become exit codes. */
export async function main(argv: string[], io: Io = processIo): Promise<number> {
  const state = { exitCode: 0 };
  const program = buildProgram(io, state);
  // The flags that chose the project, so that an error's hint names commands with them.
  let chosen: ProjectFlags & { format?: string } = {};
  program.hook('preAction', (_program, command) => {
    chosen = command.opts<ProjectFlags & { format?: string }>();
  });
  try {
    await program.parseAsync(argv);
    return state.exitCode;
  } catch (error) {
    // A command run with --format json reads its errors as JSON too; a command line commander
    // refused before the command ran is read from argv.
    const json = chosen.format === 'json' || asksForJson(argv);
    return reportError(error, io, choiceOf(chosen), json ? 'json' : 'text');
  }
}

/** `--format json` or `--format=json` anywhere on the command line. */
function asksForJson(argv: readonly string[]): boolean {
  return argv.some((arg, i) => arg === '--format=json' || (arg === '--format' && argv[i + 1] === 'json'));
}

const VERSION = (
  JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }
).version;
