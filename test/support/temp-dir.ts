import { rm } from 'node:fs/promises';
import { afterAll, beforeAll } from 'vitest';
import { tempDir } from './cli.js';

/**
 * A temp folder for the tests of one file: made, then set up, before them and removed after them
 * (the built CLI's runs are slow, hence the long setup timeout). Call the returned function inside
 * a test for its path.
 */
export function useTempDir(name: string, setup?: (dir: string) => Promise<void>): () => string {
  let dir = '';
  beforeAll(async () => {
    dir = await tempDir(name);
    await setup?.(dir);
  }, 120_000);
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });
  return () => dir;
}
