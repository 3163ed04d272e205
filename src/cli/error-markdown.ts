/**
 * An error of `plan --format markdown` as the pull-request comment it was to be: CI posts what
 * the command printed (examples/github-actions/appdeploy.yml), and an error that printed nothing
 * left the pull request without a word of why its check went red; a reviewer had to open the
 * job's log. The comment carries the marker, so that it replaces the last plan's comment (whose
 * plan no longer holds) and the next plan replaces it.
 */
import { codeSpan, fenced, markdownText } from '../render/markdown-text.js';
import { markdownMarker } from '../render/index.js';
import { problemCount, type Problem, type ProjectChoice } from '../project/index.js';
import type { EnvironmentFacts } from './environment-facts.js';
import type { Io } from './io.js';
import { describeError, oneLine, reportError, type ReportedError } from './report-error.js';

/**
 * Prints an error of `plan --format markdown` as text on stderr (as any error) and as the comment
 * on stdout; returns the exit code. Loaded only then: `validate` and the rest never load render/.
 */
export function reportMarkdownError(
  error: unknown,
  io: Io,
  choice: ProjectChoice,
  environment: EnvironmentFacts | undefined,
): number {
  const code = reportError(error, io, choice, 'text', environment);
  // --help and --version end through here too, with 0: no error to comment on.
  // The environment's name as the plan's marker names it, so that this comment replaces that
  // environment's last plan: from its facts, or from --env when the error came before them.
  const named = environment?.name ?? choice.env;
  if (code !== 0) io.out(errorMarkdown(describeError(error, choice, environment), named));
  return code;
}

export function errorMarkdown(reported: ReportedError, environment: string | undefined): string {
  const where = environment === undefined ? '' : ` for ${codeSpan(environment)}`;
  const lines = [
    markdownMarker(environment),
    `### appdeploy plan${where}: failed`,
    '',
    '> [!CAUTION]',
    quoted(`${reported.code === 'BUG' ? 'Bug' : 'Error'}: ${eachLine(reported.message, markdownText)}`),
    ...(reported.hint === undefined ? [] : ['>', quoted(markdownText(oneLine(reported.hint)))]),
    '',
    ...(reported.stack === undefined ? [] : [fenced(reported.stack, 'text'), '']),
    `No plan was made (exit code ${reported.exitCode}, ${codeSpan(reported.code)}).`,
  ];
  return `${lines.join('\n')}\n`;
}

/** Each line of `text` as `shown` shows it (markdownText makes one line of what it is given). */
function eachLine(text: string, shown: (line: string) => string): string {
  return text
    .split(/\r\n?|\n/)
    .map(shown)
    .join('\n');
}

/** Every line of `text` inside the note's blockquote (commander's "Did you mean" is a line of its own). */
function quoted(text: string): string {
  return text
    .split('\n')
    .map((line) => `> ${line}`)
    .join('\n');
}

/** How many problems the comment lists; `validate` lists them all. */
const LISTED = 50;

/**
 * A project that does not validate, as the comment: each problem at its file:line:col with its
 * hint (the source lines validate quotes are left out: a .env file's could hold a secret, and
 * the reviewer has the files in the pull request).
 */
export function invalidProjectMarkdown(
  problems: readonly Problem[],
  validate: string,
  environment: string | undefined,
): string {
  const items = problems.slice(0, LISTED).map((p) => {
    const where = `- ${codeSpan(`${p.file}:${p.line}:${p.col}`)} ${markdownText(p.message)}`;
    return p.hint === undefined ? where : `${where}\n  - ${markdownText(oneLine(p.hint))}`;
  });
  const more = problems.length - items.length;
  const where = environment === undefined ? '' : ` for ${codeSpan(environment)}`;
  const lines = [
    markdownMarker(environment),
    `### appdeploy plan${where}: failed`,
    '',
    '> [!CAUTION]',
    `> The project does not validate: ${problemCount(problems)}. No plan was made.`,
    '',
    ...items,
    ...(more > 0 ? [`- and ${more} more`] : []),
    '',
    `${codeSpan(validate)} lists them all.`,
  ];
  return `${lines.join('\n')}\n`;
}
