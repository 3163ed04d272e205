/**
 * The bundled CLI takes from undici what the client uses (a Pool, FormData for uploads, the proxy
 * agent for a service behind a proxy, loaded only then), not undici's whole index (scripts/undici-for-cli.cjs: fetch, WebSocket, EventSource,
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

  it('holds the pool, the multipart body and the proxy agent', () => {
    expect(modules).toEqual(
      expect.arrayContaining(['dispatcher/pool.js', 'web/fetch/formdata.js', 'dispatcher/proxy-agent.js']),
    );
  });

  // The client calls the pool's dispatch with its own handler (src/client/exchange.ts), not the
  // request API; the proxy agent needs the connect call.
  it("holds of undici's API only the connect call the proxy agent opens its tunnels with", () => {
    expect(modules.filter((module) => module.startsWith('api/'))).toEqual([
      'api/abort-signal.js',
      'api/api-connect.js',
    ]);
  });

  it.each([
    'web/websocket/',
    'web/eventsource/',
    'web/cache/',
    'mock/',
    'cache/',
    'interceptor/',
    'web/fetch/index.js',
    // The client speaks HTTP/1.1 (scripts/undici-no-h2.cjs).
    'dispatcher/client-h2.js',
    // The client reads HTTPS_PROXY and NO_PROXY itself (src/client/reach.ts).
    'dispatcher/env-http-proxy-agent.js',
  ])('holds nothing of %s', (part) => {
    expect(modules.filter((module) => module.startsWith(part))).toEqual([]);
  });
});
