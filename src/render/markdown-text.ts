/**
 * Text from manifests and the service (names, codes, queries, reasons) placed in GitHub-flavoured
 * Markdown so that it shows as written: it must not turn into emphasis, HTML, a broken table
 * cell or the end of a code block.
 */

/** Plain text in a paragraph: Markdown's punctuation escaped, HTML's brackets as entities. */
export function markdownText(text: string): string {
  return text
    .replace(/[\\`*_[\]]/g, (c) => `\\${c}`)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
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
  return text.replace(/\|/g, '\\|').replace(/\s*\n\s*/g, ' ');
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
