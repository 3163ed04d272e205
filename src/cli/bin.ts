#!/usr/bin/env node
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { CodeCacheLoader, codeCacheDirectory } from './code-cache.js';

// undici parses HTTP with llhttp compiled to WebAssembly. V8 first compiles it with its baseline
// compiler (Liftoff), then recompiles hot functions with TurboFan on a background thread, and a
// process cannot exit before that thread is done: 50-80 ms of waiting after the last line of a
// short command (a plan of one unchanged app spent its last 82 of 443 ms idle). With Liftoff
// only, that plan takes 0.29 s instead of 0.33 s (median of 7); the cost shows only in plans of
// hundreds of apps (200 apps, 3,600 answers: ~5% more wall, 5.2 -> 5.4 s). Set before the first
// request, when undici compiles the module; the library (dist/client) leaves V8 as it is.
setFlagsFromString('--liftoff-only');

type Main = (argv: string[]) => Promise<number>;

/**
 * The bundled CLI (main.cjs beside this file, written by scripts/bundle-cli.mjs) through V8's code
 * cache (code-cache.ts); tsc's modules where there is no bundle.
 */
async function loadMain(): Promise<Main> {
  const bundled = fileURLToPath(new URL('./main.cjs', import.meta.url));
  if (!existsSync(bundled)) return (await import('./main.js')).main;
  const loader = new CodeCacheLoader(codeCacheDirectory(process.env));
  process.once('exit', () => loader.save());
  return (loader.load(bundled) as { main: Main }).main;
}

process.exitCode = await (await loadMain())(process.argv);
