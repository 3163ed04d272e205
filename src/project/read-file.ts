import { readFile, stat } from 'node:fs/promises';
import { looksLike } from './text-encoding.js';

/** Manifests are small; anything bigger is a mistake (a data file named by accident). */
export const DEFAULT_MAX_FILE_BYTES = 1024 * 1024;

export type ReadResult =
  { ok: true; text: string } | { ok: false; code: string; message: string; hint: string };

/** What is read: a YAML file (appdeploy.yaml or a manifest), the `.env` file of variables, or a record file. */
export type TextFileKind = 'yaml' | 'dotenv' | 'records';

/** How problems name each kind and what they advise. */
function wording(kind: TextFileKind): { holder: string; notAFile: string; tooLarge: string; binary: string } {
  switch (kind) {
    case 'yaml':
      return {
        holder: 'a manifest',
        notAFile: 'Name a YAML file, not a directory.',
        tooLarge: 'Check that the path names the right file; manifests hold settings, not data.',
        binary: 'Check that the path names a YAML file; save it as UTF-8.',
      };
    case 'dotenv':
      return {
        holder: 'a .env file',
        notAFile: 'Make .env beside appdeploy.yaml a file of NAME=value lines, or remove it.',
        tooLarge: '.env holds NAME=value lines for variables; check that it is the right file.',
        binary: 'Save .env as UTF-8 text with NAME=value lines.',
      };
    case 'records':
      return {
        holder: 'a record file',
        notAFile: 'Name a record file (YAML, JSON or CSV), not a directory.',
        tooLarge: 'Split the records, or keep fewer.',
        binary:
          'Save the record file as UTF-8 (Excel: Save As "CSV UTF-8 (Comma delimited)"; kintone\'s CSV export: choose UTF-8), or correct `records.file`.',
      };
    default: {
      const never: never = kind;
      return never;
    }
  }
}

/**
 * Reads a UTF-8 text file, refusing before reading what is too large, not a file, or binary
 * (a NUL byte or bytes that are not UTF-8), so a wrong path never floods memory or the terminal.
 */
export async function readTextFile(
  path: string,
  maxBytes: number,
  kind: TextFileKind = 'yaml',
): Promise<ReadResult> {
  const words = wording(kind);
  let size: number;
  try {
    const info = await stat(path);
    if (!info.isFile())
      return { ok: false, code: 'FILE.NOT_A_FILE', message: 'is not a file', hint: words.notAFile };
    size = info.size;
  } catch (error) {
    return failure(error);
  }
  if (size > maxBytes)
    return {
      ok: false,
      code: 'FILE.TOO_LARGE',
      message: `is ${formatBytes(size)}, more than the ${formatBytes(maxBytes)} ${words.holder} may have`,
      hint: words.tooLarge,
    };
  let bytes: Buffer;
  try {
    bytes = await readFile(path);
  } catch (error) {
    return failure(error);
  }
  const binary = (): ReadResult => {
    const encoding = looksLike(bytes);
    return {
      ok: false,
      code: 'FILE.BINARY',
      message: `is not a UTF-8 text file${encoding === null ? '' : `: it looks like ${encoding}`}`,
      hint: words.binary,
    };
  };
  if (bytes.includes(0)) return binary();
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return { ok: true, text: classicMacLines(text.startsWith('\ufeff') ? text.slice(1) : text) };
  } catch {
    return binary();
  }
}

/**
 * A file whose lines end in a lone CR (classic Mac OS; Excel for Mac's "CSV (Macintosh)" still
 * saves it) with LFs: YAML 1.2 reads a CR as a line break, but the yaml package and csv-parse's
 * line counts see one line, so problems named line 1 and a far column. Only a file with no LF at
 * all is such a file; a CR elsewhere may be part of a value, and is left. One character for one:
 * every column stays where it was.
 */
function classicMacLines(text: string): string {
  return text.includes('\r') && !text.includes('\n') ? text.replace(/\r/g, '\n') : text;
}

function failure(error: unknown): ReadResult {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOENT')
    return {
      ok: false,
      code: 'FILE.NOT_FOUND',
      message: 'does not exist',
      hint: 'Check the path; it is relative to the file that names it.',
    };
  return {
    ok: false,
    code: 'FILE.UNREADABLE',
    message: `cannot be read (${code ?? (error as Error).message})`,
    hint:
      (code !== undefined ? UNREADABLE_HINTS[code] : undefined) ?? 'Check the path and the file permissions.',
  };
}

/** What to do about the errors a path can give other than "not found". */
const UNREADABLE_HINTS: Record<string, string> = {
  EACCES: 'Check the file permissions.',
  EPERM: 'Check the file permissions.',
  ENAMETOOLONG: 'A name on the path is too long; check the path.',
  ENOTDIR: 'Part of the path is a file, not a folder; check the path.',
  ELOOP: 'Symbolic links on the path refer to each other; check the path.',
};

export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  if (bytes >= 1024) return `${(bytes / 1024).toFixed(1)} kB`;
  return `${bytes} bytes`;
}
