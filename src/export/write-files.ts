/**
 * Export's writes: every file is written beside its target and renamed over it, so that an
 * interrupted export leaves the old file or the new one, never half of one.
 */
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { AppExport } from './export-app.js';

/**
 * `tempTag` names the temporary file (`<path>.<tag>.tmp`): the caller gives one unique to its
 * process, so that two exports at once never write the same temporary file.
 */
export async function atomicWrite(path: string, content: string | Buffer, tempTag: string): Promise<void> {
  const temp = `${path}.${tempTag}.tmp`;
  await writeFile(temp, content);
  await rename(temp, path);
}

/** The manifest when its text changed, and each file it refers to whose content changed. */
export async function writeAppExport(out: AppExport, tempTag: string): Promise<void> {
  await mkdir(dirname(out.manifestPath), { recursive: true });
  if (out.text !== out.before) await atomicWrite(out.manifestPath, out.text, tempTag);
  for (const [path, content] of out.files) {
    await mkdir(dirname(path), { recursive: true });
    if (!(await sameContent(path, content))) await atomicWrite(path, content, tempTag);
  }
}

async function sameContent(path: string, content: Buffer): Promise<boolean> {
  try {
    return (await readFile(path)).equals(content);
  } catch {
    return false;
  }
}
