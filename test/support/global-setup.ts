/**
 * Builds dist/ once, before any test file runs (vitest.config.ts `globalSetup`): the files that
 * run the built CLI all use that one build. Building from a test file instead rewrote dist/ while
 * other files were executing it, which failed them at random. `npm test` builds before vitest,
 * so under it nothing is rebuilt; otherwise the build is skipped when dist/ is newer than every
 * source file and schema.
 */
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, runCommand } from './cli.js';

const BUILT = join(ROOT, 'dist/cli/bin.js');

export default async function setup(): Promise<() => void> {
  // A FORCE_COLOR of the machine (some CI services set it) would colour every CLI run the tests
  // compare with plain text (it wins over NO_COLOR: cli/io.ts wantsColor); test files inherit this.
  delete process.env.FORCE_COLOR;
  // The built CLI keeps V8's code cache in the user's cache folder (src/cli/code-cache.ts); the
  // tests' runs keep theirs in a folder of this run, removed after it (test files inherit this).
  // Each vitest project runs this setup: the first makes the folder, the others find it set.
  const made = process.env.APPDEPLOY_CODE_CACHE
    ? undefined
    : (process.env.APPDEPLOY_CODE_CACHE = mkdtempSync(join(tmpdir(), 'appdeploy-test-code-cache-')));
  const teardown = () => {
    if (made) rmSync(made, { recursive: true, force: true });
  };
  if (process.env.npm_lifecycle_event === 'test') return teardown;
  // Each vitest project runs its global setup; the first one builds, the others wait for it.
  const shared = globalThis as { appdeployBuild?: Promise<void> };
  shared.appdeployBuild ??= buildIfStale();
  await shared.appdeployBuild;
  return teardown;
}

async function buildIfStale(): Promise<void> {
  // schema/ too: the build compiles the schemas' validators into dist/.
  const newest = Math.max(newestSource(join(ROOT, 'src')), newestSource(join(ROOT, 'schema')));
  if (existsSync(BUILT) && newest < statSync(BUILT).mtimeMs) return;
  // A build on a busy machine (other builds, a CI run beside it) can take minutes.
  const result = await runCommand('npm', ['run', 'build'], ROOT, {}, 600_000);
  if (result.code !== 0) throw new Error(`npm run build failed:\n${result.stdout}${result.stderr}`);
}

function newestSource(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestSource(path) : statSync(path).mtimeMs);
  }
  return newest;
}
