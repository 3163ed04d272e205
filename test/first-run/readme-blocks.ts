/** The README's fenced blocks that tests run or compare, found by the HTML comment before each. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../support/cli.js';

export const README = readFileSync(join(ROOT, 'README.md'), 'utf8');

/** The lines of the first fenced block after `<!-- NAME: ... -->`. */
export function markedBlock(name: string): string[] {
  const marker = README.indexOf(`<!-- ${name}:`);
  if (marker < 0) throw new Error(`README.md has no <!-- ${name}: --> block`);
  const match = /```\w*\n([\s\S]*?)```/.exec(README.slice(marker));
  if (!match?.[1]) throw new Error(`no fenced block after <!-- ${name}: -->`);
  return match[1].split('\n').filter((line) => line.trim() !== '');
}

/** A tour line: the command as written, and the key output after `  # ` (optional). */
export function splitComment(line: string): { command: string; expect?: string } {
  const at = line.search(/\s{2,}# /);
  if (at < 0) return { command: line.trim() };
  return {
    command: line.slice(0, at).trim(),
    expect: line
      .slice(at)
      .replace(/^\s+# /, '')
      .trim(),
  };
}
