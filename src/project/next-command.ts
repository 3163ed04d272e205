/**
 * How a hint spells a next command: as the README does (`npx appdeploy ...`), with the flags
 * that chose this project and environment (`-C`, `--config`, `--env`) repeated as they were
 * given, so that the command the hint names acts on the same project as the one that printed it.
 */

/** The flags that chose a project, as the command line gave them. */
export interface ProjectChoice {
  dir?: string | undefined;
  config?: string | undefined;
  env?: string | undefined;
}

/** `-C DIR --config FILE --env NAME`, each only when it was given; '' when none was. */
export function projectFlags(choice: ProjectChoice): string {
  const flags: string[] = [];
  if (choice.dir !== undefined) flags.push('-C', shellWord(choice.dir));
  if (choice.config !== undefined) flags.push('--config', shellWord(choice.config));
  if (choice.env !== undefined) flags.push('--env', shellWord(choice.env));
  return flags.join(' ');
}

/**
 * `npx appdeploy <command> <project flags> <rest>`: `command` is the subcommand, `rest` its own
 * arguments. The project's flags go right after the subcommand, where every command takes them.
 */
export function appdeployCommand(
  project: { commandFlags?: string | undefined } | undefined,
  command: string,
  rest = '',
): string {
  return ['npx appdeploy', command, project?.commandFlags ?? '', rest]
    .filter((part) => part !== '')
    .join(' ');
}

/** A word as a POSIX shell reads it: quoted only when it needs to be. */
export function shellWord(word: string): string {
  return /^[\w./:@%+=,-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}
