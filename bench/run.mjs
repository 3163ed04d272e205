// Runs every bench/*.bench.mjs in its own process (so one benchmark's heap and JIT state never
// colour another's) and prints what each prints. Benchmarks import the built package from dist/.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = fileURLToPath(new URL('.', import.meta.url));
const only = process.argv[2];
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.bench.mjs') && (!only || f.includes(only)))
  .sort();
// The CLI the benchmarks spawn keeps its code cache (src/cli/code-cache.ts) here, not in the
// cache folder of the user running them.
const codeCache = mkdtempSync(join(tmpdir(), 'appdeploy-bench-code-cache-'));
const env = { ...process.env, APPDEPLOY_CODE_CACHE: process.env.APPDEPLOY_CODE_CACHE ?? codeCache };
let failed = 0;
try {
  for (const file of files) {
    console.log(`\n== ${file}`);
    const result = spawnSync(process.execPath, ['--expose-gc', `${dir}${file}`], { stdio: 'inherit', env });
    if (result.status !== 0) failed++;
  }
} finally {
  rmSync(codeCache, { recursive: true, force: true });
}
process.exitCode = failed ? 1 : 0;
