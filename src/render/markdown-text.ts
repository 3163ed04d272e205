/**
 * Text from manifests and the service (names, codes, queries, reasons) placed in GitHub-flavoured
 * Markdown so that it shows as written: it must not turn into emphasis, HTML, a broken table
 * cell or the end of a code block.
 */

/**
 * Plain text in a paragraph: Markdown's punctuation escaped, HTML's brackets as entities (so no
 * `<!--` hides the rest of the comment and no `-->` ends appdeploy's marker), on one line (a line
 * break could start a heading or end a table row), and mentioning no one: `@name` and `@org/team`
 * notify them each time a plan is posted, so a zero-width space follows the `@` (as Renovate does;
 * an address such as a@b.example is no mention and stays).
 */
export function markdownText(text: string): string {
  return oneLine(text)
    .replace(/[\\`*_[\]]/g, (c) => `\\${c}`)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(MENTION, '$1@&#8203;');
}

/** An `@` GitHub reads as a mention: not after a letter, digit or an address's punctuation. */
const MENTION = /(^|[^\p{L}\p{N}_.+-])@(?=[\p{L}\p{N}])/gu;

/** CR, LF, CRLF, U+2028 and U+2029 (each a line break to a Markdown reader), with the spaces around them, as one space. */
function oneLine(text: string): string {
  return text.replace(/[^\S\r\n\u2028\u2029]*(?:\r\n?|[\n\u2028\u2029])\s*/g, ' ');
}

/** Text inside HTML (`<summary>`), where Markdown is not read. */
export function htmlText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** Backticks one longer than the longest run inside; padded when the text starts or ends with one. */
export function codeSpan(text: string): string {
  const ticks = '`'.repeat(longestRun(text, '`') + 1);
  const pad = text.startsWith('`') || text.endsWith('`') ? ' ' : '';
  return `${ticks}${pad}${text}${pad}${ticks}`;
}

/** A fenced block whose fence no line of the content can close early. */
export function fenced(content: string, language: string): string {
  const fence = '`'.repeat(Math.max(3, longestRun(content, '`') + 1));
  return `${fence}${language}\n${content}\n${fence}`;
}

/** A table cell: a pipe ends a cell even inside a code span, so it is escaped everywhere. */
export function tableCell(text: string): string {
  return oneLine(text.replace(/\|/g, '\\|'));
}

function longestRun(text: string, char: string): number {
  let longest = 0;
  let run = 0;
  for (const c of text) {
    run = c === char ? run + 1 : 0;
    longest = Math.max(longest, run);
  }
  return longest;
}
