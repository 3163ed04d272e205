/** What every command that acts on a project shares: its flags, and opening it (validated) with a connection. */
// Only types up front: main.ts loads this file for every command, `--help` included; what a
// command on a project runs is loaded when it runs (commands/index.ts says why).
import type { LoadOptions, Project, ProjectChoice } from '../project/index.js';
import type { Connection } from '../local/connect.js';
import type { ClientConnection } from '../client/index.js';
import { environmentFacts, opened } from './environment-facts.js';
import { InvalidArgumentError, type Command } from 'commander';
import { DEFAULT_CONCURRENCY, MAX_CONCURRENCY } from '../client/options.js';
import type { CommandResult } from './exit-codes.js';
import type { Io } from './io.js';

export interface ProjectFlags {
  directory?: string;
  config?: string;
  env?: string;
  /** `--concurrency`: calls in flight at once, instead of the environment's `concurrency`. */
  concurrency?: number;
  /** `--verbose`: every call to the service, one line each on stderr (request-log.ts). */
  verbose?: boolean;
  /** The command's `--format`, where it has one. */
  format?: string;
  /** false: record files are left unchecked (export --records writes the file anew). */
  checkRecordFiles?: boolean;
  /**
   * `refuse`: a problem of a record file (an app's `records:` or the file it names) refuses the
   * command as any other problem does: seed and export --records, which read or write them.
   * Otherwise it is said on stderr and the command goes on: it never reads a record file
   * (docs/records.md, "Record files and the other commands").
   */
  recordFiles?: 'refuse';
}

/**
 * -C, --config and --env, as every command on a project takes them; an offline command (validate,
 * docs) says its environment is only resolved (its variables, its user maps), never reached.
 */
export function projectOptions(
  command: Command,
  directory = 'the project directory (default: the current one, or the nearest folder above it with appdeploy.yaml)',
  environment: 'reached' | 'resolved' = 'reached',
): Command {
  return command
    .option('-C, --directory <dir>', directory)
    .option('--config <file>', 'the project file (default: appdeploy.yaml in the project directory)')
    .option(
      '--env <name>',
      `the environment${environment === 'resolved' ? ' to resolve' : ''} (default: defaultEnvironment, the only one, or local)`,
    );
}

/** projectOptions, --concurrency and --verbose: what every command that talks to a service takes. */
export function serviceOptions(command: Command, directory?: string): Command {
  return projectOptions(command, directory)
    .option(
      '--concurrency <n>',
      `requests in flight at once, 1 to ${MAX_CONCURRENCY} (default: the environment's concurrency, else ${DEFAULT_CONCURRENCY})`,
      parseConcurrency,
    )
    .option(
      '--verbose',
      'print every call to the service on stderr: where it goes (which proxy), each request, its status and time, each retry; never a credential',
    );
}

function parseConcurrency(value: string): number {
  const n = Number(value);
  if (!/^\d+$/.test(value) || n < 1 || n > MAX_CONCURRENCY)
    throw new InvalidArgumentError(
      `Give a whole number from 1 to ${MAX_CONCURRENCY}: the hosted platform answers 429 beyond ${MAX_CONCURRENCY} requests in flight per domain.`,
    );
  return n;
}

/** How the project the flags name is loaded: from the current folder, with the process's variables. */
export function loadOptions(flags: Omit<ProjectFlags, 'concurrency'>): LoadOptions {
  return {
    cwd: process.cwd(),
    dir: flags.directory,
    config: flags.config,
    env: flags.env,
    variables: process.env,
    ...(flags.checkRecordFiles === false ? { checkRecordFiles: false } : {}),
  };
}

/** The flags that chose the project, for hints that name a next command. */
export function choiceOf(flags: ProjectFlags): ProjectChoice {
  return { dir: flags.directory, config: flags.config, env: flags.env };
}

export function collectApp(value: string, previous: string[]): string[] {
  return [...previous, value];
}

/**
 * The project the flags name, validated; null (validate's output on stderr) when it has problems.
 * Under `--format json` those problems are an error too (MANIFEST.INVALID), so that stdout holds
 * the one JSON object docs/errors.md promises rather than nothing. Problems of record files alone
 * are a warning on stderr, unless the command reads them (`recordFiles: 'refuse'`).
 */
