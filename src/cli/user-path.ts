/**
 * A path the user typed (`plan --out`, `init DIR`, `types --out`, `docs --out`, `export -C`) that
 * the file system refuses is the user's mistake, not appdeploy's bug: it is said as PATH.UNUSABLE
 * (exit 1), naming the path, why, and what to do, instead of a stack.
 */
import { statSync, type Stats } from 'node:fs';
import { dirname, isAbsolute, relative } from 'node:path';
import { AppdeployError } from '../errors.js';

/** What the command was doing at the path, and what to do instead. */
export interface UserPath {
  /** The path as the command line gave it, for the message: `--out plans/p.json`. */
  given: string;
  /** What to do instead, as the hint. */
  hint: string;
}

/** The file system's answers that say something about the path itself, not about appdeploy. */
const PATH_CODES = new Set(['ENOENT', 'ENOTDIR', 'EISDIR', 'EEXIST', 'EACCES', 'EPERM', 'EROFS']);

/** Runs `work` (file system calls on the user's path only), turning a refusal of that path into PATH.UNUSABLE. */
export async function atUserPath<T>(path: UserPath, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw userPathError(error, path) ?? error;
  }
}

/** PATH.UNUSABLE for a file system error about a path; undefined for any other error. */
export function userPathError(
  error: unknown,
  path: UserPath,
  cwd = process.cwd(),
): AppdeployError | undefined {
  const { code, path: at } = error as NodeJS.ErrnoException;
  if (code === undefined || at === undefined || !PATH_CODES.has(code)) return undefined;
  // Relative to where the command runs, as the user wrote it; outside of it, absolute.
  const shown = (p: string) => {
    const near = relative(cwd, p);
    return near === '' ? '.' : near.startsWith('..') || isAbsolute(near) ? p : near;
  };
  const reason = reasonOf(code, at, shown);
  return new AppdeployError('PATH.UNUSABLE', `${path.given}: ${reason}`, { hint: path.hint, cause: error });
}

function reasonOf(code: string, at: string, shown: (p: string) => string): string {
  switch (code) {
    case 'ENOTDIR':
    case 'EEXIST': {
      const file = fileOnTheWay(at);
      return file === undefined ? `${shown(at)} already exists` : `${shown(file)} is a file, not a folder`;
    }
    case 'EISDIR':
      return `${shown(at)} is a folder, not a file`;
    case 'ENOENT':
      // A folder that exists and still answers ENOENT (/proc) takes nothing new.
      return statOrNothing(dirname(at))?.isDirectory()
        ? `${shown(at)} cannot be made: ${shown(dirname(at))} takes no new files or folders`
        : `the folder ${shown(dirname(at))} does not exist`;
    case 'EROFS':
      return `${shown(at)} is on a read-only file system`;
    default:
      // EACCES, EPERM
      return `no permission to write ${shown(at)}`;
  }
}

/** The first of `path` and its parents that exists and is not a folder. */
function fileOnTheWay(path: string): string | undefined {
  for (let at = path; ; at = dirname(at)) {
    const stat = statOrNothing(at);
    if (stat !== undefined && !stat.isDirectory()) return at;
    if (dirname(at) === at) return undefined;
  }
}

function statOrNothing(path: string): Stats | undefined {
  try {
    return statSync(path);
  } catch {
    // Missing, or a path through a file: its parents say more.
    return undefined;
  }
}
