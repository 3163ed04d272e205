/**
 * Writing a file so that a crash leaves the old file or the new one, never half of one: the content
 * goes into a temporary file beside the target (the same folder, so the rename stays on one file
 * system, where it is atomic), which is then renamed over it. The temporary name is this write's
 * own (the process id, so a file a killed process left says whose it was, and a random part), so
 * two writes at once, in one process or two, never share one; a write or a rename that fails
 * removes it. Of two writes to the same path at once, the last rename wins, whole.
 */
import { randomBytes } from 'node:crypto';
import { renameSync, rmSync, writeFileSync } from 'node:fs';
import { rename, rm, writeFile } from 'node:fs/promises';

export interface AtomicWriteOptions {
  /** The new file's permissions (as writeFile's `mode`); the process's default when absent. */
  readonly mode?: number | undefined;
}

export async function atomicWrite(
  path: string,
  content: string | Uint8Array,
  options: AtomicWriteOptions = {},
): Promise<void> {
  const temp = tempBeside(path);
  try {
    await writeFile(temp, content, modeOf(options));
    await rename(temp, path);
  } catch (error) {
    await rm(temp, { force: true });
    throw namingTarget(error, temp, path);
  }
}

/** The same, for callers that write synchronously (the recovery record, the local ids, the code cache at exit). */
export function atomicWriteSync(
  path: string,
  content: string | Uint8Array,
  options: AtomicWriteOptions = {},
): void {
  const temp = tempBeside(path);
  try {
    writeFileSync(temp, content, modeOf(options));
    renameSync(temp, path);
  } catch (error) {
    rmSync(temp, { force: true });
    throw namingTarget(error, temp, path);
  }
}

function tempBeside(path: string): string {
  return `${path}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
}

/**
 * The error with `path` set to the file the caller gave where it named the temporary one: a caller
 * saying which of the user's paths was refused reads it (cli/user-path.ts). The message stays what
 * the system said.
 */
function namingTarget(error: unknown, temp: string, path: string): unknown {
  const failure = error as NodeJS.ErrnoException;
  if (failure.path === temp) failure.path = path;
  return error;
}

function modeOf(options: AtomicWriteOptions): { mode?: number } {
  return options.mode === undefined ? {} : { mode: options.mode };
}