export async function validatedProject(flags: ProjectFlags, io: Io): Promise<Project | null> {
  const { appdeployCommand, formatValidationText, invalidProjectError, projectFlags, validateProject } =
    await import('../project/index.js');
  const options = loadOptions(flags);
  const result = await validateProject(options);
  await noteProjectAbove(flags, result.configPath, io);
  const refused = result.problems.length > 0 && flags.recordFiles === 'refuse';
  if (!result.project || refused) {
    io.err(formatValidationText(result));
    if (flags.format === 'json') throw invalidProjectError(result, options);
    if (flags.format === 'markdown') {
      const { invalidProjectMarkdown } = await import('./error-markdown.js');
      const validate = appdeployCommand({ commandFlags: projectFlags(options) }, 'validate');
      io.out(invalidProjectMarkdown(result.problems, validate, flags.env));
    }
    return null;
  }
  if (result.problems.length > 0) {
    // Only problems of record files are left (load.ts recordProblems).
    const seed = appdeployCommand({ commandFlags: projectFlags(options) }, 'seed');
    const count = `${result.problems.length} problem${result.problems.length === 1 ? '' : 's'}`;
    io.err(
      `Warning: ${count} in the record files (below): \`${seed}\` refuses them until they are fixed; this command does not read record files, and goes on.\n`,
    );
    io.err(formatValidationText(result));
  }
  return result.project;
}

/**
 * Without -C or --config, the project may be that of a folder above the current one (find.ts):
 * then stderr says which file is used, so that no one edits or deploys another project unawares.
 */
export async function noteProjectAbove(
  flags: Pick<ProjectFlags, 'directory' | 'config'>,
  configPath: string,
  io: Io,
): Promise<void> {
  if (flags.directory !== undefined || flags.config !== undefined) return;
  const { foundAboveNote } = await import('../project/index.js');
  const note = foundAboveNote(process.cwd(), configPath);
  if (note !== undefined) io.err(`Note: ${note}.\n`);
}

/**
 * The project, validated, and a connection to its environment's service. A project that does
 * not validate is refused with validate's own output on stderr (null is returned).
 */
export async function openProject(
  flags: ProjectFlags,
  io: Io,
  /** Runs on the validated project before anything connects (seed's refusal of a protected environment). */
  before?: (project: Project) => void,
): Promise<{ project: Project; connection: Connection } | null> {
  const project = await validatedProject(flags, io);
  if (project === null) return null;
  before?.(project);
  // An error from here on (a wrong password, no service at the address) names where they come from.
  opened.environment = environmentFacts(project, process.env);
  const [{ connect }, { adoptInterrupted }] = await Promise.all([
    import('../local/connect.js'),
    import('../apply/recovery-adopt.js'),
  ]);
  const log = flags.verbose === true ? await import('./request-log.js') : undefined;
  const connection = await connect(project, {
    concurrency: flags.concurrency,
    ...(log
      ? {
          logger: log.requestLogger(io),
          onConnection: (reach: ClientConnection) => io.err(log.connectionLine(reach)),
        }
      : {}),
  });
  // The apps an interrupted apply created are adopted before anything reads the project.
  let adopted: string[];
  try {
    adopted = await adoptInterrupted(project, connection.client);
  } catch (error) {
    await connection.close();
    throw error;
  }
  for (const note of [...(connection.notes ?? []), ...adopted]) io.err(`Note: ${note}\n`);
  return { project, connection };
}

/**
 * Runs `work` with the project open and its connection closed afterwards, whatever happens, and
 * returns its result; a project that does not validate is `invalid-project` (validate's output is
 * on stderr).
 */
export async function withProject(
  flags: ProjectFlags,
  io: Io,
  work: (opened: { project: Project; connection: Connection }) => Promise<CommandResult>,
  before?: (project: Project) => void,
): Promise<CommandResult> {
  const opened = await openProject(flags, io, before);
  if (!opened) return { kind: 'invalid-project' };
  try {
    return await work(opened);
  } finally {
    await opened.connection.close();
  }
}
