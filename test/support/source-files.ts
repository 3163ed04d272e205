import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Every file below `dir`, at any depth (the scans of src/ for what only platform/ may spell). */
export function filesBelow(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesBelow(path) : [path];
  });
}

/** The code of a source file, its comments left out. */
export function codeOf(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/[^\n]*/g, '$1');
}
