import { parseDotEnv } from './env-vars.js';
import { problem, type Problem } from './problems.js';
import { readTextFile } from './read-file.js';

/**
 * Reads the `.env` beside appdeploy.yaml when there is one, with the same limits as manifests (size,
 * not a file, binary): a stray large or binary `.env` is a located problem, never raw bytes shown.
 * Null when it exists but cannot be read: then any variable may have been meant to come from it.
 */
export async function readDotEnv(options: {
  path: string;
  file: string;
  maxFileBytes: number;
  problems: Problem[];
  sources: Map<string, string>;
}): Promise<Record<string, string> | null> {
  const { file, problems } = options;
  const read = await readTextFile(options.path, options.maxFileBytes, 'dotenv');
  if (!read.ok) {
    // No .env is the usual case: variables come from the environment.
    if (read.code === 'FILE.NOT_FOUND') return {};
    problems.push(
      problem(read.code, `${file} ${read.message}`, { file, line: 1, col: 1 }, { hint: read.hint }),
    );
    return null;
  }
  // Shown under its problems: a line of .env holds a secret, which no output may hold.
  options.sources.set(file, withValuesHidden(read.text));
  const parsed = parseDotEnv(read.text);
  for (const error of parsed.errors)
    problems.push(
      problem(
        'DOTENV.SYNTAX',
        error.message,
        { file, line: error.line, col: error.col },
        { hint: 'Write one NAME=value per line.' },
      ),
    );
  return parsed.values;
}

/**
 * The text of `.env` as a problem may show it: each line's value replaced by `***` (after the `=`,
 * or after the first word of a line without one, which may be a value whose `=` is missing), so
 * that the name and the column a problem points at stay and the secret goes. Comments stay.
 */
export function withValuesHidden(text: string): string {
  return text
    .split(/(\r?\n)/)
    .map((line) => {
      if (/^\s*(#|$)/.test(line) || /^\r?\n$/.test(line)) return line;
      const assigned = /^([^=]*=\s*)\S/.exec(line);
      if (assigned) return `${assigned[1]}***`;
      const word = /^(\s*\S+\s+)\S/.exec(line);
      return word ? `${word[1]}***` : line;
    })
    .join('');
}
