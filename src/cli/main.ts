import { readFileSync } from 'node:fs';
import { Command } from 'commander';
import { processIo, terminalIo, type Io } from './io.js';
import { commands } from './commands/index.js';
import { commandExitCode, EXIT, type CommandResult } from './exit-codes.js';
import { COMMAND_USAGE_HINT, PROGRAM_USAGE_HINT, reportError } from './report-error.js';
import { opened } from './environment-facts.js';
import { choiceOf, type ProjectFlags } from './project-flags.js';
import { refuseMisreadValues } from './option-values.js';
import { forgetInterruptWords } from './interrupt.js';

export { reportError };
// bin.ts's Ctrl-C and SIGTERM handler, once the CLI is loaded (the bundle's own module state).
export { interrupted } from './interrupt.js';

/**
 * Builds the command tree for `argv`. The command it runs (or asks help for) registers itself in
 * full, and its result is kept for `ended()`; every other command is only its name and
 * description, so that its code is never loaded (commands/index.ts).
 */
export async function buildProgram(
  io: Io,
  argv: string[],
): Promise<{ program: Command; ended: () => CommandResult | undefined }> {
  let result: CommandResult | undefined;
  const program = new Command('appdeploy')
    .description(
      'Keep Application Data Service apps in git: validate, plan, apply, and a local service to try it on.',
    )
    .version(VERSION)
    // One line pointing at the help, not the help itself: printed after the error, the whole help
    // scrolled the error out of sight.
    .showHelpAfterError(COMMAND_USAGE_HINT)
    .showSuggestionAfterError()
    .exitOverride()
    .configureOutput({
      writeOut: (s) => io.out(s),
      writeErr: (s) => io.err(s),
      // commander's `error: ...` as appdeploy's own errors start: `Error: ...`.
      outputError: (s, write) => write(s.replace(/^error: /, 'Error: ')),
    });
  const wanted = commandWord(argv.slice(2));
  for (const entry of commands) {
    if (entry.name === wanted) {
      const { command, run } = (await entry.load())(program, io);
      command.action(async (...args: unknown[]) => {
        result = await run(...(args as never[]));
      });
    } else program.command(entry.name);
    // The last command added is this entry's, however it was registered.
    program.commands.at(-1)?.description(entry.description);
  }
  // The commands took the line above when they were added; a word that is no command is the
  // program's error, and its help lists the commands.
  program.showHelpAfterError(PROGRAM_USAGE_HINT);
  const terms = new Map(commands.map((entry) => [entry.name, entry.term]));
  const help = program.createHelp();
  // A command not loaded has no options or arguments to list: --help shows the table's term.
  program.configureHelp({ subcommandTerm: (cmd) => terms.get(cmd.name()) ?? help.subcommandTerm(cmd) });
  // Without a command: the help, and a non-zero exit so scripts notice. With an unknown one,
  // commander says so and suggests the nearest command (showSuggestionAfterError, on by default),
  // which it does only when the program itself has no action to hand the word to.
  return { program, ended: () => result };
}

/**
 * Runs the CLI and returns the exit code: the only place results and errors become exit codes,
 * through the one table (exit-codes.ts).
 */
export async function main(argv: string[], given: Io = processIo): Promise<number> {
  // Every word printed passes the one outlet that shows control characters as escapes.
  const io = terminalIo(given);
  const { program, ended } = await buildProgram(io, argv);
  // Facts of this run's environment only: main runs more than once in one process (tests, library
  // callers), and a command that opens no project must not be told another run's.
  delete opened.environment;
  forgetInterruptWords();
  // The flags that chose the project, so that an error's hint names commands with them.
  let chosen: ProjectFlags & { format?: string } = {};
  program.hook('preAction', (_program, command) => {
    chosen = command.opts<ProjectFlags & { format?: string }>();
    refuseMisreadValues(command, argv.slice(2));
  });
  try {
    await program.parseAsync(argv);
    const result = ended();
    return result === undefined ? EXIT.OK : commandExitCode(result);
  } catch (error) {
    // A command run with --format json reads its errors as JSON too; a command line commander
    // refused before the command ran is read from argv.
    const format = errorFormat(chosen.format, argv);
    if (format === 'markdown') {
      const { reportMarkdownError } = await import('./error-markdown.js');
      // --env from argv too, so that a refused command line's comment carries its environment's marker.
      const choice = { ...choiceOf(chosen), env: chosen.env ?? optionAsked(argv, '--env') };
      return reportMarkdownError(error, io, choice, opened.environment);
    }
    return reportError(error, io, choiceOf(chosen), format, opened.environment);
  }
}

/**
 * How an error prints: as JSON when the command was run with --format json; as the comment a
 * Markdown plan was to be (the one command printing Markdown); else as text. A command line
 * commander refused before the command ran is read from argv.
 */
function errorFormat(chosen: string | undefined, argv: string[]): 'text' | 'json' | 'markdown' {
  const format = chosen ?? optionAsked(argv, '--format');
  if (format === 'json') return 'json';
  return format === 'markdown' && commandWord(argv.slice(2)) === 'plan' ? 'markdown' : 'text';
}

/** The last `--format X` or `--format=X` (or `--env`) on the command line, as commander would take it. */
function optionAsked(argv: readonly string[], option: '--format' | '--env'): string | undefined {
  let value: string | undefined;
  argv.forEach((arg, i) => {
    if (arg.startsWith(`${option}=`)) value = arg.slice(option.length + 1);
    else if (arg === option) value = argv[i + 1];
  });
  return value;
}

/**
 * The command word of the arguments after `node appdeploy`: the first that is not an option (the
 * program itself takes no option with a value), or the one after `help`.
 */
function commandWord(args: string[]): string | undefined {
  const words = args.filter((arg) => !arg.startsWith('-'));
  return words[0] === 'help' ? words[1] : words[0];
}

const VERSION = (
  JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }
).version;
