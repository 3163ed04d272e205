import { displayWidth, graphemesOf } from '../text-width.js';
import type { Problem } from './problems.js';
import type { ValidationResult } from './load.js';

/**
 * One problem as compilers print them: `file:line:col: message`, the source line, a caret under
 * the column, and the hint. `source` gives the text of a file by its problem name. The column in
 * the first line is the editor's (the character's place in the line); the caret stands where a
 * terminal draws that character: after a wide character or an emoji two columns, after a combining
 * accent none (text-width.ts).
 */
export function formatProblem(p: Problem, source: (file: string) => string | undefined): string {
  let out = `${p.file}:${p.line}:${p.col}: ${p.message}\n`;
  const text = source(p.file);
  const line = text?.split(/\r?\n/)[p.line - 1];
  if (line !== undefined && line.trim() !== '') {
    const number = String(p.line);
    const gutter = ' '.repeat(number.length);
    const shown = clipLine(line, p.col - 1);
    const pad = caretPad(shown.beforeCaret);
    out += `  ${number} | ${shown.text}\n  ${gutter} | ${pad}^\n`;
  }
  if (p.hint) out += `  hint: ${p.hint}\n`;
  return out;
}

/**
 * The blanks that bring the caret under the character after `before`: as many columns as a
 * terminal draws `before` in, and each tab kept as a tab, so it moves as far as the tab above it
 * (the source line and the caret's line have gutters of one width).
 */
function caretPad(before: string): string {
  let pad = '';
  for (const { segment } of graphemesOf(before))
    pad += segment === '\t' ? '\t' : ' '.repeat(displayWidth(segment));
  return pad;
}

/** How much of a long source line is shown around the column (a minified or generated line), in columns. */
export const LINE_WINDOW = 120;

/** A grapheme of a line: where it starts (UTF-16 index), the column it starts at and its width. */
interface Cell {
  readonly text: string;
  readonly at: number;
  readonly column: number;
  readonly width: number;
}

function cellsOf(line: string): Cell[] {
  const cells: Cell[] = [];
  let column = 0;
  for (const { segment, index } of graphemesOf(line)) {
    // A tab is kept as it is: one column here, however far the terminal moves it.
    const width = segment === '\t' ? 1 : displayWidth(segment);
    cells.push({ text: segment, at: index, column, width });
    column += width;
  }
  return cells;
}

/**
 * A window of `LINE_WINDOW` columns of `line` around index `at`, with `…` where it is cut (only
 * between graphemes: never inside a surrogate pair or an accented letter), and the text shown
 * before the caret's position.
 */
export function clipLine(line: string, at: number): { text: string; beforeCaret: string } {
  const index = Math.max(0, at);
  const cells = cellsOf(line);
  const total = cells.reduce((sum, c) => sum + c.width, 0);
  if (total <= LINE_WINDOW) return { text: line, beforeCaret: line.slice(0, index) };
  const caret = cells.find((c) => c.at >= index)?.column ?? total;
  const end = Math.min(total, Math.max(caret - LINE_WINDOW / 2, 0) + LINE_WINDOW);
  const start = Math.max(0, end - LINE_WINDOW);
  const inside = cells.filter((c) => c.column >= start && c.column + c.width <= end);
  const head = start > 0 ? '…' : '';
  const tail = end < total ? '…' : '';
  const text = (cells: Cell[]) => cells.map((c) => c.text).join('');
  return {
    text: head + text(inside) + tail,
    beforeCaret: head + text(inside.filter((c) => c.at < index)),
  };
}

/** The text report of `appdeploy validate`. */
export function formatValidationText(result: ValidationResult): string {
  const problems = result.problems;
  if (problems.length === 0) {
    const apps = result.project?.apps.map((a) => a.key) ?? [];
    const env = result.environment ? `, environment ${result.environment.name}` : '';
    return `${result.configFile}: valid (${apps.length} app${apps.length === 1 ? '' : 's'}: ${apps.join(', ') || 'none'}${env})\n`;
  }
  const body = problems.map((p) => formatProblem(p, (file) => result.sources.get(file))).join('\n');
  return `${body}\n${problemCount(problems)}.\n`;
}

/** `3 problems in 2 files`: how validate sums its problems up (and `plan --format markdown` too). */
export function problemCount(problems: readonly Problem[]): string {
  const files = new Set(problems.map((p) => p.file)).size;
  return `${problems.length} problem${problems.length === 1 ? '' : 's'} in ${files} file${files === 1 ? '' : 's'}`;
}

/** The JSON report of `appdeploy validate --format json` (documented in the README). */
export interface ValidationReport {
  valid: boolean;
  config: string;
  environment: string | null;
  apps: string[];
  problems: Problem[];
}

export function validationReport(result: ValidationResult): ValidationReport {
  return {
    valid: result.problems.length === 0,
    config: result.configFile,
    environment: result.environment?.name ?? null,
    apps: result.appKeys,
    problems: result.problems,
  };
}
