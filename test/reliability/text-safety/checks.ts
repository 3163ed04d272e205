/**
 * What must hold of every command's output, whatever text the project holds (the brief of
 * docs/architecture.md's text-safety sweep): no control character or bidi override reaches the
 * terminal raw, JSON parses, and a Markdown plan keeps its table, its marker and its silence.
 */
import type { MainRun } from '../../support/main-in-process.js';
import { UNSAFE } from './texts.js';

export function outputFindings(name: string, run: MainRun, format: 'text' | 'json' | 'markdown'): string[] {
  const found: string[] = [];
  const all = run.out + run.err;
  if (run.code === 70 || /\bBug\b/.test(all))
    found.push(`${name}: a bug (exit ${run.code}): ${all.slice(0, 400)}`);
  const raw = UNSAFE.exec(all);
  if (raw !== null)
    found.push(
      `${name}: U+${raw[0].codePointAt(0)!.toString(16).padStart(4, '0')} raw at ${JSON.stringify(all.slice(Math.max(0, raw.index - 40), raw.index + 10))}`,
    );
  if (format === 'json' && run.out.trim() !== '') {
    try {
      JSON.parse(run.out);
    } catch {
      found.push(`${name}: --format json printed what does not parse: ${run.out.slice(0, 200)}`);
    }
  }
  if (format === 'markdown') found.push(...markdownFindings(name, run.out));
  return found;
}

/** The comment's lines outside fenced blocks (a fence's content is code: nothing in it acts). */
function outsideFences(markdown: string): string[] {
  const out: string[] = [];
  let fence: string | null = null;
  for (const line of markdown.split('\n')) {
    const opening = /^(`{3,})/.exec(line);
    if (fence === null && opening) fence = opening[1]!;
    else if (fence !== null && line.startsWith(fence) && line.trim() === fence) fence = null;
    else if (fence === null) out.push(line);
  }
  return out;
}

function markdownFindings(name: string, markdown: string): string[] {
  const found: string[] = [];
  const lines = outsideFences(markdown);
  // A table row has as many unescaped pipes as its header; a row split by a line break has not.
  const cells = (line: string) => line.replace(/\\\|/g, '').split('|').length;
  let header: number | null = null;
  for (const line of lines) {
    if (!line.startsWith('|')) {
      header = null;
      continue;
    }
    if (header === null) header = cells(line);
    else if (cells(line) !== header)
      found.push(`${name}: a table row of another width: ${JSON.stringify(line)}`);
  }
  const text = lines.join('\n');
  if ((text.match(/-->/g) ?? []).length !== 1) found.push(`${name}: "-->" other than the marker's`);
  if ((text.match(/<!--/g) ?? []).length !== 1) found.push(`${name}: "<!--" other than the marker's`);
  if (/(^|[^\p{L}\p{N}_.+-])@(octocat|acme)/u.test(text))
    found.push(`${name}: a mention that would notify someone`);
  if (/<(?!!-- appdeploy-plan|\/?(details|summary|code)>)/.test(text))
    found.push(`${name}: raw HTML from the project's text`);
  return found;
}
