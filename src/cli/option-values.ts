/**
 * Values commander takes as given that are the user's slip, refused before the command runs as
 * commander refuses a command line (USAGE, exit 1, its line pointing at --help): an option's value
 * that is one of the command's own flags, where the value was forgotten (`plan --out
 * --detailed-exitcode` saved the plan to a file named `--detailed-exitcode`; commander takes any
 * word after an option that needs a value as that value).
 */
import type { Command, Option } from 'commander';

/** Refuses (through `command.error`, which throws the CommanderError) a value that is a misread. */
export function refuseMisreadValues(command: Command): void {
  const empty = emptyPath(command) ?? emptyArgument(command);
  if (empty !== undefined)
    command.error(
      `error: ${empty} is empty: give it a value (an empty one is most often a variable that is not set)`,
      {
        code: 'commander.invalidArgument',
        exitCode: 1,
      },
    );
  const misread = flagTakenAsValue(command);
  if (misread !== undefined)
    command.error(
      // Commander's own messages start so; main.ts's outputError makes it `Error: `.
      `error: option '${misread.option.flags}' argument missing: ${misread.value} is an option of ${command.name()}, not a value (give ${misread.option.long ?? misread.option.flags} its value before the next option)`,
      { code: 'commander.optionMissingArgument', exitCode: 1 },
    );
}

/** The first option given on the command line whose value is one of the command's flags. */
function flagTakenAsValue(command: Command): { option: Option; value: string } | undefined {
  const flags = new Set(['--help', '-h']);
  for (const option of command.options) {
    if (option.long) flags.add(option.long);
    if (option.short) flags.add(option.short);
  }
  for (const option of givenWithValue(command))
    for (const value of valuesOf(command, option))
      if (flags.has(value.split('=')[0]!)) return { option, value };
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
