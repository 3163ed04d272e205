/**
 * `init` in a folder that already has a .gitignore (an existing repository): the lines appdeploy
 * needs are added to it rather than the file refused or overwritten.
 */

/** What appdeploy's project needs ignored, and the lines that already say so. */
const NEEDED = [
  { line: '.env', covered: ['.env', '/.env'] },
  { line: '.appdeploy/', covered: ['.appdeploy', '.appdeploy/', '/.appdeploy', '/.appdeploy/'] },
] as const;

export const GITIGNORE_COMMENT = "# Secrets, and the local service's data.";

/** The .gitignore of a new project (init, and export starting one): secrets and local data out. */
export const GITIGNORE = `${GITIGNORE_COMMENT}
.env
.appdeploy/
`;

/** The lines `text` lacks, and the text to append for them ('' when it lacks none). */
export function gitignoreAdditions(text: string): { lines: string[]; append: string } {
  const present = new Set(text.split(/\r?\n/).map((line) => line.trim()));
  const lines = NEEDED.filter((n) => !n.covered.some((c) => present.has(c))).map((n) => n.line);
  if (lines.length === 0) return { lines, append: '' };
  const separate = text === '' ? '' : text.endsWith('\n') ? '\n' : '\n\n';
  return { lines, append: `${separate}${GITIGNORE_COMMENT}\n${lines.join('\n')}\n` };
}

/** What init says about an existing .gitignore. */
export function gitignoreNote(lines: readonly string[]): string {
  return lines.length === 0
    ? 'Kept .gitignore: it already ignores .env and .appdeploy/.\n'
    : `Added ${lines.join(', ')} to .gitignore.\n`;
}
