/**
 * The examples a newcomer runs (each folder of examples/ with an appdeploy.yaml), and a temp
 * folder for a test file to copy them into.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './cli.js';

export const EXAMPLE_NAMES = readdirSync(join(ROOT, 'examples')).filter((name) =>
  existsSync(join(ROOT, 'examples', name, 'appdeploy.yaml')),
);

/** The examples' tests copy them into a temp folder of their own file. */
export { useTempDir } from './temp-dir.js';
