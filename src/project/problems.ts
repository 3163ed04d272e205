/** What validation reports: one located problem per mistake, never only the first. */

/** A step into a YAML/JSON value: a map key or an array index. */
export type PathSegment = string | number;
export type Path = readonly PathSegment[];

export interface Problem {
  /** Dotted, stable code such as `SCHEMA.UNKNOWN_KEY` or `LAYOUT.MISSING`. */
  code: string;
  /** One line saying what is wrong. */
  message: string;
  /** The file, relative to the directory the command ran in (forward slashes). */
  file: string;
  /** 1-based line and column of the offending key or value. */
  line: number;
  col: number;
  /** What to do about it, when there is something useful to say. */
  hint?: string;
  /** Where in the document, as `fields.amount.type`, when the problem is about a value. */
  path?: string;
}

/** Renders a path the way users read it: `views["All records"].fields[2]`. */
export function formatPath(path: Path): string {
  let out = '';
  for (const segment of path) {
    if (typeof segment === 'number') out += `[${segment}]`;
    else if (/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(segment)) out += out === '' ? segment : `.${segment}`;
    else out += `[${JSON.stringify(segment)}]`;
  }
  return out;
}

/** Problems in reading order: by file, then line, then column; exact repeats dropped. */
export function sortProblems(problems: readonly Problem[]): Problem[] {
  const seen = new Set<string>();
  const unique = problems.filter((p) => {
    const key = `${p.file}\0${p.line}\0${p.col}\0${p.code}\0${p.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return unique.sort(
    (a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0) || a.line - b.line || a.col - b.col,
  );
}

/** Builds a problem without writing `hint: undefined` (exactOptionalPropertyTypes). */
export function problem(
  code: string,
  message: string,
  at: { file: string; line: number; col: number },
  extra: { hint?: string | undefined; path?: Path | undefined } = {},
): Problem {
  const out: Problem = { code, message, file: at.file, line: at.line, col: at.col };
  if (extra.hint !== undefined) out.hint = extra.hint;
  if (extra.path !== undefined && extra.path.length > 0) out.path = formatPath(extra.path);
  return out;
}
