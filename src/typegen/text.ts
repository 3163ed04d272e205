/**
 * Writing TypeScript source text already formatted: the generated files must be stable and
 * readable without a formatter (prettier is a dev dependency of appdeploy, not of its users), so
 * these follow the project's own style (two-space indent, single quotes, 110 columns).
 */

export const PRINT_WIDTH = 110;

/** A string literal in single quotes, escaped as JavaScript needs. */
export function literal(text: string): string {
  const escaped = text
    .replace(/\\/g, '\\\\')
    .replace(/'/g, "\\'")
    .replace(/\n/g, '\\n')
    .replace(/\r/g, '\\r')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
  return `'${escaped}'`;
}

// Field codes may be Japanese (作成者) or hold characters no identifier may (・, -): those are quoted.
const IDENTIFIER = /^[\p{ID_Start}$_][\p{ID_Continue}$\u200c\u200d]*$/u;

/** A property name: bare when it is an identifier, else quoted. */
export function propertyName(name: string): string {
  return IDENTIFIER.test(name) ? name : literal(name);
}

/**
 * A union of string literals after `head` (e.g. `  stage: `), ending with `end` (`;`): on one line
 * when it fits, else one member per line as prettier breaks it. `never` when there are none.
 */
export function unionLines(head: string, members: readonly string[], end: string, indent: string): string[] {
  if (members.length === 0) return [`${head}never${end}`];
  const oneLine = `${head}${members.join(' | ')}${end}`;
  if (oneLine.length <= PRINT_WIDTH) return [oneLine];
  // A type alias's union moves to the next line when it fits there (as prettier lays it out).
  const nextLine = `${indent}  ${members.join(' | ')}${end}`;
  if (head.startsWith('export type') && nextLine.length <= PRINT_WIDTH) return [head.trimEnd(), nextLine];
  const lines = [head.trimEnd()];
  members.forEach((member, i) => {
    lines.push(`${indent}  | ${member}${i === members.length - 1 ? end : ''}`);
  });
  return lines;
}

/** A `/** ... *\/` comment, wrapped at the print width. */
export function docComment(text: string, indent = ''): string[] {
  const width = PRINT_WIDTH - indent.length - 3;
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  if (lines.length === 1 && lines[0]!.length + 7 <= PRINT_WIDTH - indent.length)
    return [`${indent}/** ${lines[0]} */`];
  return [`${indent}/**`, ...lines.map((l) => `${indent} * ${l}`), `${indent} */`];
}

/**
 * An object type after `head` (e.g. `  amount: `), its members on one line when it fits, else one
 * per line, indented under `indent`.
 */
export function objectLines(head: string, members: readonly string[], end: string, indent: string): string[] {
  const oneLine = `${head}{ ${members.join('; ')} }${end}`;
  if (oneLine.length <= PRINT_WIDTH) return [oneLine];
  return [`${head}{`, ...members.map((m) => `${indent}  ${m};`), `${indent}}${end}`];
}
