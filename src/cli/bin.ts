#!/usr/bin/env node
import { setFlagsFromString } from 'node:v8';
import { main } from './main.js';

// undici parses HTTP with llhttp compiled to WebAssembly. V8 first compiles it with its baseline
// compiler (Liftoff), then recompiles hot functions with TurboFan on a background thread, and a
// process cannot exit before that thread is done: 50-80 ms of waiting after the last line of a
// short command (a plan of one unchanged app spent its last 82 of 443 ms idle). With Liftoff
// only, that plan takes 0.29 s instead of 0.33 s (median of 7); the cost shows only in plans of
// hundreds of apps (200 apps, 3,600 answers: ~5% more wall, 5.2 -> 5.4 s). Set before the first
// request, when undici compiles the module; the library (dist/client) leaves V8 as it is.
setFlagsFromString('--liftoff-only');

process.exitCode = await main(process.argv);
