/** What every command that acts on a project shares: its flags, and opening it (validated) with a connection. */
import { formatValidationText, validateProject, type Project } from '../project/index.js';
import { connect, type Connection } from '../local/connect.js';
import type { Io } from './io.js';

export interface ProjectFlags {
  directory?: string;
  config?: string;
  env?: string;
}

export function collectApp(value: string, previous: string[]): string[] {
  return [...previous, value];
}

/**
 * The project, validated, and a connection to its environment's service. A project that does
 * not validate is refused with validate's own output on stderr (null is returned).
 */
export async function openProject(
  flags: ProjectFlags,
  io: Io,
): Promise<{ project: Project; connection: Connection } | null> {
  const result = await validateProject({
    cwd: process.cwd(),
    dir: flags.directory,
    config: flags.config,
    env: flags.env,
    variables: process.env,
  });
  if (!result.project || result.problems.length > 0) {
    io.err(formatValidationText(result));
    return null;
  }
  const project = result.project;
  return { project, connection: await connect(project) };
}
