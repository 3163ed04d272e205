/**
 * The examples a newcomer runs (each folder of examples/ with an appdeploy.yaml), and a temp
 * folder for a test file to copy them into.
 */
import { existsSync, readdirSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { ROOT, tempDir } from './cli.js';

export const EXAMPLE_NAMES = readdirSync(join(ROOT, 'examples')).filter((name) =>
  existsSync(join(ROOT, 'examples', name, 'appdeploy.yaml')),
);

/**
 * A temp folder `appdeploy-<name>-…` made before the file's tests and removed after them; the
 * answer gives its path once they run.
 */
export function useTempDir(name: string): () => string {
  let dir = '';
  beforeAll(async () => {
    dir = await tempDir(name);
  }, 120_000);
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });
  return () => dir;
}
