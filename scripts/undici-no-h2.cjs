'use strict';
// In place of undici's HTTP/2 client (lib/dispatcher/client-h2.js) in the bundled CLI
// (scripts/bundle-cli.mjs resolves it here). undici loads that module, and node's http2 with it,
// when its client loads, ~4.5 ms of every command's start; it is used only on a connection that
// agreed on HTTP/2, which undici offers only with `allowH2`, and the client never sets it.
module.exports = function connectH2() {
  throw new Error('HTTP/2 is not in the bundled appdeploy CLI: its client speaks HTTP/1.1 (this is a bug)');
};
