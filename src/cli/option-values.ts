/**
 * Values commander takes as given that are the user's slip, refused before the command runs as
 * commander refuses a command line (USAGE, exit 1, its line pointing at --help): an option's value
 * that is one of the command's own flags, where the value was forgotten (`plan --out
 * --detailed-exitcode` saved the plan to a file named `--detailed-exitcode`; commander takes any
 * word after an option that needs a value as that value).
 */
import type { Command, Option } from 'commander';

/** Refuses (through `command.error`, which throws the CommanderError) a value that is a misread. */
export function refuseMisreadValues(command: Command, args: readonly string[]): void {
  const empty = emptyPath(command) ?? emptyArgument(command);
  if (empty !== undefined)
    command.error(
      `error: ${empty} is empty: give it a value (an empty one is most often a variable that is not set)`,
      {
        code: 'commander.invalidArgument',
        exitCode: 1,
      },
    );
  const misread = flagTakenAsValue(command, args);
  if (misread !== undefined)
    command.error(
      // Commander's own messages start so; main.ts's outputError makes it `Error: `.
      `error: option '${misread.option.flags}' argument missing: ${misread.value} is an option of ${command.name()}, not a value (give ${misread.option.long ?? misread.option.flags} its value before the next option)`,
      { code: 'commander.optionMissingArgument', exitCode: 1 },
    );
}

/**
 * The first option needing a value that is followed on the command line by one of the command's
 * flags. Read from the words as typed (`args`, after the command word), not from the parsed
 * values: an option with a parser of its own (`emulator --group`) keeps no text to look at.
 */
function flagTakenAsValue(
  command: Command,
  args: readonly string[],
): { option: Option; value: string } | undefined {
  const flags = new Set(['--help', '-h']);
  const byFlag = new Map<string, Option>();
  for (const option of command.options)
    for (const flag of [option.long, option.short])
      if (flag) {
        flags.add(flag);
        byFlag.set(flag, option);
      }
  const end = args.indexOf('--');
  const words = end < 0 ? args : args.slice(0, end);
  for (let i = 0; i < words.length - 1; i++) {
    const option = byFlag.get(words[i]!);
    const value = words[i + 1]!;
    if (option !== undefined && (option.required || option.optional) && flags.has(value.split('=')[0]!))
      return { option, value };
  }
  return undefined;
}

/** The options that take a value and were given one on the command line. */
function givenWithValue(command: Command): Option[] {
  return command.options.filter(
    (o) => (o.required || o.optional) && command.getOptionValueSource(o.attributeName()) === 'cli',
  );
}

/** An option's values as typed (a repeatable option's each), where they are still text. */
function valuesOf(command: Command, option: Option): string[] {
  const value: unknown = command.getOptionValue(option.attributeName());
  return (Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === 'string');
}

/** An option naming a file or folder (`<file>`, `<dir>`; -C aside) given an empty value. */
function emptyPath(command: Command): string | undefined {
  const option = givenWithValue(command).find(
    (o) => /<(file|dir)>/.test(o.flags) && o.short !== '-C' && valuesOf(command, o).includes(''),
  );
  return option === undefined ? undefined : `option '${option.flags}' argument`;
}

/** A positional argument given as an empty word. */
function emptyArgument(command: Command): string | undefined {
  const at = command.processedArgs.findIndex((value: unknown) =>
    Array.isArray(value) ? value.includes('') : value === '',
  );
  return at < 0 ? undefined : `argument '${command.registeredArguments[at]?.name() ?? at}'`;
}
