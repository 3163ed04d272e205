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
    // Keep tabs so the caret lines up however the terminal shows them.
    const pad = line.slice(0, Math.max(0, p.col - 1)).replace(/[^\t]/g, ' ');
    out += `  ${number} | ${line}\n  ${gutter} | ${pad}^\n`;
  }
  if (p.hint) out += `  hint: ${p.hint}\n`;
  return out;
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
  const files = new Set(problems.map((p) => p.file)).size;
  const count = `${problems.length} problem${problems.length === 1 ? '' : 's'} in ${files} file${files === 1 ? '' : 's'}.`;
  return `${body}\n${count}\n`;
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
