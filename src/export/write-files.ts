/**
 * Export's writes: every file is written beside its target and renamed over it, so that an
 * interrupted export leaves the old file or the new one, never half of one.
 */
import { readFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { atomicWrite, makeFolders } from '../atomic-write.js';
import type { AppExport } from './export-app.js';

/** The manifest when its text changed, and each file it refers to whose content changed. */
export async function writeAppExport(out: AppExport): Promise<void> {
  await makeFolders(dirname(out.manifestPath));
  if (out.text !== out.before) await atomicWrite(out.manifestPath, out.text);
  for (const [path, content] of out.files) {
    await makeFolders(dirname(path));
    if (!(await sameContent(path, content))) await atomicWrite(path, content);
  }
}

async function sameContent(path: string, content: Buffer): Promise<boolean> {
  try {
    return (await readFile(path)).equals(content);
  } catch {
    return false;
  }
}
