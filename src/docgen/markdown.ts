/** Markdown building blocks that stay readable on GitHub whatever the manifests contain. */

/**
 * A table cell: `|` would end the cell and a newline the row, so both are escaped. GitHub's tables
 * read `\|` as a bar even inside code spans (GFM splits cells before inline parsing), and `<br>`
 * as a line break. Cells hold inline Markdown built with `text` and `code`.
 */
export function cell(value: string): string {
  return value.replace(/\|/g, '\\|').replace(/\r?\n/g, '<br>');
}

/**
 * Inline code that survives backticks in the text (a longer fence than any run inside), on one
 * line: a code span shows line endings as spaces anyway (CommonMark), and in a table cell a
 * newline would become a `<br>` shown literally inside the code.
 */
export function code(value: string): string {
  const text = value.replace(/\r?\n/g, ' ');
  if (text === '') return '';
  const longest = Math.max(0, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = '`'.repeat(longest + 1);
  const pad = text.startsWith('`') || text.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${text}${pad}${fence}`;
}

/** A table; every cell is escaped here, so callers pass plain text or inline Markdown. */
export function table(head: string[], rows: string[][]): string {
  if (rows.length === 0) return '';
  const line = (cells: string[]) => `| ${cells.map(cell).join(' | ')} |`;
  return [line(head), `|${head.map(() => ' --- ').join('|')}|`, ...rows.map(line)].join('\n');
}

/**
 * Plain text in running Markdown: characters that would start markup are escaped, `&` too (it
 * starts an entity reference: `&amp;` would show as `&`) and `~` (GFM strikethrough).
 */
export function text(value: string): string {
  return value.replace(/([\\`*_[\]<>#&~])/g, '\\$1').replace(/\r?\n/g, ' ');
}

/** A section: a heading and its blocks, blank lines between; empty blocks are dropped. */
export function section(level: number, title: string, blocks: string[]): string {
  const body = blocks.filter((b) => b !== '');
  return [`${'#'.repeat(level)} ${text(title)}`, ...body].join('\n\n');
}

export const yesNo = (value: boolean | undefined) => (value ? 'yes' : '');
