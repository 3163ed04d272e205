'use strict';
// What the bundled CLI takes from undici, in place of its index (scripts/bundle-cli.mjs resolves
// 'undici' here): the index also loads fetch, WebSocket, EventSource, the cache stores, the mock
// agents and every interceptor, with node's http2, tls, zlib, worker_threads and its own bundled
// undici behind them, ~60 ms of every command's start (`node -e "require('undici')"` 0.14 s
// against 0.08 s for these). The client uses a Pool, whose dispatch it calls with a handler of
// its own (src/client/exchange.ts), FormData for uploads, and ProxyAgent behind a proxy: not
// undici's request API. The paths are undici's own files, resolved when the CLI is bundled: a release that moves them fails
// the build, not a user's command. The library (dist/client) imports undici as published.
module.exports.Pool = require('undici/lib/dispatcher/pool');
// Loaded only for a client that goes through a proxy (src/client/pool.ts ownDispatcher): a command
// that reaches its service directly never reads it. The agent opens its tunnels with the
// dispatchers' connect API (CONNECT), which undici's index puts on every dispatcher with the rest
// of its API: here that one alone.
Object.defineProperty(module.exports, 'ProxyAgent', {
  enumerable: true,
  get: () => {
    const Dispatcher = require('undici/lib/dispatcher/dispatcher');
    if (Dispatcher.prototype.connect === undefined)
      Dispatcher.prototype.connect = require('undici/lib/api/api-connect');
    return require('undici/lib/dispatcher/proxy-agent');
  },
});
// Loaded on the first upload only: it brings the fetch body machinery with it.
Object.defineProperty(module.exports, 'FormData', {
  enumerable: true,
  get: () => require('undici/lib/web/fetch/formdata').FormData,
});
