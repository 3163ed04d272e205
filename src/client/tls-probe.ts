/**
 * Whether the server at an http:// base URL speaks TLS: asked only after a connection that the
 * server closed without a byte in answer. Node's TLS server (and most others) closes a
 * connection that starts in plain HTTP that way, and so does a plain HTTP server that crashed or
 * dropped the connection; one TLS handshake tells them apart, so that the message says which
 * (use https://, or the service closed the connection) instead of guessing.
 */
import { isIP } from 'node:net';
import tls from 'node:tls';

/** How long the probe waits for the handshake: it only words an error already met. */
const PROBE_TIMEOUT_MS = 2_000;

/**
 * True when the server completes a TLS handshake or answers one with a TLS alert (a Secure Access
 * domain asking for a client certificate); false when it answers in plain HTTP, closes, or says
 * nothing in time. The certificate is not checked: nothing is sent over this connection, and a
 * server with a certificate this machine does not trust still speaks TLS.
 */
export function speaksTls(baseUrl: URL, timeoutMs = PROBE_TIMEOUT_MS): Promise<boolean> {
  const host = baseUrl.hostname.replace(/^\[(.*)\]$/, '$1');
  return new Promise((resolve) => {
    const socket = tls.connect({
      host,
      port: Number(baseUrl.port || 80),
      ...(isIP(host) === 0 ? { servername: host } : {}),
      rejectUnauthorized: false,
    });
    const settle = (answer: boolean): void => {
      clearTimeout(timer);
      socket.destroy();
      resolve(answer);
    };
    const timer = setTimeout(() => settle(false), timeoutMs);
    socket.once('secureConnect', () => settle(true));
    socket.once('error', (error: NodeJS.ErrnoException) => settle(/^ERR_SSL_.*ALERT/.test(error.code ?? '')));
  });
}
