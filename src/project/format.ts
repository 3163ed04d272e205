import type { Problem } from './problems.js';
import type { ValidationResult } from './load.js';

/**
 * One problem as compilers print them: `file:line:col: message`, the source line, a caret under
 * the column, and the hint. `source` gives the text of a file by its problem name.
 */
export function formatProblem(p: Problem, source: (file: string) => string | undefined): string {
  let out = `${p.file}:${p.line}:${p.col}: ${p.message}\n`;
  const text = source(p.file);
  const line = text?.split(/\r?\n/)[p.line - 1];
  if (line !== undefined && line.trim() !== '') {
    const number = String(p.line);
    const gutter = ' '.repeat(number.length);
    const shown = clipLine(line, p.col - 1);
    // Keep tabs so the caret lines up however the terminal shows them.
    const pad = shown.beforeCaret.replace(/[^\t]/g, ' ');
    out += `  ${number} | ${shown.text}\n  ${gutter} | ${pad}^\n`;
  }
  if (p.hint) out += `  hint: ${p.hint}\n`;
  return out;
}

/** How much of a long source line is shown around the column (a minified or generated line). */
export const LINE_WINDOW = 120;

/**
 * A window of `LINE_WINDOW` characters of `line` around index `at`, with `…` where it is cut,
 * and the text shown before the caret's position.
 */
export function clipLine(line: string, at: number): { text: string; beforeCaret: string } {
  const index = Math.max(0, at);
  if (line.length <= LINE_WINDOW) return { text: line, beforeCaret: line.slice(0, index) };
  const end = Math.min(line.length, Math.max(index - LINE_WINDOW / 2, 0) + LINE_WINDOW);
  const start = Math.max(0, end - LINE_WINDOW);
  const head = start > 0 ? '…' : '';
  const tail = end < line.length ? '…' : '';
  return { text: head + line.slice(start, end) + tail, beforeCaret: head + line.slice(start, index) };
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
