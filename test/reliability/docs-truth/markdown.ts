/**
 * The Markdown our users read (README.md, docs/*.md), taken apart as the tests of
 * docs-truth.test.ts need it: fenced blocks with the page and line they start on and the sentence
 * before them, headings as the anchors GitHub gives them, and the relative links between pages.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../../support/cli.js';

/** README.md and every docs/*.md, as paths relative to the repository. */
export const PAGES = [
  'README.md',
  ...readdirSync(join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => `docs/${name}`),
];

export const pageText = (page: string): string => readFileSync(join(ROOT, page), 'utf8');

export interface Block {
  page: string;
  /** The 1-based line of the opening fence. */
  line: number;
  /** The info string: `yaml`, `sh`, `text`, or '' for none. */
  lang: string;
  /** The block's text, its indentation (a block inside a list item) taken off. */
  text: string;
  /** The paragraph before the block, whitespace folded: what the text says the block is. */
  before: string;
}

/** `page:line`, the name a block goes by in the tables and messages. */
export const blockId = (block: Block): string => `${block.page}:${block.line}`;

/** Every fenced block of `page`. */
export function fencedBlocks(page: string): Block[] {
  const lines = pageText(page).split('\n');
  const blocks: Block[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^(\s*)```(\w*)\s*$/.exec(lines[i]!);
    if (!open) continue;
    const indent = open[1]!.length;
    const end = lines.findIndex((line, j) => j > i && /^\s*```\s*$/.test(line));
    if (end < 0) throw new Error(`${page}:${i + 1}: a fence that never closes`);
    blocks.push({
      page,
      line: i + 1,
      lang: open[2]!,
      text: lines
        .slice(i + 1, end)
        .map((line) => line.slice(Math.min(indent, line.length - line.trimStart().length)))
        .join('\n'),
      before: paragraphBefore(lines, i),
    });
    i = end;
  }
  return blocks;
}

export const ALL_BLOCKS: Block[] = PAGES.flatMap(fencedBlocks);

function paragraphBefore(lines: string[], fence: number): string {
  let start = fence;
  while (start > 0 && lines[start - 1]!.trim() === '') start--;
  const end = start;
  while (start > 0 && lines[start - 1]!.trim() !== '' && !/^\s*```/.test(lines[start - 1]!)) start--;
  return lines.slice(start, end).join(' ').replace(/\s+/g, ' ').trim();
}

/** The page with its fenced blocks blanked (so a `# comment` in one is not read as a heading), lines kept. */
export function prose(page: string): string {
  return pageText(page).replace(/^\s*```\w*\n[\s\S]*?^\s*```\s*$/gm, (block) => block.replace(/[^\n]/g, ''));
}

/** The anchors of a page's headings, as GitHub makes them (a repeated heading gets `-1`, `-2`). */
export function anchors(page: string): Set<string> {
  const seen = new Map<string, number>();
  const result = new Set<string>();
  for (const match of prose(page).matchAll(/^#{1,6} +(.+?)\s*$/gm)) {
    const slug = match[1]!
      .toLowerCase()
      .replace(/<[^>]+>/g, '')
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/ /g, '-');
    const n = seen.get(slug) ?? 0;
    seen.set(slug, n + 1);
    result.add(n === 0 ? slug : `${slug}-${n}`);
  }
  return result;
}

export interface Link {
  page: string;
  line: number;
  /** The target as written: `docs/records.md#seeding`, `#in-a-project-of-your-own`. */
  target: string;
}

/** The relative links of a page (not `http:` and the like), with their lines. */
export function links(page: string): Link[] {
  const found: Link[] = [];
  prose(page)
    .split('\n')
    .forEach((text, i) => {
      for (const match of text.matchAll(/\]\(([^)\s]+)\)/g))
        if (!/^[a-z]+:/.test(match[1]!)) found.push({ page, line: i + 1, target: match[1]! });
    });
  return found;
}

/** The cells of a table row (`| a | b\\|c |` is `a`, `b|c`): a `\\|` is a bar inside a cell. */
export function tableCells(line: string): string[] {
  return line
    .trim()
    .replace(/^\||\|$/g, '')
    .replace(/\\\|/g, '\\bar')
    .split('|')
    .map((cell) => cell.replaceAll('\\bar', '|').trim());
}
