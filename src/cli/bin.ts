#!/usr/bin/env node
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { CodeCacheLoader, codeCacheDirectory } from './code-cache.js';
import { EXIT } from './exit-codes.js';

// Ctrl-C (and a CI runner's SIGTERM) where no command handles it itself (apply's, which stops its
// writes first; seed's; the emulator's): without a handler, node ends the process at once, with
// no word and no 'exit' event, so the locks released on 'exit' (local/lock.ts) stayed behind.
// Installed first, so that it holds from the first instant; it steps aside while a command has
// its own. Once the CLI is loaded, its line says what the interrupt leaves (cli/interrupt.ts).
const loaded: { interrupted?: (signal: string) => number } = {};
const onInterrupt = (signal: NodeJS.Signals) => {
  if (process.listenerCount(signal) > 1) return;
  if (loaded.interrupted !== undefined) process.exit(loaded.interrupted(signal));
  process.stderr.write(`\nInterrupted (${signal}): stopped before finishing.\n`);
  process.exit(EXIT.INTERRUPTED);
};
process.on('SIGINT', onInterrupt);
process.on('SIGTERM', onInterrupt);

// undici parses HTTP with llhttp compiled to WebAssembly. V8 first compiles it with its baseline
// compiler (Liftoff), then recompiles hot functions with TurboFan on a background thread, and a
// process cannot exit before that thread is done: 50-80 ms of waiting after the last line of a
// short command (a plan of one unchanged app spent its last 82 of 443 ms idle). With Liftoff
// only, that plan takes 0.29 s instead of 0.33 s (median of 7); the cost shows only in plans of
// hundreds of apps (200 apps, 3,600 answers: ~5% more wall, 5.2 -> 5.4 s). Set before the first
// request, when undici compiles the module; the library (dist/client) leaves V8 as it is.
setFlagsFromString('--liftoff-only');

type Main = (argv: string[]) => Promise<number>;
interface Cli {
  main: Main;
  interrupted: (signal: string) => number;
}

/**
 * The bundled CLI (main.cjs beside this file, written by scripts/bundle-cli.mjs) through V8's code
 * cache (code-cache.ts); tsc's modules where there is no bundle.
 */
async function loadCli(): Promise<Cli> {
  const bundled = fileURLToPath(new URL('./main.cjs', import.meta.url));
  if (!existsSync(bundled)) return await import('./main.js');
  const loader = new CodeCacheLoader(codeCacheDirectory(process.env));
  process.once('exit', () => loader.save());
  return loader.load(bundled) as Cli;
}

const cli = await loadCli();
loaded.interrupted = cli.interrupted;
process.exitCode = await cli.main(process.argv);
