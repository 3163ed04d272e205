/**
 * The bundled CLI takes from undici what the client uses (a Pool, its request API, FormData for
 * uploads), not undici's whole index (scripts/undici-for-cli.cjs: fetch, WebSocket, EventSource,
 * the mock agents, cache stores and interceptors cost ~60 ms of every command's start). The
 * requests and uploads themselves are run through the built CLI by the examples' tests
 * (test/first-run/examples.test.ts: crm's customization files, assets' plug-in package).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../support/cli.js';

const CLI = join(ROOT, 'dist/cli');

/** The undici modules the bundle holds, by their path under undici/lib/. */
function bundledUndiciModules(): string[] {
  const found = new Set<string>();
  for (const file of readdirSync(CLI).filter((name) => /\.c?js$/.test(name)))
    for (const match of readFileSync(join(CLI, file), 'utf8').matchAll(
      /node_modules\/undici\/lib\/([\w/.-]+\.js)/g,
    ))
      found.add(match[1]!);
  return [...found].sort();
}

describe('undici in the bundled CLI', () => {
  const modules = bundledUndiciModules();

  it('holds the pool and the multipart body', () => {
    expect(modules).toEqual(expect.arrayContaining(['dispatcher/pool.js', 'web/fetch/formdata.js']));
  });

  it.each([
    'web/websocket/',
    'web/eventsource/',
    'web/cache/',
    'mock/',
    'cache/',
    'interceptor/',
    'web/fetch/index.js',
    // The client calls the pool's dispatch with its own handler (src/client/exchange.ts).
    'api/',
    // The client speaks HTTP/1.1 (scripts/undici-no-h2.cjs).
    'dispatcher/client-h2.js',
  ])('holds nothing of %s', (part) => {
    expect(modules.filter((module) => module.startsWith(part))).toEqual([]);
  });
});
